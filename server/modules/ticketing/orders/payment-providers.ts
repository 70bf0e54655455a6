import type { PaymentMode } from "../../../../contract/ticketing-billing.js";
import type { AppContext } from "../../../platform/context.js";
import type { PaymentProvider, PaymentProviderName } from "../../../platform/payments/payment-provider.js";
import { paymentProviderFor, stripeProviderFor } from "../../../platform/payments/payments.js";
import { createPaymentSimulator } from "../../../platform/payments/simulator.js";

type ProviderContext = Pick<AppContext, "config" | "db" | "logger">;

/** Who takes the card payments of an event in this payment mode (T3's rule: test mode never reaches live keys). */
export const providerForMode = (context: ProviderContext, mode: PaymentMode): PaymentProvider =>
  paymentProviderFor(context, { testMode: mode === "test" });

/** The provider a payment was made with, to read or refund it whatever the event's mode is now. */
export function providerNamed(context: ProviderContext, name: PaymentProviderName): PaymentProvider {
  if (name === "simulator") return createPaymentSimulator(context);
  const stripe = stripeProviderFor(context.config);
  if (!stripe) throw new Error("a Stripe payment cannot be reached: STRIPE_SECRET_KEY is no longer set");
  return stripe;
}
