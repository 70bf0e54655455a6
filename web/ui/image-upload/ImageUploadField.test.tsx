// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeUploads } from "../fake-uploads";
import { errorAnswer, fakeServer, renderRoutes } from "../test-render";
import { ImageUploadField } from "./ImageUploadField";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const accountId = "11111111-1111-4111-8111-111111111111";
const eventId = "22222222-2222-4222-8222-222222222222";
const imageId = "33333333-3333-4333-8333-333333333333";
const base = `/events/${accountId}/${eventId}/images`;

const image = (id = imageId) => ({
  id,
  eventId,
  purpose: "campaign",
  contentType: "image/png",
  width: 800,
  height: 400,
  size: 12_345,
  url: `http://localhost/api/v1/images/${id}/1280`,
  variants: [
    { name: "320", width: 320, height: 160, contentType: "image/png", size: 999, url: `/api/v1/images/${id}/320` },
  ],
  createdAt: "2026-03-01T10:00:00.000Z",
});

function Harness({ initial = null as string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <ImageUploadField accountId={accountId} eventId={eventId} value={value} onChange={setValue} label="Banner" />
      <p>value: {value ?? "none"}</p>
    </>
  );
}

const open = (initial: string | null = null) =>
  renderRoutes([{ path: "/", element: <Harness initial={initial} /> }], "/");
const picker = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const png = (size = 1000) => {
  const file = new File(["png"], "banner.png", { type: "image/png" });
  Object.defineProperty(file, "size", { value: size });
  return file;
};

describe("ImageUploadField", () => {
  it("uploads the picked image for a campaign, then shows its preview and size", async () => {
    fakeServer(() => ({ status: 500 }));
    const sent = fakeUploads(() => ({ status: 201, body: image() }));
    open();
    const button = screen.getByRole("button", { name: "Banner Choose an image" });
    expect(button.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText("JPEG, PNG, WebP or GIF, up to 8 MB.")).toBeTruthy();
    expect(picker().accept).toBe("image/jpeg,image/png,image/webp,image/gif");
    fireEvent.change(picker(), { target: { files: [png()] } });
    expect(await screen.findByRole("progressbar", { name: "Uploading Banner" })).toBeTruthy();
    expect(await screen.findByText(`value: ${imageId}`)).toBeTruthy();
    const [request] = sent;
    if (!request) throw new Error("nothing uploaded");
    const url = new URL(request.url);
    expect(url.pathname + url.search).toBe(`/api/v1${base}?purpose=campaign`);
    expect((request.body.get("file") as File).name).toBe("banner.png");
    const preview = screen.getByRole("img", { name: "Preview of Banner" }) as HTMLImageElement;
    expect(preview.src).toContain(`/api/v1/images/${imageId}/320`);
    expect(screen.getByText("Image of 800 × 400 pixels.")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("takes a dropped file", async () => {
    fakeServer(() => ({ status: 500 }));
    const sent = fakeUploads(() => ({ status: 201, body: image() }));
    open();
    const zone = screen
      .getByText("Drop an image here, or pick one from your computer.")
      .closest("[data-dragging], div");
    fireEvent.drop(zone as Element, { dataTransfer: { files: [png()] } });
    expect(await screen.findByText(`value: ${imageId}`)).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it("shows the server's refusal, and refuses a file over the limit without sending it", async () => {
    fakeServer(() => ({ status: 500 }));
    const sent = fakeUploads(() => errorAnswer(415, "IMAGE_TYPE_UNSUPPORTED", "Unsupported image type."));
    open();
    fireEvent.change(picker(), { target: { files: [png()] } });
    expect(await screen.findByText("Unsupported image type.")).toBeTruthy();
    expect(screen.getByText("value: none")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Banner Choose an image" }).getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(picker(), { target: { files: [png(9 * 1024 * 1024)] } });
    expect(await screen.findByText("The file uploaded is too big.")).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it("reads a stored image's metadata, and removes it", async () => {
    const calls = fakeServer((request) =>
      request.path === `${base}/${imageId}` ? { status: 200, body: image() } : { status: 500 },
    );
    open(imageId);
    expect(await screen.findByText("Image of 800 × 400 pixels.")).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain(`${base}/${imageId}`);
    fireEvent.click(screen.getByRole("button", { name: "Remove the image Banner" }));
    await waitFor(() => expect(screen.getByText("value: none")).toBeTruthy());
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByRole("button", { name: "Banner Choose an image" })).toBeTruthy();
  });
});
