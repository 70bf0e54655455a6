// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
import { EventEditPage } from "./EventEditPage";
import { AsMember, accountId, fullEvent } from "./events.test-fixtures";

const bannerId = "33333333-3333-4333-8333-333333333333";
const event = fullEvent({ bannerImageId: bannerId });
const banner = {
  id: bannerId,
  eventId: event.id,
  purpose: "general",
  contentType: "image/jpeg",
  width: 1600,
  height: 800,
  size: 200_000,
  url: `https://events.example.test/api/v1/images/${bannerId}/1280`,
  variants: [{ name: "320", width: 320, height: 160, contentType: "image/jpeg", size: 9000, url: "/320" }],
  createdAt: "2026-01-01T10:00:00.000Z",
};

function open(save: (body: object) => { status: number; body?: unknown }) {
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return save(request.body as object);
    return { status: 200, body: request.path.includes("/images/") ? banner : event };
  });
  renderPage(
    [
      {
        path: "events/:eventId",
        element: (
          <AsMember accountRole="editor">
            <EventEditPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}`, language: "en" },
  );
  return calls;
}

afterEach(cleanup);

describe("event edit page's images tab (issue 21)", () => {
  it("shows the stored banner, and removing it saves the banner cleared", async () => {
    const calls = open((body) => ({ status: 200, body: { ...event, ...body } }));
    fireEvent.click(await screen.findByRole("tab", { name: "Images" }));
    const panel = screen.getByRole("tabpanel", { name: "Images" });
    expect(await within(panel).findByAltText("Preview of Banner")).toBeTruthy();
    expect(within(panel).getByText("Image of 1600 × 800 pixels.")).toBeTruthy();
    expect(within(panel).getAllByRole("button", { name: /Choose an image/ })).toHaveLength(2);

    fireEvent.click(within(panel).getByRole("button", { name: /Remove the image Banner/ }));
    fireEvent.click(within(panel).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.find((call) => call.method === "POST")).toBeTruthy());
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `/accounts/${accountId}/events/${event.id}`,
      body: { bannerImageId: null, logoImageId: null, faviconImageId: null },
    });
  });

  it("shows the server's refusal under the field it names", async () => {
    open(() =>
      errorAnswer(400, "VALIDATION", "Some fields are invalid.", {
        logoImageId: "The logo could not be downloaded.",
      }),
    );
    fireEvent.click(await screen.findByRole("tab", { name: "Images" }));
    const panel = screen.getByRole("tabpanel", { name: "Images" });
    await within(panel).findByAltText("Preview of Banner");
    fireEvent.click(within(panel).getByRole("button", { name: /Remove the image Banner/ }));
    fireEvent.click(within(panel).getByRole("button", { name: "Save" }));
    expect(await within(panel).findByText("The logo could not be downloaded.")).toBeTruthy();
  });
});
