import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { orders } from "../ticketing.tables.js";
import { expireCarts } from "./orders.jobs.js";
import { addTicket, buyer, cartOf, paidOrder, shopEvent } from "./orders.testing.js";

/**
 * The organizer's list of orders as organizers read it: test figures apart from live ones, each completed order's
 * invoice, and the carts buyers abandoned kept out of the way unless asked for.
 */

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => shopEvent(t, tenants.owner));
const entry = madeBeforeAll(() => addTicket(t, tenants.owner, event, { maxQuantity: 100 }));

const list = (query = "") => t.request({ method: "GET", url: `${event.orders}${query}`, token: tenants.owner.token });
const oneTicket = () => [{ ticketId: entry.id, quantity: 1 }];
type Summary = { id: string; status: string; cancelReason: string | null; invoice: string | null };
const idsOf = (items: Summary[]) => items.map((item) => item.id).sort();

describe("the list of orders", () => {
  it("shows the revenue of test orders apart, so an event selling in test mode sees its figures", async () => {
    const order = await paidOrder(t, event, oneTicket());
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body.revenue).toEqual({ paidCents: 0, refundedCents: 0, netCents: 0 });
    expect(answer.body.testRevenue).toEqual({ paidCents: 1200, refundedCents: 0, netCents: 1200 });
    // Once live, the same order moves to the live figures.
    await t.context.db.update(orders).set({ testMode: false }).where(eq(orders.id, order.id));
    const live = await list();
    expect(live.body.revenue).toEqual({ paidCents: 1200, refundedCents: 0, netCents: 1200 });
    expect(live.body.testRevenue).toEqual({ paidCents: 0, refundedCents: 0, netCents: 0 });
    await t.context.db.update(orders).set({ testMode: true }).where(eq(orders.id, order.id));
  });

  it("names the invoice of every completed order, a test order's too", async () => {
    const order = await paidOrder(t, event, oneTicket());
    const detail = await t.request({ method: "GET", url: `${event.orders}/${order.id}`, token: tenants.owner.token });
    const invoice = detail.body.documents.find((document: { kind: string }) => document.kind === "invoice");
    expect(invoice.number).toMatch(/^TEST-F-/);
    const listed = (await list()).body.items.find((item: Summary) => item.id === order.id);
    expect(listed.invoice).toBe(invoice.number);
    const cart = await cartOf(t, event, oneTicket());
    expect((await list()).body.items.find((item: Summary) => item.id === cart.id).invoice).toBeNull();
  });

  it("leaves abandoned carts (expired or replaced) out unless asked, and counts them", async () => {
    const email = `abandoned-${Date.now()}@example.test`;
    const expired = await cartOf(t, event, oneTicket(), { buyer: buyer(email) });
    await t.context.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, expired.id));
    await expireCarts(t.context);
    const replaced = await cartOf(t, event, oneTicket(), { buyer: buyer(email) });
    const completed = await paidOrder(t, event, oneTicket(), { buyer: buyer(email) });
    const cancelledByOrganizer = await cartOf(t, event, oneTicket());
    const cancel = await t.request({
      method: "POST",
      url: `${event.orders}/${cancelledByOrganizer.id}`,
      token: tenants.owner.token,
      body: { status: "cancelled" },
    });
    expect(cancel.body.status).toBe("cancelled");
    const search = `&search=${encodeURIComponent(email)}`;

    const byDefault = await list(`?limit=200${search}`);
    expect(idsOf(byDefault.body.items)).toEqual([completed.id]);
    expect(byDefault.body).toMatchObject({ total: 1, abandonedCarts: 2 });

    const included = await list(`?abandonedCarts=include${search}`);
    expect(idsOf(included.body.items)).toEqual([completed.id, expired.id, replaced.id].sort());
    expect(included.body).toMatchObject({ total: 3, abandonedCarts: 2 });
    const reasons = Object.fromEntries(included.body.items.map((item: Summary) => [item.id, item.cancelReason]));
    expect(reasons).toEqual({ [completed.id]: null, [expired.id]: "expired", [replaced.id]: "replaced" });

    const only = await list(`?abandonedCarts=only${search}`);
    expect(idsOf(only.body.items)).toEqual([expired.id, replaced.id].sort());

    // An order the organizer cancelled is a cancellation, listed as such.
    const cancelled = await list("?status=cancelled&limit=200");
    expect(cancelled.body.items.map((item: Summary) => item.id)).toContain(cancelledByOrganizer.id);
    expect(idsOf(cancelled.body.items)).not.toContain(expired.id);

    // The export selects the same orders as the list.
    const exported = await t.request({
      method: "GET",
      url: `${event.orders}/export?search=${encodeURIComponent(email)}`,
      token: tenants.owner.token,
    });
    expect(exported.status).toBe(200);
    expect(exported.body).toContain(completed.id);
    expect(exported.body).not.toContain(expired.id);
  });

  it("refuses an unknown choice of abandoned carts with a field error", async () => {
    const answer = await list("?abandonedCarts=maybe");
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error.fields)).toEqual(["abandonedCarts"]);
  });
});
