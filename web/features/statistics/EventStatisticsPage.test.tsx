// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EventStatistics } from "../../../contract/statistics";
import { cardOf, fakeServer, renderPage, rowTexts } from "../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { EventStatisticsPage } from "./EventStatisticsPage";

const mailCounts = {
  recipients: 0,
  waiting: 0,
  sent: 0,
  delivered: 0,
  bounced: 0,
  blocked: 0,
  errors: 0,
  unsubscribed: 0,
};
const noReaction = { opens: 0, uniqueOpens: 0, clicks: 0, uniqueClicks: 0, openRate: 0, clickRate: 0, clickToOpen: 0 };

const statistics: EventStatistics = {
  registrations: {
    total: 4,
    byDay: [
      { day: "2026-03-01", count: 1 },
      { day: "2026-03-02", count: 3 },
    ],
  },
  statuses: [
    { status: "not_responded", count: 1 },
    { status: "refused", count: 0 },
    { status: "pending_approval", count: 0 },
    { status: "rejected", count: 0 },
    { status: "confirmed", count: 2 },
    { status: "cancelled", count: 1 },
    { status: "to_be_seen", count: 0 },
  ],
  fields: [
    {
      fieldId: "f1",
      name: "Diet",
      type: "unique_choice",
      answered: 3,
      choices: [
        { choiceId: "veg", label: "Vegetarian", count: 2 },
        { choiceId: "meat", label: "Meat", count: 1 },
      ],
    },
  ],
  sales: {
    currency: "EUR",
    units: 3,
    revenueCents: 11000,
    byTicket: [
      { ticketId: "t1", name: "Entry", units: 2, revenueCents: 6000 },
      { ticketId: "t2", name: "Dinner", units: 1, revenueCents: 5000 },
    ],
    byDay: [{ day: "2026-03-02", units: 3, revenueCents: 11000 }],
  },
  // No campaign sent, no check-in: those sections say so.
  mails: { campaigns: 0, deliverability: mailCounts, reactivity: noReaction },
  checkins: { expected: 3, checkedIn: 0, bySession: [{ sessionId: "s1", name: "Main door", count: 0 }] },
};

function open() {
  const calls = fakeServer((request) => {
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path === `${scopePath}/statistics`) return { status: 200, body: statistics };
    if (request.path.startsWith(`${scopePath}/statistics/`)) return { status: 200, body: "Day;Guests" };
    return { status: 404 };
  });
  renderPage(
    [
      {
        path: "events/:eventId/statistics",
        element: (
          <AsMember accountRole="reader">
            <EventStatisticsPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/statistics` },
  );
  return calls;
}

const tableOf = (title: string) => within(cardOf(title)).getByRole("table");

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("event statistics page", () => {
  it("shows the key figures and each section's table, and says which sections have nothing yet", async () => {
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Statistics" }, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain("Statistics"));
    expect(screen.getByText("3 tickets sold")).toBeTruthy();
    expect(rowTexts(tableOf("Registrations per day")).map((row) => row[1])).toEqual(["1", "3"]);
    expect(rowTexts(tableOf("Guests by status"))).toContainEqual(["Confirmed", "2"]);
    expect(rowTexts(tableOf("Choice fields"))).toEqual([
      ["Diet", "Vegetarian", "2"],
      ["Diet", "Meat", "1"],
      ["Diet", "Answered", "3"],
    ]);
    expect(rowTexts(tableOf("Ticket sales")).map((row) => row.slice(0, 2))).toEqual([
      ["Entry", "2"],
      ["Dinner", "1"],
      ["Total", "3"],
    ]);
    expect(within(cardOf("Mails")).getByText("No campaign has been sent yet.")).toBeTruthy();
    expect(within(cardOf("Check-ins by session")).getByText("No guest has checked in yet.")).toBeTruthy();
  });

  it("exports a section as a spreadsheet", async () => {
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:export", revokeObjectURL: () => {} }));
    const calls = open();
    fireEvent.click(await screen.findByRole("button", { name: /^Export\s+Ticket sales$/ }, { timeout: 8000 }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /CSV/ }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === `${scopePath}/statistics/sales/export?format=csv`)).toBe(true),
    );
  });
});
