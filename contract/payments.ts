import { z } from "zod";
import type { MessageCode } from "./error-messages.js";

/*
 * Card payments, as the browser sees them: the statuses a payment goes through, why a card was declined, and the
 * card form of the built-in test-mode simulator (SPEC §4 Payment mode: "test card scenarios with any expiry and CVC").
 * Amounts are integer cents of an ISO 4217 currency (DESIGN §4).
 */

/**
 * Stripe's PaymentIntent statuses, narrowed to what a buyer and an order care about. `failed` is not final: the last
 * attempt was declined (see `declineCode`) and the buyer may try another card on the same payment.
 */
export const paymentStatuses = [
  "requires_payment_method",
  "requires_action",
  "processing",
  "succeeded",
  "failed",
] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Why an attempt failed: Stripe's decline codes this platform tells apart; any other decline is generic. */
export const declineCodes = [
  "generic_decline",
  "insufficient_funds",
  "expired_card",
  "incorrect_cvc",
  "processing_error",
  "authentication_failed",
  "test_mode_live_card",
  "canceled",
] as const;
export const declineCodeSchema = z.enum(declineCodes);
export type DeclineCode = z.infer<typeof declineCodeSchema>;

/** The catalogue message shown to the buyer for each decline (contract/error-messages.ts). */
export const declineMessageCodes = {
  generic_decline: "PAYMENT_DECLINED",
  insufficient_funds: "PAYMENT_INSUFFICIENT_FUNDS",
  expired_card: "PAYMENT_CARD_EXPIRED",
  incorrect_cvc: "PAYMENT_INCORRECT_CVC",
  processing_error: "PAYMENT_PROCESSING_ERROR",
  authentication_failed: "PAYMENT_AUTHENTICATION_FAILED",
  test_mode_live_card: "PAYMENT_TEST_CARD_REQUIRED",
  canceled: "PAYMENT_CANCELED",
} as const satisfies Record<DeclineCode, MessageCode>;

/** Shown when https://js.stripe.com/v3 could not be loaded (SPEC §8). */
export const paymentScriptMessageCode: MessageCode = "PAYMENT_SCRIPT_NOT_LOADED";

/** What a card does in test mode: Stripe's published test cards and their outcomes, offline. */
export type TestCardOutcome =
  | { kind: "success" }
  | { kind: "decline"; declineCode: DeclineCode }
  /** 3-D Secure: the payment waits for the buyer to complete (or fail) the authentication. */
  | { kind: "authenticate" };

export type TestCard = { number: string; scenario: string; outcome: TestCardOutcome };

export const testCards: readonly TestCard[] = [
  { number: "4242424242424242", scenario: "success", outcome: { kind: "success" } },
  { number: "5555555555554444", scenario: "success", outcome: { kind: "success" } },
  { number: "378282246310005", scenario: "success", outcome: { kind: "success" } },
  {
    number: "4000000000000002",
    scenario: "generic_decline",
    outcome: { kind: "decline", declineCode: "generic_decline" },
  },
  {
    number: "4000000000009995",
    scenario: "insufficient_funds",
    outcome: { kind: "decline", declineCode: "insufficient_funds" },
  },
  { number: "4000000000000069", scenario: "expired_card", outcome: { kind: "decline", declineCode: "expired_card" } },
  { number: "4000000000000127", scenario: "incorrect_cvc", outcome: { kind: "decline", declineCode: "incorrect_cvc" } },
  {
    number: "4000000000000119",
    scenario: "processing_error",
    outcome: { kind: "decline", declineCode: "processing_error" },
  },
  { number: "4000002500003155", scenario: "authentication", outcome: { kind: "authenticate" } },
  { number: "4000000000003220", scenario: "authentication", outcome: { kind: "authenticate" } },
];

/**
 * The outcome of a card number in test mode. A number that is not a test card is refused as Stripe refuses it in
 * test mode: a real card is never charged by a test payment.
 */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardDigits(cardNumber);
  return (
    testCards.find((card) => card.number === digits)?.outcome ?? {
      kind: "decline",
      declineCode: "test_mode_live_card",
    }
  );
}

export const cardDigits = (cardNumber: string) => cardNumber.replace(/[\s-]/g, "");

/** The Luhn checksum every card number carries, which catches most typing mistakes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const isCardNumber = (cardNumber: string) => {
  const digits = cardDigits(cardNumber);
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
};

export type CardBrand = "amex" | "visa" | "mastercard" | "other";
export function cardBrand(cardNumber: string): CardBrand {
  const digits = cardDigits(cardNumber);
  if (/^3[47]/.test(digits)) return "amex";
  if (digits.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  return "other";
}

/** American Express prints 4 digits on the front; every other brand 3 on the back. */
export const cvcLength = (cardNumber: string) => (cardBrand(cardNumber) === "amex" ? 4 : 3);

/** "MM/YY" (spaces around the slash allowed) as a month and a four-digit year; undefined when malformed. */
export function parseCardExpiry(expiry: string): { month: number; year: number } | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card works until the last day of its expiry month; months are compared in UTC, as the server does. */
export function isCardExpired(expiry: { month: number; year: number }, now = new Date()): boolean {
  const currentMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) < currentMonth;
}

/** The simulator's card form. The number is kept as typed (with spaces); the server reads its digits. */
export const simulatorCardSchema = z
  .object({
    number: z.string().trim().min(1, "FIELD_REQUIRED").max(30, "CARD_NUMBER_INVALID"),
    expiry: z.string().trim().min(1, "FIELD_REQUIRED").max(10, "CARD_EXPIRY_INVALID"),
    cvc: z.string().trim().min(1, "FIELD_REQUIRED").max(4, "CARD_CVC_INVALID"),
    name: z.string().trim().min(1, "FIELD_REQUIRED").max(100),
  })
  .superRefine((card, context) => {
    if (!isCardNumber(card.number)) {
      context.addIssue({ code: "custom", path: ["number"], message: "CARD_NUMBER_INVALID" });
    }
    const expiry = parseCardExpiry(card.expiry);
    if (!expiry) {
      context.addIssue({ code: "custom", path: ["expiry"], message: "CARD_EXPIRY_INVALID" });
    } else if (isCardExpired(expiry)) {
      context.addIssue({ code: "custom", path: ["expiry"], message: "CARD_EXPIRY_PAST" });
    }
    if (!new RegExp(`^\\d{${cvcLength(card.number)}}$`).test(card.cvc)) {
      context.addIssue({ code: "custom", path: ["cvc"], message: "CARD_CVC_INVALID" });
    }
  });
export type SimulatorCard = z.infer<typeof simulatorCardSchema>;

/** The browser holds a payment's client secret, as it would for Stripe.js: it is what lets it act on that payment. */
const clientSecretSchema = z.string().min(1, "FIELD_REQUIRED").max(200, "NOT_FOUND");

/** POST /public/payments/simulator/confirm */
export const simulatorConfirmBody = z.object({ clientSecret: clientSecretSchema, card: simulatorCardSchema });
export type SimulatorConfirmBody = z.infer<typeof simulatorConfirmBody>;

/** POST /public/payments/simulator/authenticate: the buyer's answer to the simulated 3-D Secure check. */
export const authenticationOutcomes = ["complete", "fail"] as const;
export type AuthenticationOutcome = (typeof authenticationOutcomes)[number];
export const simulatorAuthenticateBody = z.object({
  clientSecret: clientSecretSchema,
  outcome: z.enum(authenticationOutcomes),
});
export type SimulatorAuthenticateBody = z.infer<typeof simulatorAuthenticateBody>;

/** A payment as its buyer may see it: never the order's details, only where the payment stands. */
export const paymentViewSchema = z.object({
  id: z.string(),
  status: paymentStatusSchema,
  /** Set when status is failed. */
  declineCode: declineCodeSchema.nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;
