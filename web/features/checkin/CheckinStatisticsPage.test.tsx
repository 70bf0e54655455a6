// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckinStatistics } from "../../../contract/checkin";
import { cardOf, fakeServer, renderPage, rowTexts } from "../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { CheckinStatisticsPage } from "./CheckinStatisticsPage";
import { sessionId } from "./checkin.test-fixtures";

const statistics: CheckinStatistics = {
  expected: 200,
  checkedIn: 50,
  flagged: 1,
  overTime: [
    { at: "2026-05-04T08:00:00.000Z", count: 20 },
    { at: "2026-05-04T08:15:00.000Z", count: 30 },
  ],
  bySession: [
    { sessionId, name: "Main door", count: 45 },
    { sessionId: null, name: "", count: 5 },
  ],
  byCategory: [{ categoryId: "c1", name: "VIP", sold: 40, checkedIn: 12 }],
};

function open() {
  const calls = fakeServer((request) => {
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path === `${scopePath}/checkins/statistics`) return { status: 200, body: statistics };
    if (request.path.startsWith(`${scopePath}/checkins/statistics/export`)) return { status: 200, body: "guest,at" };
    return { status: 404 };
  });
  renderPage(
    [
      {
        path: "events/:eventId/checkin/statistics",
        element: (
          <AsMember accountRole="organizer">
            <CheckinStatisticsPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/checkin/statistics` },
  );
  return calls;
}

const tableOf = (title: string) => within(cardOf(title)).getByRole("table");

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("check-in statistics page", () => {
  it("shows the attendance, check-ins over time, by session and by ticket category, each as a table too", async () => {
    open();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Check-in statistics" }, { timeout: 8000 }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toContain("Check-in statistics"));
    expect(screen.getByText("25%")).toBeTruthy();
    expect(rowTexts(tableOf("Check-ins over time")).map((row) => row[1])).toEqual(["20", "30"]);
    expect(rowTexts(tableOf("By session"))).toEqual([
      ["Main door", "45"],
      ["Deleted session or organizer", "5"],
    ]);
    expect(rowTexts(tableOf("By ticket category"))).toEqual([["VIP", "40", "12"]]);
  });

  it("exports the check-ins as a spreadsheet", async () => {
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:export", revokeObjectURL: () => {} }));
    const calls = open();
    fireEvent.click(await screen.findByRole("button", { name: "Export check-ins" }, { timeout: 8000 }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /CSV/ }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === `${scopePath}/checkins/statistics/export?format=csv`)).toBe(true),
    );
  });
});
