import type { Config } from "../../config.js";
import type { AppContext } from "../context.js";
import type { PaymentProvider, StripeProvider } from "./payment-provider.js";
import { createPaymentSimulator } from "./simulator.js";
import { createStripeProvider } from "./stripe-provider.js";

// Which provider takes a payment (the interface they share is in payment-provider.ts).

type ProviderContext = Pick<AppContext, "config" | "db" | "logger">;

const stripeProviders = new WeakMap<Config, StripeProvider>();

/**
 * The platform's Stripe account when STRIPE_SECRET_KEY is set (one client per configuration); else undefined.
 * loadConfig refuses a secret key without its publishable key and webhook secret, so the three come together.
 */
export function stripeProviderFor(config: Config): StripeProvider | undefined {
  if (!config.stripeSecretKey || !config.stripePublishableKey || !config.stripeWebhookSecret) return undefined;
  let provider = stripeProviders.get(config);
  if (!provider) {
    provider = createStripeProvider({
      secretKey: config.stripeSecretKey,
      publishableKey: config.stripePublishableKey,
      webhookSecret: config.stripeWebhookSecret,
      apiUrl: config.stripeApiUrl,
    });
    stripeProviders.set(config, provider);
  }
  return provider;
}

/**
 * Who takes an event's card payments. Stripe when it is configured, except that an event in test mode never goes to
 * live keys: it gets the simulator, which charges no card. Without Stripe every event gets the simulator, which says
 * `livemode: false`, so its orders are test orders whatever the event's mode.
 */
export function paymentProviderFor(context: ProviderContext, options: { testMode: boolean }): PaymentProvider {
  const stripe = stripeProviderFor(context.config);
  if (stripe && !(options.testMode && stripe.livemode)) return stripe;
  return createPaymentSimulator(context);
}
