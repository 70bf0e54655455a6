// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../../contract/auth";
import type { Order } from "../../../../contract/ticketing-orders";
import { errorAnswer, type FakeAnswer, type FakeRequest } from "../../../ui/test-render";
import { OrderDetailPage } from "./OrderDetailPage";
import { event, openOrdersPage, order, orderId, ordersPath } from "./orders.test-fixtures";

const orderPath = `${ordersPath}/${orderId}`;
/** Opens the page on `initial`; an action the server accepts answers `changed`, which later reads see too. */
function open(initial: Order, answer?: (request: FakeRequest) => FakeAnswer, role?: AccountRole) {
  let current = initial;
  return openOrdersPage({
    path: "events/:eventId/ticketing/orders/:orderId",
    url: `/en/admin/events/${event.id}/ticketing/orders/${orderId}`,
    page: <OrderDetailPage />,
    detail: () => current,
    answer:
      answer &&
      ((request) => {
        const reply = answer(request);
        if (reply.status === 200 && request.method === "POST") current = reply.body as Order;
        return reply;
      }),
    role,
  });
}
const posts = (calls: FakeRequest[]) =>
  calls.filter((call) => call.method === "POST").map(({ path, body }) => ({ path, body }));
const actionNames = /Confirm payment|Mark awaiting payment|Refund|Cancel order/;

afterEach(cleanup);

describe("order detail page", () => {
  it("shows the buyer, each ticket with its options, the totals per VAT rate, payments and invoice", {
    timeout: 60_000,
  }, async () => {
    open(order());
    expect(await screen.findByRole("heading", { level: 1, name: "Order CCCCCCCC" })).toBeTruthy();
    expect(document.title).toBe("Order CCCCCCCC · Summer gala · Eventdesk");

    const buyer = screen.getByRole("region", { name: "Buyer and billing" });
    expect(within(buyer).getByRole("link", { name: "Grace Hopper" }).getAttribute("href")).toBe(
      `/en/admin/events/${event.id}/guests/g1`,
    );
    for (const text of ["Company", "Hopper Ltd", "1 Navy Road", "75001 Paris", "73282932000074"]) {
      expect(within(buyer).getByText(text)).toBeTruthy();
    }

    const rows = within(screen.getByRole("region", { name: "Items" })).getAllByRole("row");
    // The dinner option comes right under the pass it was bought with, before the second pass.
    expect(rows.map((row) => row.querySelector("th")?.textContent)).toEqual([
      "Item",
      "Conference pass",
      "↳Gala dinnerOption",
      "Conference pass",
    ]);
    expect(rows[1]?.textContent).toContain("€100.00");
    expect(rows[1]?.textContent).toContain("€120.00");
    expect(rows[1]?.textContent).toContain("20%");
    expect(rows[2]?.textContent).toContain("5.5%");
    expect(rows[3]?.textContent).toContain("Alan Turing");
    expect(rows[3]?.textContent).toContain("−€24.00");
    expect(rows[3]?.textContent).toContain("€96.00");

    const totals = screen.getByRole("region", { name: "Totals" });
    const lines = within(totals)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(lines).toEqual([
      "VAT rateExcl. taxVATIncl. tax",
      "5.5%€100.00€5.50€105.50",
      "20%€180.00€36.00€216.00",
      "Total€280.00€41.50€321.50",
    ]);
    expect(within(totals).getByText("Coupons applied: FRIENDS (−€24.00)")).toBeTruthy();

    const payments = screen.getByRole("region", { name: "Payments and refunds" });
    expect(within(payments).getByText("Test simulator")).toBeTruthy();
    expect(within(payments).getByText("Succeeded")).toBeTruthy();
    const documents = screen.getByRole("region", { name: "Invoice and credit notes" });
    expect(within(documents).getByText("Invoice F-2026-000042")).toBeTruthy();
    expect(within(documents).getByRole("button", { name: "Download PDF: Invoice F-2026-000042" })).toBeTruthy();
    expect(within(documents).getByRole("button", { name: "Download the tickets (PDF)" })).toBeTruthy();

    // Completed: refunds only (the transition table allows nothing else).
    const actions = screen.getByRole("group", { name: "Order actions" });
    expect(
      within(actions)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Refund some items", "Refund fully"]);
  });

  it("refunds the chosen items, an option with its ticket, and shows the server's refusal of none", {
    timeout: 60_000,
  }, async () => {
    const needsItem = "Refund needs at least one item.";
    const calls = open(order(), (request) => {
      const items = (request.body as { items?: string[] }).items ?? [];
      if (items.length === 0) return errorAnswer(400, "ORDER_REFUND_NEEDS_ITEM", needsItem);
      return { status: 200, body: order({ status: "partially_refunded", refundedCents: 22550 }) };
    });
    fireEvent.click(await screen.findByRole("button", { name: "Refund some items" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund some items" });

    fireEvent.click(within(dialog).getByRole("button", { name: "Refund 0 items" }));
    expect(await within(dialog).findByText(needsItem)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Conference pass — Grace Hopper/ }));
    const dinner = within(dialog).getByRole("checkbox", { name: /^Gala dinner/ }) as HTMLInputElement;
    expect(dinner.checked).toBe(true);
    expect(dinner.disabled).toBe(true);
    expect(within(dialog).getByText("To refund: €225.50")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund 2 items" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Refund some items" })).toBeNull());
    expect(posts(calls)).toEqual([
      { path: `${orderPath}/refund`, body: { items: [] } },
      { path: `${orderPath}/refund`, body: { items: ["i1", "i2"] } },
    ]);
    expect(await screen.findByText("Partially refunded")).toBeTruthy();
  });

  it("confirms a payment by another method after asking, and cancels only what is not paid", {
    timeout: 60_000,
  }, async () => {
    const awaiting = order({
      status: "awaiting_payment",
      paymentMethod: "other",
      otherPaymentKind: "cheque",
      payments: [],
      documents: [],
      invoiceNumber: null,
      completedAt: null,
    });
    const calls = open(awaiting, () => ({ status: 200, body: order({ paymentMethod: "other" }) }));
    const actions = await screen.findByRole("group", { name: "Order actions" });
    expect(
      within(actions)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Confirm payment", "Cancel order"]);
    expect(screen.getByText("No document yet: the invoice is issued when the order is paid.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Download the tickets (PDF)" })).toBeNull();

    fireEvent.click(within(actions).getByRole("button", { name: "Confirm payment" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm payment" });
    expect(posts(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(posts(calls)).toEqual([{ path: `${orderPath}/confirm`, body: {} }]));
    expect(await screen.findByText("Completed")).toBeTruthy();
  });

  it("shows the server's refusal of an action in the page's language", { timeout: 60_000 }, async () => {
    const refused = "Cette commande est déjà payée.";
    open(order({ status: "in_cart", payments: [], documents: [] }), () =>
      errorAnswer(409, "ORDER_ALREADY_PAID", refused),
    );
    const actions = await screen.findByRole("group", { name: "Order actions" });
    expect(
      within(actions)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Confirm payment", "Mark awaiting payment", "Cancel order"]);
    fireEvent.click(within(actions).getByRole("button", { name: "Cancel order" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Cancel order" })).getByRole("button", { name: "Confirm" }),
    );
    expect(await screen.findByText(refused)).toBeTruthy();
  });

  it("offers nothing to do on a cancelled order, and says why it was cancelled", { timeout: 60_000 }, async () => {
    open(order({ status: "cancelled", cancelReason: "expired", payments: [], documents: [], completedAt: null }));
    expect(await screen.findByText(/cancelled: the cart expired/)).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Order actions" })).toBeNull();
  });

  it("downloads the invoice with the session", { timeout: 60_000 }, async () => {
    const calls = open(order(), () => ({ status: 200, body: {} }));
    URL.createObjectURL = () => "blob:invoice";
    URL.revokeObjectURL = () => {};
    fireEvent.click(await screen.findByRole("button", { name: "Download PDF: Invoice F-2026-000042" }));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain(`${orderPath}/documents/d1/pdf`));
  });

  it("offers no action to a reader", { timeout: 60_000 }, async () => {
    open(order({ status: "awaiting_payment" }), undefined, "reader");
    expect(await screen.findByRole("heading", { level: 1, name: "Order CCCCCCCC" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Order actions" })).toBeNull();
    expect(screen.queryByRole("button", { name: actionNames })).toBeNull();
    // Documents stay readable.
    expect(screen.getByRole("button", { name: "Download PDF: Invoice F-2026-000042" })).toBeTruthy();
  });
});
