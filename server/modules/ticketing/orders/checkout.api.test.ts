import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentEvents } from "../../../platform/payments/payments.tables.js";
import { registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { guests } from "../../guests/guests.tables.js";
import { posted } from "../billing/billing.testing.js";
import { orders } from "../ticketing.tables.js";
import { handlePaymentEvent } from "./order-payments.js";
import { orderPayments } from "./orders.tables.js";
import {
  addTicket,
  billing,
  buyer,
  card,
  cartOf,
  orderAudits,
  shopClient,
  shopEvent,
  unitsTaken,
} from "./orders.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() =>
  shopEvent(t, tenants.owner, {}, [], {
    otherPaymentMethods: {
      bankTransfer: { enabled: true, instructions: { en: "IBAN FR76 0000" } },
      cheque: { enabled: false, instructions: {} },
    },
  }),
);
const entry = madeBeforeAll(() => addTicket(t, tenants.owner, event));

const shop = () => shopClient(t, event);
const line = () => [{ ticketId: entry.id, quantity: 1 }];
const pay = (token: string, overrides: Record<string, unknown> = {}) =>
  shop().checkout(token, { method: "card", billing, termsAccepted: true, card: card(), ...overrides });

describe("checkout by card with the simulator", () => {
  it("completes the order with a success card, marked as a test order, its holder attending", async () => {
    const cart = await cartOf(t, event, line());
    const response = await pay(cart.token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.payment).toMatchObject({ provider: "simulator", status: "succeeded", amountCents: 1200 });
    expect(response.body.cart).toMatchObject({
      status: "completed",
      paymentMethod: "online",
      testMode: true,
      reservedUntil: null,
      billing: { name: "Ada Lovelace", city: "Paris", buyerKind: "individual" },
    });
    expect(response.body.cart.termsAcceptedAt).not.toBeNull();
    expect(response.body.cart.payments).toMatchObject([{ status: "succeeded", amountCents: 1200, livemode: false }]);
    const [holder] = await t.context.db
      .select({ status: guests.status })
      .from(guests)
      .where(eq(guests.id, response.body.cart.buyer.guestId));
    expect(holder?.status).toBe("confirmed");
    expect(await orderAudits(t, cart.id)).toEqual(["ticketing.order.created", "ticketing.order.completed"]);
  });

  it("refuses to pay a completed order again", async () => {
    const cart = await cartOf(t, event, line());
    await pay(cart.token);
    const again = await pay(cart.token);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "ORDER_ALREADY_PAID",
      message: "This order has already been paid.",
    });
  });

  it("leaves the cart as it is when the card is declined, and takes another card on the same payment", async () => {
    const cart = await cartOf(t, event, line());
    const declined = await pay(cart.token, { card: card("4000 0000 0000 9995") });
    expect(declined.status).toBe(200);
    expect(declined.body.payment).toMatchObject({ status: "failed", declineCode: "insufficient_funds" });
    expect(declined.body.cart.status).toBe("in_cart");
    const retried = await pay(cart.token);
    expect(retried.body.payment).toMatchObject({
      status: "succeeded",
      providerPaymentId: declined.body.payment.providerPaymentId,
    });
    expect(retried.body.cart.status).toBe("completed");
  });

  it("goes through the 3-D Secure step, completed or failed", async () => {
    const cart = await cartOf(t, event, line());
    const started = await pay(cart.token, { card: card("4000 0025 0000 3155") });
    expect(started.body.payment.status).toBe("requires_action");
    expect(started.body.cart.status).toBe("in_cart");
    const done = await shop().authenticate(cart.token, "complete");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.cart.status).toBe("completed");

    const other = await cartOf(t, event, line());
    await pay(other.token, { card: card("4000 0000 0000 3220") });
    const failed = await shop().authenticate(other.token, "fail");
    expect(failed.body.payment).toMatchObject({ status: "failed", declineCode: "authentication_failed" });
    expect(failed.body.cart.status).toBe("in_cart");
    expect((await shop().authenticate(other.token, "complete")).status).toBe(409);
  });

  it("starts the payment without a card, for the card form to confirm with the client secret", async () => {
    const cart = await cartOf(t, event, line());
    const response = await pay(cart.token, { card: undefined });
    expect(response.body.payment).toMatchObject({ status: "requires_payment_method", publishableKey: null });
    const confirm = await t.request({
      method: "POST",
      url: "/api/v1/public/payments/simulator/confirm",
      body: { clientSecret: response.body.payment.clientSecret, card: card() },
    });
    expect(confirm.status).toBe(200);
    expect((await shop().read(cart.token)).body.status).toBe("completed");
  });

  it("refuses a card number that fails its checks, with the field named", async () => {
    const cart = await cartOf(t, event, line());
    const response = await pay(cart.token, { card: card("4242 4242 4242 4241") });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toHaveProperty("card.number");
  });
});

describe("checkout rules", () => {
  it("asks for the terms first (SPEC §5) and for the billing fields", async () => {
    const cart = await cartOf(t, event, line());
    const terms = await pay(cart.token, { termsAccepted: false });
    expect(terms.status).toBe(400);
    expect(terms.body.error.fields.termsAccepted).toBe("Please accept the terms.");
    const noName = await pay(cart.token, { billing: { ...billing, name: "" } });
    expect(noName.body.error.fields).toHaveProperty("billing.name");
    const badSiret = await pay(cart.token, { billing: { ...billing, buyerKind: "company", siret: "12345678901234" } });
    expect(badSiret.body.error.fields).toHaveProperty("billing.siret");
  });

  it("puts the order in awaiting payment for a bank transfer; refuses a method not offered", async () => {
    const cart = await cartOf(t, event, line());
    const cheque = await shop().checkout(cart.token, { method: "cheque", billing, termsAccepted: true });
    expect(cheque.status).toBe(400);
    expect(cheque.body.error.code).toBe("CART_PAYMENT_METHOD_UNAVAILABLE");
    const transfer = await shop().checkout(cart.token, { method: "bankTransfer", billing, termsAccepted: true });
    expect(transfer.status).toBe(200);
    expect(transfer.body.payment).toBeNull();
    expect(transfer.body.cart).toMatchObject({
      status: "awaiting_payment",
      paymentMethod: "other",
      otherPaymentKind: "bankTransfer",
      reservedUntil: null,
    });
  });

  it("completes a free order without a card", async () => {
    const free = await addTicket(t, tenants.owner, event, {
      caption: { en: "Free" },
      pricePeriods: [{ startsAt: null, endsAt: null, priceCents: 0, priceBasis: "incl" }],
    });
    const cart = await cartOf(t, event, [{ ticketId: free.id, quantity: 1 }]);
    const response = await pay(cart.token, { card: undefined });
    expect(response.body.payment).toBeNull();
    expect(response.body.cart).toMatchObject({ status: "completed", totalInclTaxCents: 0 });
  });

  it("releases an expired cart when its buyer comes back: Your reservation has expired.", async () => {
    const cart = await cartOf(t, event, line());
    const taken = await unitsTaken(t, entry.id);
    await t.context.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, cart.id));
    const response = await pay(cart.token);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("CART_EXPIRED");
    expect(await unitsTaken(t, entry.id)).toBe((taken ?? 0) - 1);
    expect((await shop().read(cart.token)).body).toMatchObject({ status: "cancelled", cancelReason: "expired" });
    const update = await shop().update(cart.token, { buyer: buyer(), items: line() });
    expect(update.status).toBe(409);
    expect(update.body.error.code).toBe("ORDER_NOT_IN_CART");
  });

  it("keeps the reservation time of the params", async () => {
    const quick = await shopEvent(t, tenants.owner, {}, [], { reservationMinutes: 3 });
    const ticket = await addTicket(t, tenants.owner, quick);
    const cart = await cartOf(t, quick, [{ ticketId: ticket.id, quantity: 1 }]);
    expect(Date.parse(cart.reservedUntil as string) - Date.parse(cart.createdAt as string)).toBe(3 * 60_000);
    await posted(t, tenants.owner.token, quick.params, { officeOpen: false });
  });
});

describe("a payment's settlement", () => {
  it("records the provider's event once, even for a payment of no known order, and changes no order", async () => {
    const event = {
      id: `evt_unknown_${Date.now()}`,
      provider: "stripe" as const,
      livemode: false,
      providerPaymentId: `pi_unknown_${Date.now()}`,
      paymentKey: `pi_unknown_${Date.now()}`,
      orderId: null,
      occurredAt: new Date().toISOString(),
      type: "payment.succeeded" as const,
      amountCents: 2500,
      currency: "EUR",
    };
    const ordersBefore = await t.context.db.select({ id: orders.id, status: orders.status }).from(orders);
    await handlePaymentEvent(t.context, event);
    await handlePaymentEvent(t.context, event);
    const recorded = await t.context.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ providerPaymentId: event.providerPaymentId, orderId: null, payload: event });
    expect(await t.context.db.select({ id: orders.id, status: orders.status }).from(orders)).toEqual(ordersBefore);
  });

  it("records the event with the payment it settles, its order completed once however often it comes", async () => {
    const cart = await cartOf(t, event, line());
    const started = await shop().checkout(cart.token, { method: "card", billing, termsAccepted: true });
    const payment = started.body.payment;
    const [recordedPayment] = await t.context.db
      .select({ key: orderPayments.idempotencyKey })
      .from(orderPayments)
      .where(eq(orderPayments.orderId, cart.id));
    const succeeded = {
      id: `evt_settles_${Date.now()}`,
      provider: "simulator" as const,
      livemode: false,
      providerPaymentId: payment.providerPaymentId as string,
      paymentKey: recordedPayment?.key ?? "",
      orderId: cart.id,
      occurredAt: new Date().toISOString(),
      type: "payment.succeeded" as const,
      amountCents: payment.amountCents as number,
      currency: payment.currency as string,
    };
    await handlePaymentEvent(t.context, succeeded);
    await handlePaymentEvent(t.context, succeeded);
    const recorded = await t.context.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, succeeded.id));
    expect(recorded).toHaveLength(1);
    expect((await shop().read(cart.token)).body).toMatchObject({ status: "completed" });
    const audits = await orderAudits(t, cart.id);
    expect(audits.filter((action) => action === "ticketing.order.completed")).toHaveLength(1);
  });
});
