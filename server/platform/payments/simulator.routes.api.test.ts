import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../../testing/test-app.js";
import type { SimulatorProvider } from "./payment-provider.js";
import { createPaymentSimulator } from "./simulator.js";

// A small address budget, so that going past it takes a few calls; the per-payment budget is the shop's 30.
let t: TestApp;
let simulator: SimulatorProvider;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_SHOP_POSTS_PER_MINUTE: "3" });
  simulator = createPaymentSimulator(t.context);
});
afterAll(async () => {
  await t?.close();
});

const newPayment = () =>
  simulator.createPayment({
    orderId: randomUUID(),
    amountCents: 1500,
    currency: "EUR",
    description: "1 ticket",
    idempotencyKey: randomUUID(),
  });

const declined = { number: "4000 0000 0000 0002", expiry: "12/40", cvc: "123", name: "Ada Lovelace" };

const post = (path: "confirm" | "authenticate", body: unknown, ip: string, language?: string) =>
  t.request({
    method: "POST",
    url: `/api/v1/public/payments/simulator/${path}`,
    body,
    headers: { "x-forwarded-for": ip },
    language,
  });

describe("the simulator's public routes are rate limited like the shop's POSTs", () => {
  test("an address past PUBLIC_SHOP_POSTS_PER_MINUTE gets 429 with the localized message, confirm and 3-D Secure alike", async () => {
    const ip = "203.0.113.7";
    const first = await newPayment();
    expect((await post("confirm", { clientSecret: first.clientSecret, card: declined }, ip)).status).toBe(200);
    const second = await newPayment();
    expect((await post("confirm", { clientSecret: second.clientSecret, card: declined }, ip)).status).toBe(200);
    // Not awaiting 3-D Secure: refused on its merits, and counted all the same.
    const refused = await post("authenticate", { clientSecret: second.clientSecret, outcome: "complete" }, ip);
    expect(refused.status).toBe(409);
    const limited = await post("authenticate", { clientSecret: second.clientSecret, outcome: "complete" }, ip, "fr");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(limited.body.error.message).toBe("Trop de tentatives. Veuillez patienter 1 minutes puis réessayer.");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // The card was not tried: the payment is as the refused call left it.
    const third = await newPayment();
    expect((await post("confirm", { clientSecret: third.clientSecret, card: declined }, ip)).status).toBe(429);
    expect((await simulator.retrievePayment(third.providerPaymentId)).status).toBe("requires_payment_method");
    // Another address is not held back.
    expect((await post("confirm", { clientSecret: third.clientSecret, card: declined }, "203.0.113.8")).status).toBe(
      200,
    );
  });

  test("one payment takes at most 30 card attempts a minute, from however many addresses", async () => {
    const payment = await newPayment();
    for (let attempt = 1; attempt <= 30; attempt++) {
      const answer = await post(
        "confirm",
        { clientSecret: payment.clientSecret, card: declined },
        `198.51.100.${attempt}`,
      );
      expect(answer.status, `attempt ${attempt}`).toBe(200);
      expect(answer.body.declineCode).toBe("generic_decline");
    }
    const limited = await post("confirm", { clientSecret: payment.clientSecret, card: declined }, "198.51.100.99");
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many attempts. Please wait 1 minutes and try again.",
    });
  });
});
