// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AccountRole } from "../../../../contract/auth";
import type { EventDocument } from "../../../../contract/documents";
import { fakeUploads } from "../../../ui/fake-uploads";
import { errorAnswer, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../../events/events.test-fixtures";
import { ContentLayout } from "../ContentLayout";
import { DocumentsPage } from "./DocumentsPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const document = (overrides: Partial<EventDocument>): EventDocument => ({
  id: "d1",
  eventId: event.id,
  position: 0,
  name: "Programme",
  fileLanguage: "fr",
  fileName: "Programme.pdf",
  contentType: "application/pdf",
  size: 250_000,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});
const documents = [
  document({}),
  document({ id: "d2", position: 1, name: "Venue map", fileLanguage: null, fileName: "map.png", size: 2_048 }),
];

function show(
  role: AccountRole = "organizer",
  answer?: (path: string, method: string) => ReturnType<typeof errorAnswer> | undefined,
) {
  const calls = fakeServer((request) => {
    const special = answer?.(request.path, request.method);
    if (special) return special;
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path.startsWith(`${scopePath}/documents/reorder`)) {
      return { status: 200, body: { items: [documents[1], documents[0]], total: 2 } };
    }
    if (request.path === `${scopePath}/documents`) return { status: 200, body: { items: documents, total: 2 } };
    return { status: 200, body: documents[0] };
  });
  renderPage(
    [
      {
        path: "events/:eventId/content",
        element: (
          <AsMember accountRole={role}>
            <ContentLayout />
          </AsMember>
        ),
        children: [{ path: "documents", element: <DocumentsPage /> }],
      },
    ],
    { url: `/en/admin/events/${event.id}/content/documents` },
  );
  return calls;
}

const picker = () => window.document.querySelector('input[type="file"]') as HTMLInputElement;
const pdf = (name: string, size = 1000) => {
  const file = new File(["%PDF-"], name, { type: "application/pdf" });
  Object.defineProperty(file, "size", { value: size });
  return file;
};

describe("DocumentsPage", () => {
  it("lists the documents in order with their file, size, language and download link", async () => {
    show();
    expect(await screen.findByRole("heading", { level: 2, name: "Documents" }, { timeout: 10_000 })).toBeTruthy();
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual(["Programme", "Venue map"]);
    expect(items[0]?.textContent).toContain("Programme.pdf · 244.1 kB · French");
    expect(items[1]?.textContent).toContain("map.png · 2 kB · All languages");
    const link = screen.getByRole("link", { name: "Download Venue map" }) as HTMLAnchorElement;
    expect(link.getAttribute("href")).toBe(`/api/v1/public/events/${event.slug}/documents/d2/file`);
    expect(screen.getByRole("button", { name: "Move Programme up" })).toHaveProperty("disabled", true);
  });

  it("uploads each chosen file in its own request, in the language chosen, with a progress per file", async () => {
    show();
    await screen.findAllByRole("listitem", undefined, { timeout: 10_000 });
    const sent = fakeUploads(() => ({ status: 201, body: documents[0] }));
    const [select] = screen.getAllByLabelText("Language of the added files");
    if (!select) throw new Error("no language select");
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole("option", { name: "English", hidden: true }));
    fireEvent.change(picker(), { target: { files: [pdf("a.pdf"), pdf("b.pdf")] } });
    expect(await screen.findByRole("progressbar", { name: "Upload of a.pdf" })).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((request) => (request.body.get("file") as File).name)).toEqual(["a.pdf", "b.pdf"]);
    expect(sent.map((request) => request.body.get("fileLanguage"))).toEqual(["en", "en"]);
    expect(new URL(sent[0]?.url ?? "").pathname).toBe(`/api/v1${scopePath}/documents`);
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
  });

  it("refuses a file over 15 MB without sending it and shows the server's refusal of another", async () => {
    show();
    await screen.findAllByRole("listitem", undefined, { timeout: 10_000 });
    const sent = fakeUploads(() => errorAnswer(415, "TYPE_NOT_ACCEPTED", "The type uploaded is not accepted."));
    fireEvent.change(picker(), { target: { files: [pdf("huge.pdf", 16 * 1024 * 1024), pdf("setup.pdf")] } });
    expect(await screen.findByText("huge.pdf was not added: the file uploaded is too big.")).toBeTruthy();
    expect(await screen.findByText("setup.pdf was not added: The type uploaded is not accepted.")).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it("renames a document, moves one and deletes one after confirming", async () => {
    const calls = show();
    await screen.findAllByRole("listitem", undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole("button", { name: "Edit Venue map" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the document" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Name/ }), { target: { value: "Map of the venue" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST" && call.path === `${scopePath}/documents/d2`)?.body).toEqual({
        name: "Map of the venue",
        fileLanguage: null,
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Move Venue map up" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `${scopePath}/documents/reorder`)?.body).toEqual({ ids: ["d2", "d1"] }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete Programme" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete the document" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === "DELETE" && call.path === `${scopePath}/documents/d1`)).toBe(true),
    );
  });

  it("shows a reader the list without the upload or the buttons", async () => {
    show("reader");
    await screen.findAllByRole("listitem", undefined, { timeout: 10_000 });
    expect(screen.queryByRole("button", { name: "Choose files" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Programme" })).toBeNull();
  });
});
