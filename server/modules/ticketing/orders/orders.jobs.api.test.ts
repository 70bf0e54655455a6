import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { simulatedPayments } from "../../../platform/payments/payments.tables.js";
import { createPaymentSimulator } from "../../../platform/payments/simulator.js";
import { registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { created } from "../catalogue/catalogue.testing.js";
import { coupons, orders } from "../ticketing.tables.js";
import { expireCarts } from "./orders.jobs.js";
import { orderPayments } from "./orders.tables.js";
import {
  addTicket,
  billing,
  card,
  cartOf,
  orderAudits,
  paidOrder,
  shopClient,
  shopEvent,
  unitsTaken,
} from "./orders.testing.js";

/**
 * Reservations: the expiry sweep releases carts past their time (units and coupon uses back), and a card payment that
 * succeeds after that completes the order when its units can be taken again, else is refunded: never oversold.
 */

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => shopEvent(t, tenants.owner));

const shop = () => shopClient(t, event);
const ageCart = (orderId: string) =>
  t.context.db
    .update(orders)
    .set({ reservedUntil: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));
/** A cart whose card payment was started (the browser holds its client secret), not confirmed yet. */
async function cartWithPayment(ticketId: string) {
  const cart = await cartOf(t, event, [{ ticketId, quantity: 1 }]);
  const started = await shop().checkout(cart.token, { method: "card", billing, termsAccepted: true });
  return { cart, clientSecret: started.body.payment.clientSecret as string };
}
const confirmCard = (clientSecret: string) =>
  t.request({ method: "POST", url: "/api/v1/public/payments/simulator/confirm", body: { clientSecret, card: card() } });

describe("the cart-expiry sweep", () => {
  it("is scheduled every minute in the database, so it survives restarts", async () => {
    const schedules = await t.context.database.sql.executeSql("select name, cron from pgboss.schedule", []);
    expect(schedules.rows).toContainEqual({ name: "ticketing-cart-expiry", cron: "* * * * *" });
  });

  it("cancels carts past their reservation, giving back units and coupon uses, once", async () => {
    const ticket = await addTicket(t, tenants.owner, event, { caption: { en: "Sweep" }, maxQuantity: 5 });
    const coupon = await created(t, tenants.owner.token, event.coupons, {
      code: "SWEEP",
      discountType: "amount",
      amountOffCents: 100,
      maxRedemptions: 5,
      ticketIds: [ticket.id],
    });
    const old = await cartOf(t, event, [{ ticketId: ticket.id, quantity: 1 }], { couponCodes: ["SWEEP"] });
    const fresh = await cartOf(t, event, [{ ticketId: ticket.id, quantity: 1 }]);
    expect(await unitsTaken(t, ticket.id)).toBe(2);
    await ageCart(old.id);
    // The scheduled sweep may have run meanwhile: either way the cart is released once.
    await expireCarts(t.context);
    expect(await unitsTaken(t, ticket.id)).toBe(1);
    const [used] = await t.context.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used?.redemptions).toBe(0);
    expect((await shop().read(old.token)).body).toMatchObject({ status: "cancelled", cancelReason: "expired" });
    expect((await shop().read(fresh.token)).body.status).toBe("in_cart");
    expect(await orderAudits(t, old.id)).toEqual(["ticketing.order.created", "ticketing.order.expired"]);
    expect(await expireCarts(t.context)).toBe(0);
    expect(await unitsTaken(t, ticket.id)).toBe(1);
  });

  it("completes a due cart whose payment succeeded without the platform hearing of it", async () => {
    const ticket = await addTicket(t, tenants.owner, event, { caption: { en: "Heard late" } });
    const { cart } = await cartWithPayment(ticket.id);
    // The payment went through at the provider; its event never arrived.
    await t.context.db
      .update(simulatedPayments)
      .set({ status: "succeeded" })
      .where(eq(simulatedPayments.orderId, cart.id));
    await ageCart(cart.id);
    await expireCarts(t.context);
    expect((await shop().read(cart.token)).body.status).toBe("completed");
    expect(await unitsTaken(t, ticket.id)).toBe(1);
  });

  it("completes a due cart paid while the process stopped before the simulator's answer was recorded", async () => {
    const ticket = await addTicket(t, tenants.owner, event, { caption: { en: "Answer lost" } });
    const { cart } = await cartWithPayment(ticket.id);
    // What a kill leaves: the intent recorded before the simulator was asked, the card charged, nothing more.
    await t.context.db
      .update(orderPayments)
      .set({ providerPaymentId: null, status: "requires_payment_method" })
      .where(eq(orderPayments.orderId, cart.id));
    await t.context.db
      .update(simulatedPayments)
      .set({ status: "succeeded" })
      .where(eq(simulatedPayments.orderId, cart.id));
    await ageCart(cart.id);
    await expireCarts(t.context);
    const read = await shop().read(cart.token);
    expect(read.body).toMatchObject({ status: "completed", cancelReason: null });
    expect(read.body.payments).toMatchObject([{ status: "succeeded" }]);
    expect(await orderAudits(t, cart.id)).toEqual(["ticketing.order.created", "ticketing.order.completed"]);
  });

  it("keeps a due cart whose payment cannot be asked about, as it may have succeeded", async () => {
    const ticket = await addTicket(t, tenants.owner, event, { caption: { en: "Unreachable" } });
    const { cart } = await cartWithPayment(ticket.id);
    // A Stripe payment on an instance where Stripe is no longer configured: nobody can say whether it was paid.
    await t.context.db.update(orderPayments).set({ provider: "stripe" }).where(eq(orderPayments.orderId, cart.id));
    await ageCart(cart.id);
    await expireCarts(t.context);
    const [kept] = await t.context.db.select().from(orders).where(eq(orders.id, cart.id));
    expect(kept?.status).toBe("in_cart");
    expect(await unitsTaken(t, ticket.id)).toBe(1);
  });
});

describe("a payment succeeding after the cart expired", () => {
  it("completes the order when its units can be taken again", async () => {
    const ticket = await addTicket(t, tenants.owner, event, { caption: { en: "Late" }, maxQuantity: 1 });
    const { cart, clientSecret } = await cartWithPayment(ticket.id);
    await ageCart(cart.id);
    await expireCarts(t.context);
    expect(await unitsTaken(t, ticket.id)).toBe(0);
    expect((await confirmCard(clientSecret)).body.status).toBe("succeeded");
    const read = await shop().read(cart.token);
    expect(read.body).toMatchObject({ status: "completed", cancelReason: null });
    expect(await unitsTaken(t, ticket.id)).toBe(1);
    expect(await orderAudits(t, cart.id)).toEqual([
      "ticketing.order.created",
      "ticketing.order.expired",
      "ticketing.order.completed",
    ]);
  });

  it("refunds the payment automatically when the units went to someone else", async () => {
    const ticket = await addTicket(t, tenants.owner, event, { caption: { en: "Gone" }, maxQuantity: 1 });
    const { cart, clientSecret } = await cartWithPayment(ticket.id);
    await ageCart(cart.id);
    await expireCarts(t.context);
    await paidOrder(t, event, [{ ticketId: ticket.id, quantity: 1 }]);
    await confirmCard(clientSecret);
    const read = await shop().read(cart.token);
    expect(read.body).toMatchObject({ status: "cancelled", cancelReason: "expired" });
    expect(read.body.refunds).toMatchObject([
      { reason: "automatic", amountCents: 1200, status: "succeeded", itemIds: [] },
    ]);
    expect(await unitsTaken(t, ticket.id)).toBe(1);
    const [payment] = await t.context.db.select().from(simulatedPayments).where(eq(simulatedPayments.orderId, cart.id));
    expect(payment).toMatchObject({ status: "succeeded", refundedCents: 1200 });
    expect((await orderAudits(t, cart.id)).at(-1)).toBe("ticketing.order.payment_refunded");
  });

  it("refunds a payment of an order the organizer cancelled, and a second payment of a paid order", async () => {
    const ticket = await addTicket(t, tenants.owner, event, { caption: { en: "Twice" } });
    const { cart, clientSecret } = await cartWithPayment(ticket.id);
    const url = `/api/v1/events/${tenants.owner.accountId}/${event.id}/orders/${cart.id}`;
    await t.request({ method: "POST", url, token: tenants.owner.token, body: { status: "cancelled" } });
    await confirmCard(clientSecret);
    expect((await shop().read(cart.token)).body.refunds).toMatchObject([{ reason: "automatic", status: "succeeded" }]);

    // A second payment for the same order (another tab): the order keeps the first, the second goes back.
    const paid = await cartWithPayment(ticket.id);
    const otherTab = await createPaymentSimulator(t.context).createPayment({
      orderId: paid.cart.id,
      amountCents: 1200,
      currency: "EUR",
      description: "other tab",
      idempotencyKey: `other-tab-${paid.cart.id}`,
    });
    await confirmCard(paid.clientSecret);
    await confirmCard(otherTab.clientSecret);
    const read = await shop().read(paid.cart.token);
    expect(read.body.status).toBe("completed");
    expect(read.body.payments).toHaveLength(2);
    expect(read.body.refunds).toMatchObject([{ reason: "automatic", amountCents: 1200, status: "succeeded" }]);
  });
});
