import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../../testing/test-app.js";
import { AppError } from "../errors.js";
import { recordPaymentEventOnce } from "./payment-events.js";
import type { StripeProvider } from "./payment-provider.js";
import { paymentEvents } from "./payments.tables.js";
import { type StripeFake, startStripeFake } from "./stripe-fake.testing.js";
import { createStripeProvider } from "./stripe-provider.js";

const secretKey = "sk_test_platform";
const webhookSecret = "whsec_test_secret";

let fake: StripeFake;
let stripe: StripeProvider;
/** Plays Stripe.js in the buyer's browser, which confirms the PaymentIntent with a card. */
let browser: Stripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startStripeFake({ secretKey, webhookSecret });
  stripe = createStripeProvider({ secretKey, publishableKey: "pk_test_platform", webhookSecret, apiUrl: fake.url });
  const { hostname, port } = new URL(fake.url);
  browser = new Stripe(secretKey, { host: hostname, port, protocol: "http", telemetry: false });
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const newPayment = (idempotencyKey: string = randomUUID(), amountCents = 2500) =>
  stripe.createPayment({
    orderId: "order-1",
    amountCents,
    currency: "EUR",
    description: "Summit — 1 ticket",
    idempotencyKey,
    metadata: { event: "summit" },
  });

async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

/** What the browser does with a card, ignoring Stripe's card error: the outcome is read back from the provider. */
const payWith = (providerPaymentId: string, paymentMethod: string) =>
  browser.paymentIntents.confirm(providerPaymentId, { payment_method: paymentMethod }).catch((error: unknown) => {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
  });

const lastEventOf = (type: string) => {
  const event = fake.events.findLast((candidate) => candidate.type === type);
  if (!event) throw new Error(`no ${type} event`);
  return event;
};

describe("payments through Stripe", () => {
  test("a test key takes test payments; the order rides in the PaymentIntent's metadata", async () => {
    expect(stripe.livemode).toBe(false);
    const payment = await newPayment();
    expect(payment).toMatchObject({
      status: "requires_payment_method",
      declineCode: null,
      amountCents: 2500,
      currency: "EUR",
      orderId: "order-1",
      livemode: false,
    });
    expect(payment.clientSecret).toContain("_secret_");
    const create = fake.requests.find((request) => request.path === "/v1/payment_intents");
    expect(create?.idempotencyKey).toBeTruthy();
  });

  test("create → confirm in the browser → succeeded", async () => {
    const payment = await newPayment();
    await payWith(payment.providerPaymentId, "pm_card_visa");
    expect(await stripe.retrievePayment(payment.providerPaymentId)).toMatchObject({
      status: "succeeded",
      declineCode: null,
    });
  });

  test.each([
    ["pm_card_chargeDeclined", "generic_decline"],
    ["pm_card_chargeDeclinedInsufficientFunds", "insufficient_funds"],
    ["pm_card_chargeDeclinedExpiredCard", "expired_card"],
    ["pm_card_chargeDeclinedProcessingError", "processing_error"],
  ])("a declined card (%s) is a failed payment with its decline code %s", async (paymentMethod, declineCode) => {
    const payment = await newPayment();
    await payWith(payment.providerPaymentId, paymentMethod);
    expect(await stripe.retrievePayment(payment.providerPaymentId)).toMatchObject({ status: "failed", declineCode });
  });

  test("3-D Secure: requires_action, then succeeded or failed as the buyer answers", async () => {
    const passed = await newPayment();
    await payWith(passed.providerPaymentId, "pm_card_authenticationRequired");
    expect((await stripe.retrievePayment(passed.providerPaymentId)).status).toBe("requires_action");
    fake.authenticate(passed.providerPaymentId, true);
    expect((await stripe.retrievePayment(passed.providerPaymentId)).status).toBe("succeeded");

    const failed = await newPayment();
    await payWith(failed.providerPaymentId, "pm_card_threeDSecure2Required");
    fake.authenticate(failed.providerPaymentId, false);
    expect(await stripe.retrievePayment(failed.providerPaymentId)).toMatchObject({
      status: "failed",
      declineCode: "authentication_failed",
    });
  });

  test("a retried creation (same idempotency key) is the same PaymentIntent; other details are refused", async () => {
    const key = randomUUID();
    const first = await newPayment(key);
    const retried = await newPayment(key);
    expect(retried.providerPaymentId).toBe(first.providerPaymentId);
    expect(await refusal(newPayment(key, 9900))).toMatchObject({ status: 409, code: "PAYMENT_IDEMPOTENCY_CONFLICT" });
  });

  test("an unknown payment is not found", async () => {
    expect(await refusal(stripe.retrievePayment("pi_unknown"))).toMatchObject({ status: 404 });
  });

  test("is found by its idempotency key, kept in its metadata (what the orders knew it by before its answer)", async () => {
    const key = `order-${randomUUID()}-payment-1`;
    expect(await stripe.findPayment(key)).toBeNull();
    const created = await newPayment(key);
    expect(created.paymentKey).toBe(key);
    expect(await stripe.findPayment(key)).toEqual(created);
    // A PaymentIntent made without our key (before it was kept, or elsewhere) is known by its own id.
    const bare = await browser.paymentIntents.create({ amount: 1000, currency: "eur" });
    expect((await stripe.retrievePayment(bare.id)).paymentKey).toBe(bare.id);
  });
});

describe("refunds through Stripe", () => {
  async function paidPayment() {
    const payment = await newPayment(randomUUID(), 10_000);
    await payWith(payment.providerPaymentId, "pm_card_visa");
    return payment;
  }
  const refund = (providerPaymentId: string, amountCents: number, idempotencyKey = randomUUID()) =>
    stripe.refund({ providerPaymentId, amountCents, idempotencyKey });

  test("partial, then the rest; more is refused", async () => {
    const payment = await paidPayment();
    const first = await refund(payment.providerPaymentId, 4000);
    expect(first).toMatchObject({
      providerPaymentId: payment.providerPaymentId,
      amountCents: 4000,
      currency: "EUR",
      status: "succeeded",
    });
    await refund(payment.providerPaymentId, 6000);
    expect(await refusal(refund(payment.providerPaymentId, 1))).toMatchObject({
      status: 409,
      code: "PAYMENT_REFUND_TOO_LARGE",
    });
  });

  test("over-refund at once is refused", async () => {
    const payment = await paidPayment();
    expect(await refusal(refund(payment.providerPaymentId, 10_001))).toMatchObject({
      code: "PAYMENT_REFUND_TOO_LARGE",
    });
  });

  test("a retried refund (same key) is the same refund, made once", async () => {
    const payment = await paidPayment();
    const key = randomUUID();
    const first = await refund(payment.providerPaymentId, 2500, key);
    const retried = await refund(payment.providerPaymentId, 2500, key);
    expect(retried.providerRefundId).toBe(first.providerRefundId);
    const made = fake.events.filter(
      (event) => event.type === "refund.created" && event.data.object.payment_intent === payment.providerPaymentId,
    );
    expect(made).toHaveLength(1);
  });

  test("an unpaid payment is not refundable", async () => {
    const payment = await newPayment();
    expect(await refusal(refund(payment.providerPaymentId, 100))).toMatchObject({ code: "PAYMENT_NOT_REFUNDABLE" });
  });
});

describe("Stripe webhooks", () => {
  test("a signed payment_intent.succeeded reads as payment.succeeded, with the key it was created with", async () => {
    const key = randomUUID();
    const payment = await newPayment(key);
    await payWith(payment.providerPaymentId, "pm_card_visa");
    const event = lastEventOf("payment_intent.succeeded");
    const { body, signature } = fake.signedWebhook(event);
    expect(stripe.parseWebhook(body, signature)).toEqual({
      id: event.id,
      type: "payment.succeeded",
      provider: "stripe",
      livemode: false,
      providerPaymentId: payment.providerPaymentId,
      paymentKey: key,
      orderId: "order-1",
      occurredAt: expect.any(String),
      amountCents: 2500,
      currency: "EUR",
    });
  });

  test("failed payments and refunds have their own events; others are not acted upon", async () => {
    const declined = await newPayment();
    await payWith(declined.providerPaymentId, "pm_card_chargeDeclinedInsufficientFunds");
    const failed = fake.signedWebhook(lastEventOf("payment_intent.payment_failed"));
    expect(stripe.parseWebhook(failed.body, failed.signature)).toMatchObject({
      type: "payment.failed",
      declineCode: "insufficient_funds",
      providerPaymentId: declined.providerPaymentId,
    });

    const paid = await newPayment();
    await payWith(paid.providerPaymentId, "pm_card_visa");
    const made = await stripe.refund({
      providerPaymentId: paid.providerPaymentId,
      amountCents: 700,
      idempotencyKey: randomUUID(),
    });
    const refunded = fake.signedWebhook(lastEventOf("refund.created"));
    expect(stripe.parseWebhook(refunded.body, refunded.signature)).toMatchObject({
      type: "payment.refunded",
      providerPaymentId: paid.providerPaymentId,
      providerRefundId: made.providerRefundId,
      amountCents: 700,
      currency: "EUR",
    });

    const created = fake.signedWebhook(lastEventOf("payment_intent.created"));
    expect(stripe.parseWebhook(created.body, created.signature)).toBeNull();
  });

  test("a tampered body, a wrong secret, a missing or too old signature are refused with 400", async () => {
    const event = lastEventOf("payment_intent.succeeded");
    const { body, signature } = fake.signedWebhook(event);
    const tampered = body.replace(/"amount":\d+/, '"amount":1');
    expect(tampered).not.toBe(body);
    const forged = fake.signedWebhook(event, { secret: "whsec_someone_else" });
    const old = fake.signedWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    for (const [rawBody, header] of [
      [tampered, signature],
      [forged.body, forged.signature],
      [body, undefined],
      [old.body, old.signature],
    ] as const) {
      const error = (() => {
        try {
          stripe.parseWebhook(rawBody, header);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, code: "PAYMENT_WEBHOOK_INVALID" });
    }
  });

  test("delivered over HTTP as Stripe posts it, the raw body and its header pass the check", async () => {
    const payment = await newPayment();
    await payWith(payment.providerPaymentId, "pm_card_visa");
    const received: unknown[] = [];
    const endpoint = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push(stripe.parseWebhook(body, request.headers["stripe-signature"] as string));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    const { port } = endpoint.address() as AddressInfo;
    try {
      const status = await fake.deliverWebhook(`http://127.0.0.1:${port}/`, lastEventOf("payment_intent.succeeded"));
      expect(status).toBe(200);
      expect(received).toEqual([
        expect.objectContaining({ type: "payment.succeeded", providerPaymentId: payment.providerPaymentId }),
      ]);
    } finally {
      endpoint.close();
    }
  });

  test("a replayed webhook is recorded once", async () => {
    const payment = await newPayment();
    await payWith(payment.providerPaymentId, "pm_card_visa");
    const { body, signature } = fake.signedWebhook(lastEventOf("payment_intent.succeeded"));
    const event = stripe.parseWebhook(body, signature);
    if (!event) throw new Error("expected a payment event");
    const replay = stripe.parseWebhook(body, signature);
    if (!replay) throw new Error("expected a payment event");
    const firsts = await Promise.all([
      t.context.db.transaction((tx) => recordPaymentEventOnce(tx, event)),
      t.context.db.transaction((tx) => recordPaymentEventOnce(tx, replay)),
    ]);
    expect(firsts.sort()).toEqual([false, true]);
    expect(await t.context.db.transaction((tx) => recordPaymentEventOnce(tx, event))).toBe(false);
    const rows = await t.context.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "stripe",
      type: "payment.succeeded",
      providerPaymentId: payment.providerPaymentId,
      orderId: "order-1",
      payload: event,
    });
  });
});
