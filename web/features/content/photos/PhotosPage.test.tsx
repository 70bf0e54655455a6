// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Photo } from "../../../../contract/photos";
import { fakeUploads } from "../../../ui/fake-uploads";
import { fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../../events/events.test-fixtures";
import { ContentLayout } from "../ContentLayout";
import { PhotosPage } from "./PhotosPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const image = (id: string) => ({
  id,
  eventId: event.id,
  purpose: "photo" as const,
  contentType: "image/jpeg",
  width: 1600,
  height: 1067,
  size: 300_000,
  url: `/api/v1/images/${id}/1280`,
  variants: [
    { name: "320", width: 320, height: 213, contentType: "image/jpeg", size: 9_000, url: `/api/v1/images/${id}/320` },
  ],
  createdAt: "2026-03-01T10:00:00.000Z",
});
const photo = (id: string, position: number, caption: Photo["caption"]): Photo => ({
  id,
  eventId: event.id,
  position,
  imageId: `i${id}`,
  caption,
  image: image(`i${id}`),
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
});
const photos = [
  photo("p1", 0, { en: "Doors open", fr: "Ouverture" }),
  photo("p2", 1, { fr: "La keynote" }),
  photo("p3", 2, {}),
];

function show() {
  const calls = fakeServer((request) => {
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path.startsWith(`${scopePath}/photos?`)) return { status: 200, body: { items: photos, total: 3 } };
    return { status: 200, body: photos[0] };
  });
  renderPage(
    [
      {
        path: "events/:eventId/content",
        element: (
          <AsMember accountRole="organizer">
            <ContentLayout />
          </AsMember>
        ),
        children: [{ path: "photos", element: <PhotosPage /> }],
      },
    ],
    { url: `/en/admin/events/${event.id}/content/photos` },
  );
  return calls;
}

const picker = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe("PhotosPage", () => {
  it("lists the photos with their thumbnails, named by their caption in the organizer's language, else another, else their place", async () => {
    const calls = show();
    expect(await screen.findByRole("heading", { level: 2, name: "Photos" }, { timeout: 10_000 })).toBeTruthy();
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual(["Doors open", "La keynote", "Photo 3"]);
    expect(items[0]?.querySelector("img")?.getAttribute("src")).toBe("/api/v1/images/ip1/320");
    expect(calls.some((call) => call.path === `${scopePath}/photos?expand=image`)).toBe(true);
  });

  it("sends several photos one request each, with a progress per photo", async () => {
    show();
    await screen.findAllByRole("listitem", undefined, { timeout: 10_000 });
    const sent = fakeUploads(() => ({ status: 201, body: photos[0] }));
    const files = ["a.jpg", "b.jpg", "c.jpg"].map((name) => new File(["jpeg"], name, { type: "image/jpeg" }));
    expect(picker().accept).toBe("image/jpeg,image/png,image/webp");
    expect(picker().multiple).toBe(true);
    fireEvent.change(picker(), { target: { files } });
    expect(await screen.findByRole("progressbar", { name: "Upload of a.jpg" })).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((request) => (request.body.get("file") as File).name)).toEqual(["a.jpg", "b.jpg", "c.jpg"]);
    expect(new URL(sent[0]?.url ?? "").pathname).toBe(`/api/v1${scopePath}/photos`);
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
  });

  it("captions a photo in each of the event's languages", async () => {
    const calls = show();
    const item = (await screen.findAllByRole("listitem", undefined, { timeout: 10_000 }))[2];
    if (!item) throw new Error("no third photo");
    const edit = within(item)
      .getAllByRole("button")
      .find((button) => button.textContent === "Edit");
    if (!edit) throw new Error("no Edit button");
    fireEvent.click(edit);
    const dialog = await screen.findByRole("dialog", { name: "Caption of the photo" });
    fireEvent.change(within(dialog).getByLabelText("Caption (French)"), { target: { value: "Le cocktail" } });
    fireEvent.click(within(dialog).getByRole("tab", { name: "English" }));
    fireEvent.change(await within(dialog).findByLabelText("Caption (English)"), { target: { value: "Drinks" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST" && call.path === `${scopePath}/photos/p3`)?.body).toEqual({
        caption: { fr: "Le cocktail", en: "Drinks" },
      }),
    );
  });
});
