import type {
  DeclineCode,
  PaymentStatus,
  SimulatorAuthenticateBody,
  SimulatorCard,
} from "../../../contract/payments.js";

/*
 * Card payments, whoever processes them: Stripe when STRIPE_SECRET_KEY is set, else the built-in simulator with
 * Stripe's test-card semantics (DESIGN §2). Orders talk to this interface only. The card itself never reaches the
 * orders: the browser confirms it with the payment's client secret (Stripe.js, or the simulator's card form), and the
 * orders learn the outcome by `retrievePayment` and by payment events (webhooks, or the simulator's own events).
 *
 * Never call a provider inside an open transaction: Stripe is a network call, and the simulator takes connections of
 * its own, which the embedded database's single connection would give it only after the transaction ends.
 */

export type PaymentProviderName = "stripe" | "simulator";

/** A payment as the provider holds it. Amounts in integer cents; currency ISO 4217 in upper case. */
export type Payment = {
  providerPaymentId: string;
  /** Handed to the browser, which confirms the card with it. */
  clientSecret: string;
  status: PaymentStatus;
  /** Why the last attempt failed: set when status is failed, else null. */
  declineCode: DeclineCode | null;
  amountCents: number;
  currency: string;
  /** The order it was created for (from its metadata); null for a payment this platform did not create. */
  orderId: string | null;
  /**
   * The idempotency key it was created with (also in its metadata), by which the orders knew it before the provider
   * answered; the provider's id for a payment created without one.
   */
  paymentKey: string;
  /** Real money: false for the simulator and for Stripe test keys. */
  livemode: boolean;
};

export type CreatePaymentInput = {
  orderId: string;
  amountCents: number;
  currency: string;
  /** Shown on the buyer's statement and in the provider's dashboard. */
  description: string;
  /**
   * The same key gives back the same payment: derive it from the order (and its attempt), not at random. Recorded by
   * the orders before they ask, and kept in the payment's metadata: `findPayment` finds the payment by it.
   */
  idempotencyKey: string;
  metadata?: Record<string, string>;
};

export type RefundStatus = "pending" | "succeeded" | "failed";

export type Refund = {
  providerRefundId: string;
  providerPaymentId: string;
  amountCents: number;
  currency: string;
  status: RefundStatus;
};

export type RefundInput = { providerPaymentId: string; amountCents: number; idempotencyKey: string };

type PaymentEventCommon = {
  /** The provider's event id: the key that makes a replayed webhook recognizable (`recordPaymentEventOnce`). */
  id: string;
  provider: PaymentProviderName;
  livemode: boolean;
  providerPaymentId: string;
  /** Null when the provider's event does not name it (Stripe's refund events): find the order by providerPaymentId. */
  orderId: string | null;
  /** ISO 8601 UTC. */
  occurredAt: string;
};

/**
 * What a provider tells the platform happened, in one shape for Stripe's webhooks and the simulator. A refund event
 * names its refund: orders apply a refund once per `providerRefundId`, whether they learn of it by the `refund`
 * answer or by the event.
 */
export type PaymentEvent = PaymentEventCommon &
  (
    | { type: "payment.succeeded"; paymentKey: string; amountCents: number; currency: string }
    | { type: "payment.failed"; paymentKey: string; declineCode: DeclineCode }
    | { type: "payment.refunded"; providerRefundId: string; amountCents: number; currency: string }
    | { type: "payment.refund_failed"; providerRefundId: string; amountCents: number; currency: string }
  );

/** What every provider does for the orders. Every call checks its input and throws AppError for a refusal. */
type ProviderCommon = {
  /** Real money: false for the simulator and for Stripe test keys. Orders made with a test provider are test orders. */
  readonly livemode: boolean;
  createPayment(input: CreatePaymentInput): Promise<Payment>;
  retrievePayment(providerPaymentId: string): Promise<Payment>;
  /**
   * The payment created with this idempotency key, null if none was: what the orders ask about a payment whose
   * creation they recorded but whose answer they never heard (the process stopped in between).
   */
  findPayment(idempotencyKey: string): Promise<Payment | null>;
  /** A partial or full refund; more than what remains refundable is refused (409 PAYMENT_REFUND_TOO_LARGE). */
  refund(input: RefundInput): Promise<Refund>;
};

export type StripeProvider = ProviderCommon & {
  readonly name: "stripe";
  /** What Stripe.js is loaded with in the browser. */
  readonly publishableKey: string;
  /**
   * Checks a webhook's Stripe-Signature against STRIPE_WEBHOOK_SECRET (400 PAYMENT_WEBHOOK_INVALID when it does not
   * match or is too old) and reads it. Null for a genuine event the platform does not act on: answer it 200 anyway.
   */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): PaymentEvent | null;
};

export type SimulatorProvider = ProviderCommon & {
  readonly name: "simulator";
  /** With a card, the payment is confirmed with it as it is created (Stripe's `confirm: true`). */
  createPayment(input: CreatePaymentInput & { card?: SimulatorCard }): Promise<Payment>;
  /** The simulator's card form: what Stripe.js does for a Stripe payment, done here with Stripe's test cards. */
  confirmCard(input: { clientSecret: string; card: SimulatorCard }): Promise<Payment>;
  /** The buyer's answer to the simulated 3-D Secure check of a payment in requires_action. */
  authenticate(input: SimulatorAuthenticateBody): Promise<Payment>;
};

export type PaymentProvider = StripeProvider | SimulatorProvider;
