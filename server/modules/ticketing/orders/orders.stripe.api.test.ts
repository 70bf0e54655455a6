import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents } from "../../../platform/payments/payments.tables.js";
import {
  type StripeFake,
  type StripeFakeEvent,
  startStripeFake,
} from "../../../platform/payments/stripe-fake.testing.js";
import { registerTenants } from "../../../testing/fixtures.js";
import { startTestApp, type TestApp } from "../../../testing/test-app.js";
import { reconcilePayments } from "./order-payments.js";
import { orderPayments } from "./orders.tables.js";
import {
  addTicket,
  billing,
  card,
  cartOf,
  orderAudits,
  type ShopEvent,
  shopClient,
  shopEvent,
} from "./orders.testing.js";

/**
 * Orders paid through Stripe (its SDK against the local fake): the browser confirms the PaymentIntent with Stripe.js,
 * the signed webhook completes the order, a replayed webhook changes nothing, refunds go back through Stripe.
 */

const secretKey = "sk_test_orders";
const webhookSecret = "whsec_orders_secret";
const webhookUrl = "/api/v1/payments/webhook";

let fake: StripeFake;
/** Plays Stripe.js in the buyer's browser. */
let browser: Stripe;
let t: TestApp;
let tenants: Awaited<ReturnType<typeof registerTenants>>;
let event: ShopEvent;
let entry: { id: string };

beforeAll(async () => {
  fake = await startStripeFake({ secretKey, webhookSecret });
  const { hostname, port } = new URL(fake.url);
  browser = new Stripe(secretKey, { host: hostname, port, protocol: "http", telemetry: false });
  t = await startTestApp({
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_orders",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: fake.url,
  });
  tenants = await registerTenants(t);
  event = await shopEvent(t, tenants.owner);
  entry = await addTicket(t, tenants.owner, event);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const shop = () => shopClient(t, event);
const checkout = (token: string, extra: Record<string, unknown> = {}) =>
  shop().checkout(token, { method: "card", billing, termsAccepted: true, ...extra });

function deliver(stripeEvent: StripeFakeEvent, signature?: string) {
  const signed = fake.signedWebhook(stripeEvent);
  return t.request({
    method: "POST",
    url: webhookUrl,
    body: signed.body,
    headers: { "content-type": "application/json", "stripe-signature": signature ?? signed.signature },
  });
}

const eventFor = (type: string, paymentIntentId: string) => {
  const found = fake.events.findLast(
    (candidate) => candidate.type === type && (candidate.data.object as { id?: string }).id === paymentIntentId,
  );
  if (!found) throw new Error(`no ${type} event for ${paymentIntentId}`);
  return found;
};

/** A cart whose PaymentIntent the browser confirmed with a card: answers the cart and its PaymentIntent's id. */
async function confirmedInBrowser(paymentMethod = "pm_card_visa") {
  const cart = await cartOf(t, event, [{ ticketId: entry.id, quantity: 1 }]);
  const started = await checkout(cart.token);
  expect(started.body.payment).toMatchObject({
    provider: "stripe",
    publishableKey: "pk_test_orders",
    amountCents: 1200,
  });
  const intentId = started.body.payment.providerPaymentId as string;
  await browser.paymentIntents.confirm(intentId, { payment_method: paymentMethod }).catch((error: unknown) => {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
  });
  return { cart, intentId };
}

describe("Stripe payments of orders", () => {
  it("completes the order on the signed webhook, once however often it is delivered", async () => {
    const { cart, intentId } = await confirmedInBrowser();
    expect(
      (
        await t.request({
          method: "GET",
          url: `/api/v1/events/${tenants.owner.accountId}/${event.id}/orders/${cart.id}`,
          token: tenants.owner.token,
        })
      ).body.status,
    ).toBe("in_cart");
    const succeeded = eventFor("payment_intent.succeeded", intentId);
    const first = await deliver(succeeded);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replay = await deliver(succeeded);
    expect(replay.status).toBe(200);
    const read = await shop().read(cart.token);
    expect(read.body).toMatchObject({ status: "completed", testMode: true, paymentMethod: "online" });
    expect(read.body.payments).toMatchObject([{ provider: "stripe", status: "succeeded", livemode: false }]);
    expect(await orderAudits(t, cart.id)).toEqual(["ticketing.order.created", "ticketing.order.completed"]);
    const recorded = await t.context.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, succeeded.id));
    expect(recorded).toHaveLength(1);
  });

  it("refuses a webhook whose signature does not match", async () => {
    const { intentId } = await confirmedInBrowser();
    const response = await deliver(eventFor("payment_intent.succeeded", intentId), "t=1,v1=deadbeef");
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("PAYMENT_WEBHOOK_INVALID");
  });

  it("completes the order when the browser comes back before the webhook", async () => {
    const { cart } = await confirmedInBrowser();
    expect((await shop().read(cart.token)).body.status).toBe("completed");
  });

  it("records a declined card from its webhook and leaves the cart in cart", async () => {
    const { cart, intentId } = await confirmedInBrowser("pm_card_chargeDeclined");
    expect((await deliver(eventFor("payment_intent.payment_failed", intentId))).status).toBe(200);
    const read = await shop().read(cart.token);
    expect(read.body.status).toBe("in_cart");
    expect(read.body.payments).toMatchObject([{ status: "failed", declineCode: "generic_decline" }]);
  });

  it("never takes card numbers itself when Stripe takes the payments", async () => {
    const cart = await cartOf(t, event, [{ ticketId: entry.id, quantity: 1 }]);
    const response = await checkout(cart.token, { card: card() });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("CART_CARD_NOT_ACCEPTED");
  });

  it("refunds through Stripe, with the refund row's id as idempotency key", async () => {
    const { cart, intentId } = await confirmedInBrowser();
    await deliver(eventFor("payment_intent.succeeded", intentId));
    const url = `/api/v1/events/${tenants.owner.accountId}/${event.id}/orders/${cart.id}/refund`;
    const refunded = await t.request({ method: "POST", url, token: tenants.owner.token, body: {} });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({ status: "refunded", refundedCents: 1200 });
    expect(refunded.body.refunds).toMatchObject([{ amountCents: 1200, status: "succeeded" }]);
    const request = fake.requests.findLast((candidate) => candidate.path === "/v1/refunds");
    expect(request?.idempotencyKey).toBe(`order-refund-${refunded.body.refunds[0].id}`);
    // Stripe's own refund event, delivered afterwards, changes nothing.
    const refundEvent = fake.events.findLast((candidate) => candidate.type === "refund.created");
    if (!refundEvent) throw new Error("no refund event");
    expect((await deliver(refundEvent)).status).toBe(200);
    expect((await shop().read(cart.token)).body.refunds).toMatchObject([{ status: "succeeded" }]);
  });
});

describe("a Stripe payment whose answer the process never recorded (it stopped in between)", () => {
  /** A started payment as a crash right after Stripe's answer leaves it: the intent recorded, no PaymentIntent id. */
  async function answerLost(cartId: string) {
    const [intent] = await t.context.db
      .update(orderPayments)
      .set({ providerPaymentId: null, status: "requires_payment_method" })
      .where(eq(orderPayments.orderId, cartId))
      .returning();
    if (!intent) throw new Error(`no payment recorded for ${cartId}`);
    return intent;
  }
  const orderRead = (cartId: string) =>
    t.request({
      method: "GET",
      url: `/api/v1/events/${tenants.owner.accountId}/${event.id}/orders/${cartId}`,
      token: tenants.owner.token,
    });

  it("was asked for with the intent's key, also in its metadata", async () => {
    const cart = await cartOf(t, event, [{ ticketId: entry.id, quantity: 1 }]);
    const started = await checkout(cart.token);
    const [row] = await t.context.db.select().from(orderPayments).where(eq(orderPayments.orderId, cart.id));
    expect(row).toMatchObject({
      idempotencyKey: `order-${cart.id}-payment-1`,
      providerPaymentId: started.body.payment.providerPaymentId,
    });
    const creation = fake.requests.findLast((request) => request.path === "/v1/payment_intents");
    expect(creation?.idempotencyKey).toBe(row?.idempotencyKey);
    const intent = await browser.paymentIntents.retrieve(started.body.payment.providerPaymentId);
    expect(intent.metadata).toMatchObject({ order_id: cart.id, payment_key: row?.idempotencyKey });
  });

  it("completes the order on its webhook, found by the intent recorded before Stripe was asked", async () => {
    const { cart, intentId } = await confirmedInBrowser();
    await answerLost(cart.id);
    expect((await deliver(eventFor("payment_intent.succeeded", intentId))).status).toBe(200);
    const read = await orderRead(cart.id);
    expect(read.body.status).toBe("completed");
    expect(read.body.payments).toMatchObject([{ providerPaymentId: intentId, status: "succeeded" }]);
  });

  it("completes the order by the payments sweep, which finds the PaymentIntent by its metadata", async () => {
    const { cart, intentId } = await confirmedInBrowser();
    await answerLost(cart.id);
    // A webhook never came: the sweep, past the few seconds a checkout waits for Stripe, asks for it.
    await reconcilePayments(t.context, new Date(Date.now() + 5_000));
    const read = await orderRead(cart.id);
    expect(read.body.status).toBe("completed");
    expect(read.body.payments).toMatchObject([{ providerPaymentId: intentId, status: "succeeded" }]);
    expect(fake.requests.some((request) => request.path === "/v1/payment_intents/search")).toBe(true);
    expect((await orderAudits(t, cart.id)).filter((action) => action === "ticketing.order.completed")).toHaveLength(1);
  });

  it("gives up an intent Stripe never received, after a while, and the next checkout records another", async () => {
    const cart = await cartOf(t, event, [{ ticketId: entry.id, quantity: 1 }]);
    // Refused after billing (a card number sent to Stripe's shop): the intent was recorded, Stripe never asked.
    expect((await checkout(cart.token, { card: card() })).status).toBe(400);
    await reconcilePayments(t.context, new Date(Date.now() + 5_000));
    const waiting = await t.context.db.select().from(orderPayments).where(eq(orderPayments.orderId, cart.id));
    expect(waiting).toMatchObject([{ providerPaymentId: null, status: "requires_payment_method" }]);
    await reconcilePayments(t.context, new Date(Date.now() + 11 * 60_000));
    const given = await t.context.db.select().from(orderPayments).where(eq(orderPayments.orderId, cart.id));
    expect(given).toMatchObject([{ providerPaymentId: null, status: "failed", declineCode: "canceled" }]);
    const started = await checkout(cart.token);
    expect(started.status).toBe(200);
    const [latest] = await t.context.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.providerPaymentId, started.body.payment.providerPaymentId));
    expect(latest?.idempotencyKey).toBe(`order-${cart.id}-payment-2`);
  });
});
