// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { OrderList } from "../../../../contract/ticketing-orders";
import { OrdersPage } from "./OrdersPage";
import { event, openOrdersPage, ordersPath, summary } from "./orders.test-fixtures";

const noRevenue = { paidCents: 0, refundedCents: 0, netCents: 0 };
const list = (items = [summary()], more: Partial<OrderList> = {}): OrderList => ({
  items,
  total: items.length,
  revenue: { paidCents: 32150, refundedCents: 1000, netCents: 31150 },
  testRevenue: noRevenue,
  abandonedCarts: 0,
  ...more,
});
const open = (options: { list?: OrderList; url?: string } = {}) =>
  openOrdersPage({
    path: "events/:eventId/ticketing/orders",
    url: options.url ?? `/en/admin/events/${event.id}/ticketing/orders`,
    page: <OrdersPage />,
    list: options.list ?? list(),
  });
// The search waits for typing to pause, and a busy machine answers late: each request gets time to come.
const slow = { timeout: 5_000 };

/** The query of each list request, as an object: the order of its parameters does not matter. */
const listQueries = (calls: { method: string; path: string }[]) =>
  calls
    .filter((call) => call.method === "GET" && call.path.startsWith(`${ordersPath}?`))
    .map((call) => Object.fromEntries(new URLSearchParams(call.path.split("?")[1])));

afterEach(cleanup);

describe("orders page", () => {
  it("lists orders with their buyer, state, payment and total, and the live revenue", { timeout: 60_000 }, async () => {
    open({
      list: list([
        summary(),
        summary({
          id: "dddddddd-dddd-4ddd-8ddd-dddddddddddd",
          status: "awaiting_payment",
          paymentMethod: "other",
          otherPaymentKind: "bankTransfer",
          testMode: true,
          totalInclTaxCents: 4500,
          invoiceNumber: null,
          invoice: null,
          buyer: { guestId: "g3", firstName: "", lastName: "", email: "ada@example.com" },
        }),
      ]),
    });
    const rows = within(await screen.findByRole("table")).getAllByRole("row");
    expect(rows[1]?.textContent).toContain("CCCCCCCC");
    expect(rows[1]?.textContent).toContain("Grace Hopper");
    expect(rows[1]?.textContent).toContain("Completed");
    expect(rows[1]?.textContent).toContain("Card");
    expect(rows[1]?.textContent).toContain("€321.50");
    expect(rows[1]?.textContent).toContain("F-2026-000042");
    expect(rows[2]?.textContent).toContain("ada@example.com");
    expect(rows[2]?.textContent).toContain("Awaiting payment");
    expect(rows[2]?.textContent).toContain("Test");
    expect(rows[2]?.textContent).toContain("Bank transfer");
    expect(rows[2]?.textContent).toContain("€45.00");
    expect(
      within(rows[1] as HTMLElement)
        .getByRole("link", { name: "Order CCCCCCCC" })
        .getAttribute("href"),
    ).toBe(`/en/admin/events/${event.id}/ticketing/orders/cccccccc-cccc-4ccc-8ccc-cccccccccccc`);
    const revenue = screen.getByRole("region", { name: "Revenue of live orders" });
    expect(revenue.textContent).toContain("€321.50");
    expect(revenue.textContent).toContain("€311.50");
    expect(screen.getByText("2 orders")).toBeTruthy();
    // No test order was paid: no test figures.
    expect(screen.queryByRole("region", { name: "Revenue of test orders" })).toBeNull();
    expect(document.title).toBe("Orders of Summer gala · Eventdesk");
    expect(screen.getByRole("link", { name: "Orders" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows what test orders brought in apart, marked as test mode", { timeout: 60_000 }, async () => {
    open({
      list: list([summary({ testMode: true, invoiceNumber: null, invoice: "TEST-F-1A2B3C4D-000001" })], {
        revenue: noRevenue,
        testRevenue: { paidCents: 32150, refundedCents: 0, netCents: 32150 },
      }),
    });
    const rows = within(await screen.findByRole("table")).getAllByRole("row");
    expect(rows[1]?.textContent).toContain("TEST-F-1A2B3C4D-000001");
    expect(screen.getByRole("region", { name: "Revenue of live orders" }).textContent).toContain("€0.00");
    const test = screen.getByRole("region", { name: "Revenue of test orders" });
    expect(test.textContent).toContain("Test mode: paid with test cards, not real money.");
    expect(test.textContent).toContain("Paid (test orders)");
    expect(test.textContent).toContain("€321.50");
  });

  it("hides abandoned carts unless asked, and names them apart from cancellations", { timeout: 60_000 }, async () => {
    const expired = summary({
      id: "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee",
      status: "cancelled",
      cancelReason: "expired",
      invoice: null,
    });
    const calls = open({ list: list([summary(), expired], { abandonedCarts: 1 }) });
    await screen.findByRole("table");
    expect(
      screen.getByText(/1 abandoned cart \(expired or replaced by the buyer's next cart\) is hidden\./),
    ).toBeTruthy();
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows[2]?.textContent).toContain("Expired cart");
    expect(rows[2]?.textContent).not.toContain("Cancelled");
    fireEvent.click(screen.getByRole("switch", { name: "Show abandoned carts" }));
    await waitFor(
      () => expect(listQueries(calls).at(-1)).toEqual({ abandonedCarts: "include", limit: "50", offset: "0" }),
      slow,
    );
  });

  it("sends the filters of the address, and each new filter, to the list", { timeout: 60_000 }, async () => {
    const calls = open({
      url: `/en/admin/events/${event.id}/ticketing/orders?status=completed,refunded&testMode=false&page=2`,
    });
    await screen.findByRole("table");
    await waitFor(
      () =>
        expect(listQueries(calls)).toContainEqual({
          status: "completed,refunded",
          testMode: "false",
          limit: "50",
          offset: "50",
        }),
      slow,
    );

    const method = screen.getByLabelText("Payment method", { selector: "input" });
    fireEvent.click(method);
    const options = await waitFor(
      () => document.getElementById(method.getAttribute("aria-controls") ?? "") as HTMLElement,
    );
    fireEvent.click(within(options).getByRole("option", { name: "Other", hidden: true }));
    await waitFor(
      () =>
        expect(listQueries(calls).at(-1)).toEqual({
          status: "completed,refunded",
          paymentMethod: "other",
          testMode: "false",
          limit: "50",
          offset: "0",
        }),
      slow,
    );

    fireEvent.change(screen.getByRole("searchbox", { name: "Search" }), { target: { value: " hopper " } });
    await waitFor(
      () =>
        expect(listQueries(calls).at(-1)).toEqual({
          search: "hopper",
          status: "completed,refunded",
          paymentMethod: "other",
          testMode: "false",
          limit: "50",
          offset: "0",
        }),
      slow,
    );
  });

  it("says when no order matches and resets the filters", { timeout: 60_000 }, async () => {
    const calls = open({ list: list([]), url: `/en/admin/events/${event.id}/ticketing/orders?testMode=true` });
    expect(await screen.findByRole("heading", { name: "No order matches these filters" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reset filters" }));
    await waitFor(() => expect(listQueries(calls).at(-1)).toEqual({ limit: "50", offset: "0" }), slow);
  });

  it("exports the filtered orders as CSV or Excel", { timeout: 60_000 }, async () => {
    const calls = open({ url: `/en/admin/events/${event.id}/ticketing/orders?status=completed` });
    await screen.findByRole("table");
    // jsdom cannot follow the download link: the file is handed over, the request is what matters here.
    URL.createObjectURL = () => "blob:orders";
    URL.revokeObjectURL = () => {};
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Excel workbook (.xlsx)" }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(`${ordersPath}/export?status=completed&format=xlsx`),
    );
  });
});
