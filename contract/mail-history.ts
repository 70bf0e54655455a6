import { z } from "zod";
import { accountParams } from "./accounts.js";
import { idSchema, listOf, listQuery } from "./common.js";
import { eventScopeParams } from "./guests.js";

/**
 * One mail the platform sent for an account (SPEC §2 "mail history"): a transactional mail (confirmations, tickets,
 * member-area links...) or a campaign mail. Statuses are those of the mail's own record: a transactional mail's
 * (queued, sending, sent, stored, failed) or a campaign recipient's (queued, pending, sent, delivered, opened,
 * clicked, unsubscribed, blocked, bounce, error).
 */
export const mailHistoryKinds = ["transactional", "campaign"] as const;
export const mailHistoryStatuses = [
  "queued",
  "sending",
  "pending",
  "sent",
  "stored",
  "delivered",
  "opened",
  "clicked",
  "unsubscribed",
  "blocked",
  "bounce",
  "error",
  "failed",
] as const;
export const mailHistoryStatusSchema = z.enum(mailHistoryStatuses);
export type MailHistoryStatus = z.infer<typeof mailHistoryStatusSchema>;

export const mailHistoryItemSchema = z.object({
  id: z.string(),
  kind: z.enum(mailHistoryKinds),
  to: z.string(),
  subject: z.string(),
  /** The transactional template (`forms.submission_confirmation`) or the campaign's name. */
  label: z.string(),
  status: mailHistoryStatusSchema,
  eventId: z.string().nullable(),
  guestId: z.string().nullable(),
  campaignId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailHistoryItem = z.infer<typeof mailHistoryItemSchema>;
export const mailHistoryList = listOf(mailHistoryItemSchema);

export const mailHistoryQuery = listQuery.extend({
  status: mailHistoryStatusSchema.optional(),
  kind: z.enum(mailHistoryKinds).optional(),
  /** Part of the recipient's address. */
  query: z.string().trim().max(200).optional(),
});

export const accountMailsParams = accountParams;
export const guestMailsParams = eventScopeParams.extend({ id: idSchema });
