// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import type { Ebadge } from "../../../contract/ebadges";
import { errorAnswer, type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { ebadge } from "../ebadges/ebadges.test-fixtures";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { GuestDetailPage } from "./GuestDetailPage";
import { customField, guest } from "./guests.test-fixtures";

const diet = customField();
const badge = customField({ id: "f2", name: "Badge number", type: "number", choices: [], min: 1, max: 999 });
const godfather = guest({ id: "gf", firstName: "John", lastName: "Backus" });
const grace = guest({ godfatherId: godfather.id, customFields: { [diet.id]: "veg", [badge.id]: 1200 } });

const empty = { items: [], total: 0 };

function open(
  answer: (request: FakeRequest) => FakeAnswer,
  role: AccountRole = "organizer",
  ticketing: { orders: unknown; tickets: unknown } = { orders: empty, tickets: empty },
  badges: Ebadge[] = [],
) {
  const calls = fakeServer((request) => {
    if (request.method !== "GET" || request.path.startsWith(`${scopePath}/ebadges/guests/`)) return answer(request);
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path === `${scopePath}/ebadges`) return { status: 200, body: { items: badges, total: badges.length } };
    if (request.path.startsWith(`${scopePath}/users/${grace.id}/orders?`))
      return { status: 200, body: ticketing.orders };
    if (request.path.startsWith(`${scopePath}/users/${grace.id}/tickets?`)) {
      return { status: 200, body: ticketing.tickets };
    }
    if (request.path.startsWith(`${scopePath}/users/${grace.id}/mails`)) return { status: 200, body: empty };
    if (request.path.startsWith(`${scopePath}/customfields`))
      return { status: 200, body: { items: [diet, badge], total: 2 } };
    if (request.path === `${scopePath}/users/${godfather.id}`) return { status: 200, body: godfather };
    return { status: 200, body: grace };
  });
  renderPage(
    [
      {
        path: "events/:eventId/guests/:guestId",
        element: (
          <AsMember accountRole={role}>
            <GuestDetailPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/guests/${grace.id}` },
  );
  return calls;
}

afterEach(cleanup);

describe("guest page", () => {
  it("shows the guest's fields, custom values by type and the godfather link", async () => {
    open(() => ({ status: 500 }));
    expect(await screen.findByRole("heading", { name: "Grace Hopper" })).toBeTruthy();
    expect(document.title).toBe("Grace Hopper · Eventdesk");
    expect(screen.getByText("Vegetarian")).toBeTruthy();
    expect(screen.getByText("1,200")).toBeTruthy();
    const link = await screen.findByRole("link", { name: "John Backus" });
    expect(link.getAttribute("href")).toBe(`/en/admin/events/${event.id}/guests/${godfather.id}`);
    fireEvent.click(screen.getByRole("tab", { name: "Orders" }));
    expect(await screen.findByText("No order yet")).toBeTruthy();
    expect(await screen.findByText("No ticket yet")).toBeTruthy();
  });

  it("lists the guest's orders and tickets in the Orders tab", async () => {
    const order = {
      id: "o1",
      status: "partially_refunded",
      paymentMethod: "online",
      testMode: true,
      currency: "EUR",
      totalExclTaxCents: 4000,
      totalInclTaxCents: 4800,
      buyerKind: "individual",
      billingName: "Grace Hopper",
      itemCount: 2,
      invoiceNumber: null,
      invoice: "TEST-F-1A2B3C4D-000017",
      cancelReason: null,
      createdAt: "2025-03-01T10:00:00.000Z",
      completedAt: "2025-03-01T10:01:00.000Z",
    };
    const ticket = {
      id: "i1",
      orderId: "o1",
      orderStatus: "partially_refunded",
      ticketId: "t1",
      caption: "Gala dinner",
      isOption: true,
      parentItemId: "i0",
      currency: "EUR",
      unitPriceExclTaxCents: 2000,
      unitPriceInclTaxCents: 2400,
      taxPercent: 20,
      refunded: true,
      refundedCents: 2400,
      testMode: true,
      createdAt: "2025-03-01T10:00:00.000Z",
    };
    const calls = open(() => ({ status: 500 }), "reader", {
      orders: { items: [order], total: 1 },
      tickets: { items: [ticket], total: 1 },
    });
    fireEvent.click(await screen.findByRole("tab", { name: "Orders" }));
    const orders = await screen.findByRole("region", { name: "Orders" });
    expect(await within(orders).findByText("€48.00")).toBeTruthy();
    expect(within(orders).getByText("Partially refunded")).toBeTruthy();
    expect(within(orders).getByText("Test")).toBeTruthy();
    expect(within(orders).getByText("TEST-F-1A2B3C4D-000017")).toBeTruthy();
    // Each order opens its page in ticketing.
    expect(within(orders).getByRole("link", { name: /2025/ }).getAttribute("href")).toBe(
      `/en/admin/events/${event.id}/ticketing/orders/o1`,
    );
    const tickets = screen.getByRole("region", { name: "Tickets" });
    expect(within(tickets).getByText("Gala dinner")).toBeTruthy();
    expect(within(tickets).getByText("Option")).toBeTruthy();
    expect(within(tickets).getAllByText("€24.00")).toHaveLength(2);
    expect(calls.map((call) => call.path)).toContain(`${scopePath}/users/${grace.id}/tickets?limit=20&offset=0`);
  });

  it("saves the update form and shows a custom field error under its input", async () => {
    const message = "The number is too big.";
    const calls = open(() =>
      errorAnswer(400, "VALIDATION_FAILED", "Invalid data", { [`customFields.${badge.id}`]: message }),
    );
    fireEvent.click(await screen.findByRole("tab", { name: "Update guest" }));
    const panel = await screen.findByRole("tabpanel", { name: "Update guest" });
    fireEvent.change(within(panel).getByLabelText("Company"), { target: { value: "US Navy" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Save" }));
    expect(await within(panel).findByText(message)).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${scopePath}/users/${grace.id}`,
        body: { company: "US Navy", customFields: { [diet.id]: "veg", [badge.id]: 1200 } },
      }),
    );
  });

  it("keeps the update form read only for a reader", async () => {
    open(() => ({ status: 500 }), "reader");
    fireEvent.click(await screen.findByRole("tab", { name: "Update guest" }));
    expect(await screen.findByText("Your role lets you see this guest, but not change it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });

  it("downloads the guest's badge, and says so plainly when no badge is for them", async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => "blob:badge";
    URL.revokeObjectURL = () => {};
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      saved.push(this.download);
    };
    let badgeFor = true;
    try {
      const calls = open(
        () =>
          badgeFor
            ? { status: 200, body: "pdf" }
            : errorAnswer(404, "EBADGE_NONE_FOR_GUEST", "No e-badge is for this guest."),
        "reader",
        undefined,
        [ebadge()],
      );
      const button = await screen.findByRole("button", { name: "Download the badge" });
      fireEvent.click(button);
      await waitFor(() => expect(saved).toEqual(["badge Grace Hopper.pdf"]));
      expect(calls.map((call) => call.path)).toContain(`${scopePath}/ebadges/guests/${grace.id}`);

      badgeFor = false;
      fireEvent.click(button);
      const none = await screen.findByRole("status");
      expect(none.textContent).toContain("No badge is for this guest: they match none of the badges' conditions.");
      expect(within(none).getByRole("link", { name: "Who gets which badge" }).getAttribute("href")).toBe(
        `/en/admin/events/${event.id}/ebadges/conditions`,
      );
      expect(screen.queryByRole("alert")).toBeNull();
      expect(saved).toHaveLength(1);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it("offers no badge while the event has none", async () => {
    const calls = open(() => ({ status: 500 }));
    expect(await screen.findByRole("heading", { name: "Grace Hopper" })).toBeTruthy();
    await waitFor(() => expect(calls.map((call) => call.path)).toContain(`${scopePath}/ebadges`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("button", { name: "Download the badge" })).toBeNull();
  });
});
