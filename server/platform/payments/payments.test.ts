import pino from "pino";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../config.js";
import type { Database } from "../../db/connection.js";
import { paymentProviderFor } from "./payments.js";

// Choosing a provider opens nothing: the simulator reaches its database only when it is used.
const context = (environment: Record<string, string>) => ({
  config: loadConfig({ LOG_LEVEL: "silent", ...environment }),
  db: {} as Database,
  logger: pino({ level: "silent" }),
});
const webhook = { STRIPE_WEBHOOK_SECRET: "whsec_abc" };
const testKeys = { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc", ...webhook };
const liveKeys = { STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_PUBLISHABLE_KEY: "pk_live_abc", ...webhook };

describe("paymentProviderFor", () => {
  test("without Stripe keys, every event pays with the simulator, which takes no real money", () => {
    for (const testMode of [true, false]) {
      const provider = paymentProviderFor(context({}), { testMode });
      expect(provider.name).toBe("simulator");
      expect(provider.livemode).toBe(false);
    }
  });

  test("with test keys, Stripe in test mode for every event", () => {
    for (const testMode of [true, false]) {
      const provider = paymentProviderFor(context(testKeys), { testMode });
      expect(provider.name).toBe("stripe");
      expect(provider.livemode).toBe(false);
    }
  });

  test("with live keys, Stripe for live events and the simulator for events in test mode", () => {
    const live = paymentProviderFor(context(liveKeys), { testMode: false });
    expect(live).toMatchObject({ name: "stripe", livemode: true, publishableKey: "pk_live_abc" });
    expect(paymentProviderFor(context(liveKeys), { testMode: true })).toMatchObject({
      name: "simulator",
      livemode: false,
    });
  });

  test("one Stripe client per configuration", () => {
    const shared = context(testKeys);
    expect(paymentProviderFor(shared, { testMode: false })).toBe(paymentProviderFor(shared, { testMode: true }));
  });
});

describe("the Stripe configuration", () => {
  test("refuses a key that is not a Stripe secret key, and a publishable key missing or of the other mode", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc" })).toThrow();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
  });

  test("refuses Stripe keys without the webhook secret, which the payments completed after 3-D Secure need", () => {
    const keys = { STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_PUBLISHABLE_KEY: "pk_live_abc" };
    expect(() => loadConfig(keys)).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: "" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: "not-a-secret" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig({ ...keys, ...webhook }).stripeWebhookSecret).toBe("whsec_abc");
    // Without Stripe, nothing to sign: the simulator needs no secret.
    expect(loadConfig({}).stripeWebhookSecret).toBeUndefined();
  });

  test("reads the webhook secret and another API address", () => {
    const config = loadConfig({
      ...testKeys,
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_API_URL: "http://127.0.0.1:12111",
    });
    expect(config).toMatchObject({
      stripeSecretKey: "sk_test_abc",
      stripePublishableKey: "pk_test_abc",
      stripeWebhookSecret: "whsec_1",
      stripeApiUrl: "http://127.0.0.1:12111",
    });
  });
});
