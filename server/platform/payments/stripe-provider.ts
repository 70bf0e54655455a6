import Stripe from "stripe";
import { type DeclineCode, declineCodes, type PaymentStatus } from "../../../contract/payments.js";
import { AppError, notFound } from "../errors.js";
import { assertMoney } from "./money.js";
import type { Payment, PaymentEvent, Refund, RefundStatus, StripeProvider } from "./payment-provider.js";

/*
 * Stripe through its SDK: a PaymentIntent per payment, confirmed by Stripe.js in the buyer's browser with the client
 * secret (the card never passes through this server), refunds, and webhooks checked against the endpoint's secret.
 * Every create and refund carries an idempotency key, so a retry after a timeout never charges or refunds twice.
 */

/** The metadata key a PaymentIntent carries its order in: what a webhook is matched to an order by. */
const orderMetadataKey = "order_id";
/**
 * The metadata key a PaymentIntent carries its idempotency key in: what the orders knew the payment by before Stripe
 * answered, so that a webhook finds its payment's row, and `findPayment` the intent, even if that answer was lost.
 */
const paymentKeyMetadataKey = "payment_key";

const isKnownDecline = (code: string | null | undefined): code is DeclineCode =>
  declineCodes.includes(code as DeclineCode);

/** Stripe's error (decline_code, or code when there is none) as one of the decline codes this platform tells apart. */
function declineCodeOf(error: { code?: string | null; decline_code?: string | null } | null | undefined): DeclineCode {
  if (isKnownDecline(error?.decline_code)) return error.decline_code;
  if (isKnownDecline(error?.code)) return error.code;
  if (error?.code === "payment_intent_authentication_failure") return "authentication_failed";
  return "generic_decline";
}

/**
 * A PaymentIntent's status in this platform's words. A declined attempt leaves Stripe's intent waiting for another
 * payment method with its `last_payment_error`: that is our `failed`, which the buyer may retry.
 */
function statusOf(intent: Stripe.PaymentIntent): { status: PaymentStatus; declineCode: DeclineCode | null } {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", declineCode: null };
    case "processing":
    case "requires_capture":
      return { status: "processing", declineCode: null };
    case "requires_action":
      return { status: "requires_action", declineCode: null };
    case "canceled":
      return { status: "failed", declineCode: "canceled" };
    default:
      return intent.last_payment_error
        ? { status: "failed", declineCode: declineCodeOf(intent.last_payment_error) }
        : { status: "requires_payment_method", declineCode: null };
  }
}

function paymentOf(intent: Stripe.PaymentIntent): Payment {
  return {
    providerPaymentId: intent.id,
    clientSecret: intent.client_secret ?? "",
    ...statusOf(intent),
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    orderId: intent.metadata?.[orderMetadataKey] ?? null,
    paymentKey: intent.metadata?.[paymentKeyMetadataKey] ?? intent.id,
    livemode: intent.livemode,
  };
}

const refundStatusOf = (status: string | null): RefundStatus =>
  status === "succeeded" ? "succeeded" : status === "failed" || status === "canceled" ? "failed" : "pending";

const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? ""));

function refundOf(refund: Stripe.Refund): Refund {
  return {
    providerRefundId: refund.id,
    providerPaymentId: idOf(refund.payment_intent),
    amountCents: refund.amount,
    currency: refund.currency.toUpperCase(),
    status: refundStatusOf(refund.status),
  };
}

/** Stripe's refusals a user can meet, as the platform's errors; anything else (network, keys) stays a fault. */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeIdempotencyError) return new AppError(409, "PAYMENT_IDEMPOTENCY_CONFLICT");
  switch (error.code) {
    case "resource_missing":
      return notFound();
    case "amount_too_large":
    case "charge_already_refunded":
      return new AppError(409, "PAYMENT_REFUND_TOO_LARGE");
    case "payment_intent_unexpected_state":
    case "charge_not_refundable":
      return new AppError(409, "PAYMENT_NOT_REFUNDABLE");
    default:
      return error;
  }
}

async function refusing<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw refusalOf(error);
  }
}

/** A Stripe webhook event as a PaymentEvent; null for the many kinds the platform has no use for. */
function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  const common = { id: event.id, provider: "stripe" as const, livemode: event.livemode };
  const occurredAt = new Date(event.created * 1000).toISOString();
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
    case "payment_intent.canceled": {
      const payment = paymentOf(event.data.object);
      const base = { ...common, providerPaymentId: payment.providerPaymentId, orderId: payment.orderId, occurredAt };
      const { paymentKey } = payment;
      return event.type === "payment_intent.succeeded"
        ? {
            ...base,
            type: "payment.succeeded",
            paymentKey,
            amountCents: event.data.object.amount_received,
            currency: payment.currency,
          }
        : { ...base, type: "payment.failed", paymentKey, declineCode: payment.declineCode ?? "generic_decline" };
    }
    case "refund.created":
    case "refund.updated":
    case "refund.failed": {
      const refund = refundOf(event.data.object);
      if (refund.status === "pending") return null;
      return {
        ...common,
        type: refund.status === "succeeded" ? "payment.refunded" : "payment.refund_failed",
        providerPaymentId: refund.providerPaymentId,
        // A refund does not carry its PaymentIntent's metadata: the orders find it by providerPaymentId.
        orderId: null,
        occurredAt,
        providerRefundId: refund.providerRefundId,
        amountCents: refund.amountCents,
        currency: refund.currency,
      };
    }
    default:
      return null;
  }
}

/** STRIPE_API_URL as the SDK's host, port and protocol. */
function addressOf(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol } as const;
}

export function createStripeProvider(options: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiUrl?: string;
}): StripeProvider {
  const stripe = new Stripe(options.secretKey, {
    ...addressOf(options.apiUrl),
    // The SDK retries network failures and 5xx answers with the same idempotency key: safe for every call here.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    name: "stripe",
    livemode: /^(sk|rk)_live_/.test(options.secretKey),
    publishableKey: options.publishableKey,

    async createPayment(input) {
      assertMoney(input.amountCents, input.currency);
      const intent = await refusing(
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            description: input.description,
            allowed_payment_method_types: ["card"],
            metadata: {
              ...input.metadata,
              [orderMetadataKey]: input.orderId,
              [paymentKeyMetadataKey]: input.idempotencyKey,
            },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return paymentOf(intent);
    },

    async retrievePayment(providerPaymentId) {
      return paymentOf(await refusing(stripe.paymentIntents.retrieve(providerPaymentId)));
    },

    async findPayment(idempotencyKey) {
      // Stripe's search sees a new PaymentIntent within about a minute: asked sooner, it may not find it yet (the
      // orders ask again at their next sweep).
      const quoted = idempotencyKey.replace(/['\\]/g, "\\$&");
      const query = `metadata['${paymentKeyMetadataKey}']:'${quoted}'`;
      const found = await refusing(stripe.paymentIntents.search({ query, limit: 1 }));
      const [intent] = found.data;
      return intent ? paymentOf(intent) : null;
    },

    async refund(input) {
      assertMoney(input.amountCents);
      const refund = await refusing(
        stripe.refunds.create(
          { payment_intent: input.providerPaymentId, amount: input.amountCents },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return refundOf(refund);
    },

    parseWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event;
      try {
        // Checks the HMAC of the raw body and refuses a signature older than five minutes (a replayed capture).
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader ?? "", options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError(400, "PAYMENT_WEBHOOK_INVALID");
        }
        throw error;
      }
      return paymentEventOf(event);
    },
  };
}
