// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CampaignStatistics, RecipientStatistics } from "../../../contract/campaign-statistics";
import { cardOf, fakeServer, renderPage, rowTexts } from "../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { CampaignStatisticsPage } from "./CampaignStatisticsPage";

const campaignId = "66666666-6666-4666-8666-666666666666";
const campaignPath = `${scopePath}/campaigns/${campaignId}/statistics`;

const statistics: CampaignStatistics = {
  campaign: {
    id: campaignId,
    name: "Spring invitation",
    type: "invitation",
    status: "sent",
    sendingAt: "2026-03-10T08:00:00.000Z",
    sentAt: "2026-03-10T08:02:00.000Z",
  },
  deliverability: {
    recipients: 10,
    waiting: 1,
    sent: 7,
    delivered: 5,
    bounced: 1,
    blocked: 1,
    errors: 1,
    unsubscribed: 1,
  },
  reactivity: {
    opens: 6,
    uniqueOpens: 4,
    clicks: 3,
    uniqueClicks: 2,
    openRate: 4 / 6,
    clickRate: 2 / 6,
    clickToOpen: 0.5,
  },
  overTime: {
    unit: "hour",
    buckets: [
      { at: "2026-03-10T08:00:00.000Z", sent: 7, opens: 0, clicks: 0, failures: 1, unsubscribes: 0 },
      { at: "2026-03-10T09:00:00.000Z", sent: 0, opens: 4, clicks: 0, failures: 0, unsubscribes: 1 },
      { at: "2026-03-10T10:00:00.000Z", sent: 0, opens: 0, clicks: 2, failures: 0, unsubscribes: 0 },
    ],
  },
  topLinks: [{ url: "https://example.test/a", clicks: 2, uniqueClicks: 2 }],
};

const recipient = (overrides: Partial<RecipientStatistics>): RecipientStatistics => ({
  id: crypto.randomUUID(),
  guestId: crypto.randomUUID(),
  firstName: "",
  lastName: "",
  email: "someone@example.test",
  language: "en",
  status: "sent",
  sentAt: "2026-03-10T08:00:00.000Z",
  deliveredAt: null,
  openedAt: null,
  clickedAt: null,
  opens: 0,
  clicks: 0,
  error: null,
  ...overrides,
});

const alice = recipient({
  firstName: "Alice",
  lastName: "Martin",
  email: "alice@example.test",
  status: "clicked",
  openedAt: "2026-03-10T09:05:00.000Z",
  clickedAt: "2026-03-10T10:00:00.000Z",
  opens: 3,
  clicks: 2,
});
const carol = recipient({ firstName: "Carol", email: "carol@example.test", status: "bounce", error: "550 unknown" });

function open(body: CampaignStatistics = statistics) {
  const calls = fakeServer((request) => {
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path.startsWith(`${campaignPath}/recipients`)) {
      const items = request.path.includes("status=bounce") ? [carol] : [alice, carol];
      return { status: 200, body: { items, total: items.length } };
    }
    if (request.path === campaignPath) return { status: 200, body };
    return { status: 404 };
  });
  renderPage(
    [
      {
        path: "events/:eventId/campaigns/:campaignId/statistics",
        element: (
          <AsMember accountRole="organizer">
            <CampaignStatisticsPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/campaigns/${campaignId}/statistics` },
  );
  return calls;
}

afterEach(cleanup);

describe("campaign statistics page", () => {
  it("shows the key figures, the charts with their text alternatives and tables, and the most clicked links", async () => {
    open();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Campaign statistics" }, { timeout: 8000 }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toContain("Statistics of Spring invitation"));
    expect(screen.getByText("Spring invitation")).toBeTruthy();
    expect(screen.getByText("of 10 recipients")).toBeTruthy();
    expect(screen.getByText("66.7%")).toBeTruthy();
    expect(screen.getByText("4 guests opened it (6 opens)")).toBeTruthy();
    expect(screen.getByText("2 guests clicked (3 clicks)")).toBeTruthy();
    expect(screen.getByText("50%")).toBeTruthy();

    const deliverability = screen.getByRole("img", { name: /10 recipients' mails: Sent 7, Delivered 5, Bounced 1/ });
    expect(deliverability).toBeTruthy();
    fireEvent.click(within(cardOf("Deliverability")).getByRole("button", { name: "Show as a table" }));
    expect(rowTexts(within(cardOf("Deliverability")).getByRole("table"))).toContainEqual(["Waiting", "1"]);

    expect(screen.getByRole("img", { name: /per hour over 3 hours, at most 4 opens and 2 clicks/ })).toBeTruthy();
    fireEvent.click(within(cardOf("Opens and clicks over time")).getByRole("button", { name: "Show as a table" }));
    const overTime = rowTexts(within(cardOf("Opens and clicks over time")).getByRole("table"));
    expect(overTime.map((row) => row.slice(1))).toEqual([
      ["7", "0", "0", "1", "0"],
      ["0", "4", "0", "0", "1"],
      ["0", "0", "2", "0", "0"],
    ]);

    expect(rowTexts(within(cardOf("Most clicked links")).getByRole("table"))).toEqual([
      ["https://example.test/a", "2", "2"],
    ]);
  });

  it("lists the recipients with their status badges and filters them by status", async () => {
    const calls = open();
    // The page's charts make jsdom slow: the list may take a few seconds to arrive.
    expect(await screen.findByText("2 recipients", {}, { timeout: 8000 })).toBeTruthy();
    const table = within(
      screen.getByRole("heading", { level: 2, name: "Recipients" }).closest("div")?.parentElement as HTMLElement,
    );
    const rows = within(table.getByRole("table")).getAllByRole("row");
    expect(within(rows[1] as HTMLElement).getByText("Alice Martin")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Clicked")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("(3 times)")).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("Bounce")).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("550 unknown")).toBeTruthy();

    const statusFilter = screen.getAllByLabelText("Mail status").find((element) => element.tagName === "INPUT");
    fireEvent.click(statusFilter as HTMLElement);
    fireEvent.click(await screen.findByRole("option", { name: "Bounce", hidden: true }));
    expect(await screen.findByText("1 recipient", {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText("Alice Martin")).toBeNull();
    expect(
      calls.some((call) => call.path.includes("/statistics/recipients?") && call.path.includes("status=bounce")),
    ).toBe(true);
  });

  it("says so when nothing has happened yet", async () => {
    open({
      ...statistics,
      deliverability: { ...statistics.deliverability, recipients: 0, sent: 0, delivered: 0 },
      overTime: { unit: "hour", buckets: [] },
      topLinks: [],
    });
    expect((await screen.findAllByText("This campaign has no recipient yet.", {}, { timeout: 8000 })).length).toBe(1);
    expect(screen.getByText(/Nothing yet: the figures appear/)).toBeTruthy();
    expect(screen.getByText("No link has been clicked yet.")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
