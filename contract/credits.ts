import { z } from "zod";
import { listOf } from "./common.js";

/** SPEC §3 Credits: event credits and campaign credits, two ledgers of one shape. */
export const creditKinds = ["event", "campaign"] as const;
export type CreditKind = (typeof creditKinds)[number];

/**
 * Why credits moved: added or debited by a platform administrator, reserved by a campaign's send when it starts,
 * released back (reserved − sent) when the campaign ends.
 */
export const creditReasons = ["add", "debit", "reserve", "release"] as const;
export type CreditReason = (typeof creditReasons)[number];

/** Lots that expire within this many days are pointed out on the account's credits screen. */
export const creditExpiringSoonDays = 30;

/** The most credits added or debited at once. */
export const creditNumberMax = 1_000_000;

/** SPEC §5 "Credit number: required, numeric, positive, not 0": a whole number, given as a number or digits. */
export const creditNumber = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: "CREDIT_NUMBER_INVALID" })
    .int("CREDIT_NUMBER_INVALID")
    .positive("CREDIT_NUMBER_INVALID")
    .max(creditNumberMax, "NUMBER_TOO_BIG"),
);

/** DD/MM/YYYY, a day of the calendar. */
const dayPattern = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A DD/MM/YYYY date as YYYY-MM-DD, or undefined when it is not a day of the calendar. */
export function parseCreditExpiry(value: string): string | undefined {
  const match = dayPattern.exec(value.trim());
  if (!match) return undefined;
  const [, day, month, year] = match;
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : undefined;
}

/** A YYYY-MM-DD day written DD/MM/YYYY. */
export const formatCreditExpiry = (iso: string) => iso.split("-").reverse().join("/");

/** SPEC §5 "Expiry date DD/MM/YYYY" ("Date format is incorrect."); "not in the past" is the server's check. */
const creditExpiry = z
  .string()
  .trim()
  .max(20, "DATE_INVALID")
  .refine((value) => value === "" || parseCreditExpiry(value) !== undefined, "DATE_INVALID");

export const creditAddBody = z.object({
  number: creditNumber,
  /** DD/MM/YYYY; empty or absent: the credits never expire. */
  expiryDate: creditExpiry.optional(),
  pack: z.string().trim().max(100).optional(),
  note: z.string().trim().max(500).optional(),
});
export type CreditAddBody = z.input<typeof creditAddBody>;

export const creditDebitBody = z.object({
  number: creditNumber,
  note: z.string().trim().max(500).optional(),
});
export type CreditDebitBody = z.input<typeof creditDebitBody>;

export const creditAuthorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable();

/** One lot of credits: how many it was added with, how many it still holds, until when. */
export const creditLotSchema = z.object({
  id: z.string(),
  kind: z.enum(creditKinds),
  number: z.number().int(),
  remaining: z.number().int(),
  /** YYYY-MM-DD, the last day its credits can be spent; null: never expires. */
  expiresOn: z.string().nullable(),
  expired: z.boolean(),
  pack: z.string(),
  author: creditAuthorSchema,
  createdAt: z.string(),
});
export type CreditLot = z.infer<typeof creditLotSchema>;
export const creditLotList = z.object({ items: z.array(creditLotSchema) });

/** One row of the ledger: a movement of credits into or out of one lot. */
export const creditMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(creditKinds),
  reason: z.enum(creditReasons),
  /** Positive into the lot, negative out of it. */
  delta: z.number().int(),
  lotId: z.string(),
  pack: z.string(),
  expiresOn: z.string().nullable(),
  campaignId: z.string().nullable(),
  author: creditAuthorSchema,
  note: z.string(),
  at: z.string(),
});
export type CreditMovement = z.infer<typeof creditMovementSchema>;
export const creditMovementList = listOf(creditMovementSchema);

export const creditLedgerQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The spendable balance (unexpired lots), and how much of it expires within `creditExpiringSoonDays`. */
export const creditBalanceSchema = z.object({
  kind: z.enum(creditKinds),
  remaining: z.number().int(),
  expiringSoon: z.number().int(),
  /** YYYY-MM-DD, the soonest expiry among lots still holding spendable credits. */
  nextExpiry: z.string().nullable(),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;
