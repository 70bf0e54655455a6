// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import "../i18n/i18n";
import i18n from "../i18n/i18n";
import { loadStripeScript, PaymentScriptError, stripeScriptUrl } from "./stripe-script";

const scripts = () => [...document.querySelectorAll(`script[src="${stripeScriptUrl}"]`)];

afterEach(async () => {
  delete window.Stripe;
  for (const script of scripts()) script.remove();
  await i18n.changeLanguage("en");
});

describe("loadStripeScript", () => {
  it("adds Stripe.js once and resolves with its factory when it has loaded", async () => {
    const first = loadStripeScript();
    const second = loadStripeScript();
    expect(scripts()).toHaveLength(1);
    const factory = () => ({});
    window.Stripe = factory;
    scripts()[0]?.dispatchEvent(new Event("load"));
    expect(await first).toBe(factory);
    expect(await second).toBe(factory);
    // Loaded: later calls do not touch the page again.
    expect(await loadStripeScript()).toBe(factory);
  });

  it("fails with SPEC §8's message when the script cannot load, and tries afresh next time", async () => {
    await i18n.changeLanguage("fr");
    const loading = loadStripeScript();
    scripts()[0]?.dispatchEvent(new Event("error"));
    const error = await loading.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentScriptError);
    expect(error).toMatchObject({
      code: "PAYMENT_SCRIPT_NOT_LOADED",
      message: "Veuillez charger le script du prestataire de paiement par carte.",
    });
    expect(scripts()).toHaveLength(0);
    void loadStripeScript().catch(() => {});
    expect(scripts()).toHaveLength(1);
    scripts()[0]?.dispatchEvent(new Event("error"));
  });

  it("fails when the script loads without defining Stripe", async () => {
    const loading = loadStripeScript();
    scripts()[0]?.dispatchEvent(new Event("load"));
    await expect(loading).rejects.toThrow("Please load the card payment provider's script.");
  });
});
