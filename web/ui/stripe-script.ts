import { translate } from "../../contract/error-messages";
import { paymentScriptMessageCode } from "../../contract/payments";
import i18n, { toLanguage } from "../i18n/i18n";

export const stripeScriptUrl = "https://js.stripe.com/v3";

/** Stripe.js's entry point, `Stripe(publishableKey)`; the checkout page types what it uses of the result. */
export type StripeFactory = (publishableKey: string, options?: Record<string, unknown>) => unknown;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

/** A script that neither loads nor fails (a stalled network) counts as failed after this long. */
const loadTimeoutMs = 30_000;

/** Stripe.js could not be loaded (blocked, offline): its message is SPEC §8's, in the page's language. */
export class PaymentScriptError extends Error {
  readonly code = paymentScriptMessageCode;
  constructor() {
    super(translate(paymentScriptMessageCode, toLanguage(i18n.language)));
  }
}

let loading: Promise<StripeFactory> | undefined;

/**
 * Loads Stripe.js once per page, as Stripe requires it from its own address (never bundled); calls made while it
 * loads share the wait. A failure is not remembered: the next call, such as the buyer's retry, tries again.
 */
export function loadStripeScript(): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  if (loading) return loading;
  const script = document.createElement("script");
  script.src = stripeScriptUrl;
  script.async = true;
  const attempt = new Promise<StripeFactory>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new PaymentScriptError()), loadTimeoutMs);
    script.addEventListener("load", () => {
      window.clearTimeout(timer);
      if (window.Stripe) resolve(window.Stripe);
      else reject(new PaymentScriptError());
    });
    script.addEventListener("error", () => {
      window.clearTimeout(timer);
      reject(new PaymentScriptError());
    });
  });
  loading = attempt;
  // Once settled, window.Stripe answers the next calls; a failed script tag goes, so a retry starts clean.
  attempt.then(
    () => {
      loading = undefined;
    },
    () => {
      loading = undefined;
      script.remove();
    },
  );
  document.head.append(script);
  return attempt;
}
