import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../../testing/test-app.js";
import { AppError } from "../errors.js";
import { handlePaymentEventsWith } from "./payment-events.js";
import type { PaymentEvent, SimulatorProvider } from "./payment-provider.js";
import { simulatedPayments, simulatedRefunds } from "./payments.tables.js";
import { createPaymentSimulator } from "./simulator.js";

let t: TestApp;
let simulator: SimulatorProvider;
const events: PaymentEvent[] = [];

beforeAll(async () => {
  t = await startTestApp();
  simulator = createPaymentSimulator(t.context);
  handlePaymentEventsWith(t.context.db, async (event) => {
    events.push(event);
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  events.length = 0;
});

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");
const card = (number: string, overrides: Record<string, string> = {}) => ({
  number,
  expiry: `11/${nextYear}`,
  cvc: "314",
  name: "Grace Hopper",
  ...overrides,
});

const newPayment = (amountCents = 4200, key = randomUUID()) =>
  simulator.createPayment({
    orderId: randomUUID(),
    amountCents,
    currency: "EUR",
    description: "2 tickets",
    idempotencyKey: key,
    metadata: { event: "summit" },
  });

/** The simulator's refusal of a call, or a failed test when it does not refuse. */
async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

const confirm = (clientSecret: string, cardBody: ReturnType<typeof card>) =>
  t.request({
    method: "POST",
    url: "/api/v1/public/payments/simulator/confirm",
    body: { clientSecret, card: cardBody },
  });

describe("a simulated payment", () => {
  test("starts waiting for a card, with a client secret for the browser, in test mode", async () => {
    const payment = await newPayment();
    expect(payment).toMatchObject({
      status: "requires_payment_method",
      declineCode: null,
      amountCents: 4200,
      currency: "EUR",
      livemode: false,
    });
    expect(payment.providerPaymentId).toMatch(/^pi_sim_/);
    expect(payment.clientSecret).toMatch(new RegExp(`^${payment.providerPaymentId}_secret_`));
  });

  test.each([
    ["4242 4242 4242 4242", "succeeded", null],
    ["5555 5555 5555 4444", "succeeded", null],
    ["4000 0000 0000 0002", "failed", "generic_decline"],
    ["4000 0000 0000 9995", "failed", "insufficient_funds"],
    ["4000 0000 0000 0069", "failed", "expired_card"],
    ["4000 0000 0000 0119", "failed", "processing_error"],
    ["4000 0025 0000 3155", "requires_action", null],
    ["4000 0000 0000 3220", "requires_action", null],
    ["4111 1111 1111 1111", "failed", "test_mode_live_card"],
  ])("card %s → %s (%s), through the card form's route", async (number, status, declineCode) => {
    const payment = await newPayment();
    const answer = await confirm(payment.clientSecret, card(number));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: payment.providerPaymentId,
      status,
      declineCode,
      amountCents: 4200,
      currency: "EUR",
    });
    // Stored, so any instance reads the same outcome; only the last four digits of the card are kept.
    const [row] = await t.context.db
      .select()
      .from(simulatedPayments)
      .where(eq(simulatedPayments.id, payment.providerPaymentId));
    expect(row).toMatchObject({ status, declineCode, cardLast4: number.replace(/ /g, "").slice(-4) });
    expect(await simulator.retrievePayment(payment.providerPaymentId)).toMatchObject({ status, declineCode });
  });

  test("an Amex test card succeeds with its 4-digit code", async () => {
    const payment = await newPayment();
    const answer = await confirm(payment.clientSecret, card("3782 822463 10005", { cvc: "1234" }));
    expect(answer.body.status).toBe("succeeded");
  });

  test("the card form's rules answer 400 with each field's message, and change nothing", async () => {
    const payment = await newPayment();
    const answer = await confirm(payment.clientSecret, card("4242 4242 4242 4241", { expiry: "01/20", cvc: "12" }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({
      "card.number": "This card number is not valid.",
      "card.expiry": "This expiry date is in the past.",
      "card.cvc": "The security code has 3 digits (4 on the front of an American Express card).",
    });
    const malformed = await confirm(payment.clientSecret, { ...card("4242424242424242"), expiry: "2/2030" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toEqual({ "card.expiry": "Write the expiry date as MM/YY." });
    expect((await simulator.retrievePayment(payment.providerPaymentId)).status).toBe("requires_payment_method");
  });

  test("the provider itself refuses a past expiry, whoever calls it", async () => {
    const payment = await newPayment();
    const error = await refusal(
      simulator.confirmCard({
        clientSecret: payment.clientSecret,
        card: card("4242424242424242", { expiry: "12/19" }),
      }),
    );
    expect(error.status).toBe(400);
    expect(error.options.fields).toEqual({ "card.expiry": { code: "CARD_EXPIRY_PAST" } });
  });

  test("a declined buyer may try another card; a payment that succeeded cannot be paid again", async () => {
    const payment = await newPayment();
    expect((await confirm(payment.clientSecret, card("4000000000009995"))).body.status).toBe("failed");
    expect((await confirm(payment.clientSecret, card("4242424242424242"))).body).toMatchObject({
      status: "succeeded",
      declineCode: null,
    });
    const again = await confirm(payment.clientSecret, card("4242424242424242"));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This payment has already been made.");
  });

  test("an unknown client secret is not found", async () => {
    const answer = await confirm("pi_sim_nope_secret_nope", card("4242424242424242"));
    expect(answer.status).toBe(404);
    expect(await refusal(simulator.retrievePayment("pi_sim_nope"))).toMatchObject({ status: 404 });
  });

  test("emits the outcome as a payment event, as Stripe's webhooks would", async () => {
    const payment = await newPayment();
    await confirm(payment.clientSecret, card("4000000000000002"));
    await confirm(payment.clientSecret, card("4242424242424242"));
    expect(events).toEqual([
      expect.objectContaining({
        type: "payment.failed",
        provider: "simulator",
        providerPaymentId: payment.providerPaymentId,
        orderId: payment.orderId,
        declineCode: "generic_decline",
        livemode: false,
      }),
      expect.objectContaining({ type: "payment.succeeded", amountCents: 4200, currency: "EUR" }),
    ]);
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
  });
});

describe("a payment created with a card (Stripe's confirm: true)", () => {
  const paidAtCreation = (number: string, key = randomUUID(), orderId = randomUUID()) =>
    simulator.createPayment({
      orderId,
      amountCents: 2500,
      currency: "EUR",
      description: "1 ticket",
      idempotencyKey: key,
      card: card(number),
    });

  test.each([
    ["4242 4242 4242 4242", "succeeded", null],
    ["4000 0000 0000 9995", "failed", "insufficient_funds"],
    ["4000 0025 0000 3155", "requires_action", null],
  ])("card %s → %s (%s) at once, stored and told as a confirmation would be", async (number, status, declineCode) => {
    const payment = await paidAtCreation(number);
    expect(payment).toMatchObject({ status, declineCode, amountCents: 2500 });
    const [row] = await t.context.db
      .select()
      .from(simulatedPayments)
      .where(eq(simulatedPayments.id, payment.providerPaymentId));
    expect(row).toMatchObject({ status, declineCode, cardLast4: number.replace(/ /g, "").slice(-4) });
    const told = { succeeded: ["payment.succeeded"], failed: ["payment.failed"], requires_action: [] }[status];
    expect(events.map((event) => event.type)).toEqual(told);
  });

  test("a bad card is refused before anything is stored", async () => {
    const key = randomUUID();
    const error = await refusal(paidAtCreation("4242 4242 4242 4241", key));
    expect(error.options.fields).toEqual({ "card.number": { code: "CARD_NUMBER_INVALID" } });
    const rows = await t.context.db.select().from(simulatedPayments).where(eq(simulatedPayments.idempotencyKey, key));
    expect(rows).toEqual([]);
  });

  test("the same key again confirms the payment it made: a declined one takes another card, a paid one is answered", async () => {
    const [key, orderId] = [randomUUID(), randomUUID()];
    const declined = await paidAtCreation("4000 0000 0000 0002", key, orderId);
    const retried = await paidAtCreation("4242 4242 4242 4242", key, orderId);
    expect(retried).toMatchObject({ providerPaymentId: declined.providerPaymentId, status: "succeeded" });
    // A checkout taken up after a crash asks again: it learns of the success, and nothing is charged twice.
    events.length = 0;
    const again = await paidAtCreation("4242 4242 4242 4242", key, orderId);
    expect(again).toEqual(retried);
    expect(events).toEqual([]);
  });

  test("is found by its idempotency key, which it carries (what the orders knew it by before its answer)", async () => {
    const [key, orderId] = [randomUUID(), randomUUID()];
    expect(await simulator.findPayment(key)).toBeNull();
    const paid = await paidAtCreation("4242 4242 4242 4242", key, orderId);
    expect(paid.paymentKey).toBe(key);
    expect(await simulator.findPayment(key)).toEqual(paid);
  });
});

describe("3-D Secure", () => {
  const authenticate = (clientSecret: string, outcome: string) =>
    t.request({
      method: "POST",
      url: "/api/v1/public/payments/simulator/authenticate",
      body: { clientSecret, outcome },
    });

  test("completed by the buyer, the payment succeeds", async () => {
    const payment = await newPayment();
    await confirm(payment.clientSecret, card("4000002500003155"));
    const answer = await authenticate(payment.clientSecret, "complete");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "succeeded", declineCode: null });
    expect(events.map((event) => event.type)).toEqual(["payment.succeeded"]);
  });

  test("failed by the buyer, the payment fails with authentication_failed and can be retried", async () => {
    const payment = await newPayment();
    await confirm(payment.clientSecret, card("4000000000003220"));
    const answer = await authenticate(payment.clientSecret, "fail");
    expect(answer.body).toMatchObject({ status: "failed", declineCode: "authentication_failed" });
    expect(events).toEqual([expect.objectContaining({ type: "payment.failed", declineCode: "authentication_failed" })]);
    expect((await confirm(payment.clientSecret, card("4242424242424242"))).body.status).toBe("succeeded");
  });

  test("only a payment waiting for it can be authenticated", async () => {
    const payment = await newPayment();
    const answer = await authenticate(payment.clientSecret, "complete");
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe("This payment is not waiting for an authentication.");
    expect((await authenticate("pi_sim_x_secret_y", "complete")).status).toBe(404);
    expect((await authenticate(payment.clientSecret, "maybe")).status).toBe(400);
  });
});

describe("idempotency", () => {
  test("the same key gives back the same payment, stored once", async () => {
    const key = randomUUID();
    const input = { orderId: randomUUID(), amountCents: 1500, currency: "EUR", description: "1 ticket" };
    const [first, second] = await Promise.all([
      simulator.createPayment({ ...input, idempotencyKey: key }),
      createPaymentSimulator(t.context).createPayment({ ...input, idempotencyKey: key }),
    ]);
    expect(second).toEqual(first);
    const rows = await t.context.db.select().from(simulatedPayments).where(eq(simulatedPayments.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  test("the same key with other details is refused with 409", async () => {
    const key = randomUUID();
    await newPayment(1500, key);
    const error = await refusal(newPayment(1600, key));
    expect(error).toMatchObject({ status: 409, code: "PAYMENT_IDEMPOTENCY_CONFLICT" });
  });
});

describe("refunds", () => {
  async function paidPayment(amountCents = 10_000) {
    const payment = await newPayment(amountCents);
    await simulator.confirmCard({ clientSecret: payment.clientSecret, card: card("4242424242424242") });
    events.length = 0;
    return payment;
  }
  const refund = (providerPaymentId: string, amountCents: number, idempotencyKey = randomUUID()) =>
    simulator.refund({ providerPaymentId, amountCents, idempotencyKey });

  test("partial, then the rest; nothing more", async () => {
    const payment = await paidPayment();
    const first = await refund(payment.providerPaymentId, 3000);
    expect(first).toMatchObject({
      providerPaymentId: payment.providerPaymentId,
      amountCents: 3000,
      currency: "EUR",
      status: "succeeded",
    });
    expect(first.providerRefundId).toMatch(/^re_sim_/);
    await refund(payment.providerPaymentId, 7000);
    const error = await refusal(refund(payment.providerPaymentId, 1));
    expect(error).toMatchObject({ status: 409, code: "PAYMENT_REFUND_TOO_LARGE" });
    const [row] = await t.context.db
      .select()
      .from(simulatedPayments)
      .where(eq(simulatedPayments.id, payment.providerPaymentId));
    expect(row?.refundedCents).toBe(10_000);
    expect(events.map((event) => [event.type, "amountCents" in event && event.amountCents])).toEqual([
      ["payment.refunded", 3000],
      ["payment.refunded", 7000],
    ]);
  });

  test("more than the payment at once is refused and leaves it untouched", async () => {
    const payment = await paidPayment(2000);
    expect(await refusal(refund(payment.providerPaymentId, 2001))).toMatchObject({ code: "PAYMENT_REFUND_TOO_LARGE" });
    const refunds = await t.context.db
      .select()
      .from(simulatedRefunds)
      .where(eq(simulatedRefunds.paymentId, payment.providerPaymentId));
    expect(refunds).toEqual([]);
  });

  test("concurrent refunds never refund more than was paid", async () => {
    const payment = await paidPayment(5000);
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => refund(payment.providerPaymentId, 2000)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    const [row] = await t.context.db
      .select()
      .from(simulatedPayments)
      .where(eq(simulatedPayments.id, payment.providerPaymentId));
    expect(row?.refundedCents).toBe(4000);
  });

  test("a retried refund (same key) is the same refund, made once", async () => {
    const payment = await paidPayment();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      refund(payment.providerPaymentId, 2500, key),
      refund(payment.providerPaymentId, 2500, key),
    ]);
    expect(second).toEqual(first);
    const refunds = await t.context.db
      .select()
      .from(simulatedRefunds)
      .where(eq(simulatedRefunds.paymentId, payment.providerPaymentId));
    expect(refunds).toHaveLength(1);
    expect(events).toHaveLength(1);
    expect(await refusal(refund(payment.providerPaymentId, 100, key))).toMatchObject({
      code: "PAYMENT_IDEMPOTENCY_CONFLICT",
    });
  });

  test("only a payment that succeeded is refundable", async () => {
    const payment = await newPayment();
    expect(await refusal(refund(payment.providerPaymentId, 100))).toMatchObject({
      status: 409,
      code: "PAYMENT_NOT_REFUNDABLE",
    });
    expect(await refusal(refund("pi_sim_unknown", 100))).toMatchObject({ status: 404 });
  });
});
