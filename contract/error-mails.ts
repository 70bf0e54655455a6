import { z } from "zod";
import { accountItemParams } from "./accounts.js";
import { emailSchema, listOf, listQuery } from "./common.js";

/** Why an address is on an account's rejected list (SPEC §7 errormails). */
export const errorMailReasons = ["bounce", "blocked", "unsubscribed", "complaint"] as const;
export const errorMailReasonSchema = z.enum(errorMailReasons);
export type ErrorMailReason = z.infer<typeof errorMailReasonSchema>;

/** An address no mail of the account goes to ("An email sent to this address has been rejected.") until unlocked. */
export const errorMailSchema = z.object({
  id: z.string(),
  email: z.string(),
  reason: errorMailReasonSchema,
  /** The SMTP answer or provider event that put the address here; the organizer's note for one added by hand. */
  detail: z.string(),
  campaignId: z.string().nullable(),
  createdAt: z.string(),
});
export type ErrorMail = z.infer<typeof errorMailSchema>;
export const errorMailList = listOf(errorMailSchema);

export const errorMailListQuery = listQuery.extend({
  /** Part of the address. */
  query: z.string().trim().max(200).optional(),
  reason: errorMailReasonSchema.optional(),
});

/** POST create: an organizer blocks an address by hand. */
export const errorMailBody = z.object({
  email: emailSchema,
  reason: errorMailReasonSchema.default("blocked"),
  detail: z.string().trim().max(500).default(""),
});
export type ErrorMailBody = z.input<typeof errorMailBody>;

/** POST {id}: change the reason or the note of an entry. */
export const errorMailUpdateBody = z.object({
  reason: errorMailReasonSchema.optional(),
  detail: z.string().trim().max(500).optional(),
});

export const errorMailParams = accountItemParams;
