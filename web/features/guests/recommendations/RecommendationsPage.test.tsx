// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Recommendation } from "../../../../contract/guest-recommendations";
import { fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath } from "../../events/events.test-fixtures";
import { RecommendationsPage } from "./RecommendationsPage";

const paul: Recommendation = {
  id: "r1",
  recommenderId: "g1",
  recommenderName: "Rita Reco",
  firstName: "Paul",
  lastName: "Éluard",
  email: "paul@example.com",
  company: "Poésie",
  message: "He would love it",
  status: "pending",
  guestId: null,
  decidedAt: null,
  createdAt: "2026-03-01T09:00:00.000Z",
};
const base = `/${event.slug}/admin/recommendations`;

function open() {
  const calls = fakeServer((request) => {
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path.startsWith(`${base}/acceptRecommendationJson/r1`))
      return { status: 200, body: { ...paul, status: "accepted", guestId: "g9" } };
    return { status: 200, body: { items: [paul], total: 1 } };
  });
  renderPage(
    [
      {
        path: "events/:eventId/guests/recommendations",
        element: (
          <AsMember accountRole="organizer">
            <RecommendationsPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/guests/recommendations` },
  );
  return calls;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("recommendations page", () => {
  it("lists the pending recommendations first (the default filter) and accepts one", async () => {
    const calls = open();
    const table = await screen.findByRole("table", {}, { timeout: 5000 });
    await waitFor(() => expect(document.title).toBe("Recommendations of Summer gala · Eventdesk"));
    expect(within(table).getByText("Rita Reco")).toBeTruthy();
    expect(
      calls.some((call) => call.path === `${base}/getAllRecommendationsJson?status=pending&limit=50&offset=0`),
    ).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Accept Paul Éluard" }));
    await screen.findByText("Paul Éluard was accepted and is in the guest list.");
    expect(calls.some((call) => call.path === `${base}/acceptRecommendationJson/r1`)).toBe(true);
  });
});
