// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AccountRole } from "../../../../contract/auth";
import type { SharedFile } from "../../../../contract/shared-files";
import { errorAnswer, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../../events/events.test-fixtures";
import { SharedFilesPage } from "./SharedFilesPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const guest = { id: "g1", firstName: "Inès", lastName: "Moreau", email: "ines@example.com" };
const file = (overrides: Partial<SharedFile>): SharedFile => ({
  id: "f1",
  eventId: event.id,
  name: "Certificate.pdf",
  guest,
  file: { name: "Certificate.pdf", size: 1000, contentType: "application/pdf" },
  state: "uploaded",
  lastNotifiedAt: null,
  lastDownloadedAt: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});
const files = [
  file({ id: "f1", name: "Certificate.pdf", lastNotifiedAt: "2026-03-02T10:00:00.000Z", state: "notified" }),
  file({ id: "f2", name: "", file: null, state: "created" }),
];

function show(
  role: AccountRole = "organizer",
  answer?: (path: string, method: string) => ReturnType<typeof errorAnswer> | undefined,
) {
  const calls = fakeServer((request) => {
    const special = answer?.(request.path, request.method);
    if (special) return special;
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path.startsWith(`${scopePath}/sharedfiles?`)) return { status: 200, body: { items: files, total: 2 } };
    if (request.path.startsWith(`${scopePath}/users?`)) return { status: 200, body: { items: [], total: 0 } };
    return { status: 200, body: files[0] };
  });
  renderPage(
    [
      {
        path: "events/:eventId/shared-files",
        element: (
          <AsMember accountRole={role}>
            <SharedFilesPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/shared-files` },
  );
  return calls;
}

describe("shared files page", () => {
  it("lists each file with its guest and states, and notifies after a question", async () => {
    const calls = show();
    const row = (await screen.findByText("Certificate.pdf", {}, { timeout: 5000 })).closest("li") as HTMLElement;
    expect(within(row).getByText("For Inès Moreau · ines@example.com")).toBeTruthy();
    expect(within(row).getByText("Uploaded")).toBeTruthy();
    expect(within(row).getByText(/^Notified /)).toBeTruthy();
    expect(within(row).getByText("Not downloaded")).toBeTruthy();
    const empty = screen.getByText("Unnamed file").closest("li") as HTMLElement;
    expect(within(empty).getByText("Not uploaded")).toBeTruthy();
    // A file not uploaded yet cannot be notified.
    expect(within(empty).getByRole("button", { name: "Notify the guest of Unnamed file" })).toHaveProperty(
      "disabled",
      true,
    );

    fireEvent.click(within(row).getByRole("button", { name: "Notify the guest of Certificate.pdf" }));
    const dialog = await screen.findByRole("dialog", { name: "Notify the guest" });
    expect(
      within(dialog).getByText(
        "Inès Moreau will receive an email saying that Certificate.pdf waits in their member area.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Notify" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST" && call.path.endsWith("/notify"))).toMatchObject({
        path: `${scopePath}/sharedfiles/f1/notify`,
        body: { sharedFileId: "f1" },
      }),
    );
  });

  it("shows the server's refusal of a notification", async () => {
    show("organizer", (path, method) =>
      method === "POST" && path.endsWith("/notify")
        ? errorAnswer(409, "SHARED_FILE_GUEST_NO_EMAIL", "This guest has no email address: they cannot be notified.")
        : undefined,
    );
    const row = (await screen.findByText("Certificate.pdf", {}, { timeout: 5000 })).closest("li") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Notify the guest of Certificate.pdf" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Notify" }));
    expect(await screen.findByText("This guest has no email address: they cannot be notified.")).toBeTruthy();
  });

  it("renames with the server's field message, and asks for a guest and a file before sharing", async () => {
    const calls = show("organizer", (path, method) =>
      method === "POST" && path.includes("/sharefiles/")
        ? errorAnswer(400, "VALIDATION", "Some fields are invalid.", { name: "This value is not valid." })
        : undefined,
    );
    const row = (await screen.findByText("Certificate.pdf", {}, { timeout: 5000 })).closest("li") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Rename Certificate.pdf" }));
    const rename = await screen.findByRole("dialog", { name: "Rename the file" });
    fireEvent.change(within(rename).getByLabelText(/Name/), { target: { value: "../x.pdf" } });
    fireEvent.click(within(rename).getByRole("button", { name: "Save" }));
    expect(await within(rename).findByText("This value is not valid.")).toBeTruthy();
    expect(calls.find((call) => call.path.includes("/sharefiles/"))?.body).toEqual({ name: "../x.pdf" });
    fireEvent.click(within(rename).getByRole("button", { name: "Cancel" }));

    fireEvent.click(screen.getByRole("button", { name: "Share a file" }));
    const share = await screen.findByRole("dialog", { name: "Share a file with a guest" });
    fireEvent.click(within(share).getByRole("button", { name: "Share" }));
    expect(await within(share).findByText("Choose a guest.")).toBeTruthy();
    expect(within(share).getByText("Choose a file.")).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith("/sharedfiles/create"))).toBe(false);
  });

  it("pages through a long list, 50 files a page", async () => {
    const calls = show("organizer", (path) =>
      path.startsWith(`${scopePath}/sharedfiles?`) ? { status: 200, body: { items: files, total: 120 } } : undefined,
    );
    const pages = await screen.findByRole("navigation", { name: "Shared files pages" }, { timeout: 5000 });
    fireEvent.click(within(pages).getByRole("button", { name: "Page 3" }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === `${scopePath}/sharedfiles?limit=50&offset=100`)).toBe(true),
    );
  });

  it("a reader sees the list without its actions", async () => {
    show("reader");
    const row = (await screen.findByText("Certificate.pdf", {}, { timeout: 5000 })).closest("li") as HTMLElement;
    expect(within(row).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: "Share a file" })).toBeNull();
  });
});
