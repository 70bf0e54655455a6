import { z } from "zod";
import { campaignParams, campaignStatusSchema, exclusionReasonSchema } from "./campaigns.js";
import { commaList, idSchema, listOf, listQuery } from "./common.js";
import { guestStatusSchema, mailStatusSchema } from "./guests.js";

export { campaignParams as campaignRecipientsParams };

const flag = z.enum(["true", "false"]).optional();

/** The recipients step's guest table: the event's guests, searched, filtered by status, selectability or reason. */
export const recipientListQuery = listQuery.extend({
  query: z.string().trim().max(200).optional(),
  status: commaList(guestStatusSchema),
  reason: commaList(exclusionReasonSchema),
  selectable: flag,
  selected: flag,
});
export type RecipientListQuery = z.input<typeof recipientListQuery>;

/** A guest with its verdict for the campaign: selectable, or the first reason it is not (SPEC §5). */
export const recipientSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  status: guestStatusSchema,
  mailStatus: mailStatusSchema.nullable(),
  companion: z.boolean(),
  selectable: z.boolean(),
  reason: exclusionReasonSchema.nullable(),
  /** Selected and selectable: the guest will receive the campaign. */
  selected: z.boolean(),
});
export type Recipient = z.infer<typeof recipientSchema>;

/**
 * The organizer's selection: the guests picked one by one, or "every selectable guest" but those ticked off
 * (`selectAll`, with `guestIds` the ones left out). Guests who are not selectable when the send starts are skipped.
 */
export const recipientSelectionSchema = z.object({
  selectAll: z.boolean().default(false),
  guestIds: z.array(idSchema).max(200_000).default([]),
});
export type RecipientSelection = z.infer<typeof recipientSelectionSchema>;

export const recipientCountsSchema = z.object({
  guests: z.number().int(),
  selectable: z.number().int(),
  /** Selected and selectable: who receives the campaign, and its cost in credits. */
  recipients: z.number().int(),
  /** Picked guests who are not selectable (any more): they are left out. */
  selectedExcluded: z.number().int(),
  excluded: z.record(exclusionReasonSchema, z.number().int()),
});
export type RecipientCounts = z.infer<typeof recipientCountsSchema>;

export const recipientList = listOf(recipientSchema).extend({
  selection: recipientSelectionSchema,
  counts: recipientCountsSchema,
  /** False once the campaign was sent or scheduled: the selection is shown, no longer changed. */
  editable: z.boolean(),
});

/** What stands between the campaign and its send, each with its message (in the caller's language). */
export const sendProblemSchema = z.object({ field: z.string(), code: z.string(), message: z.string() });
export type SendProblem = z.infer<typeof sendProblemSchema>;

/** The summary step: recipients, the credit cost, the account's balance, and what is missing. */
export const campaignSummarySchema = z.object({
  id: idSchema,
  status: campaignStatusSchema,
  sendingAt: z.string().nullable(),
  counts: recipientCountsSchema,
  /** One campaign credit per recipient. */
  cost: z.number().int(),
  /** The account's spendable campaign credits. */
  balance: z.number().int(),
  missingCredits: z.number().int(),
  problems: z.array(sendProblemSchema),
  /** The send records of a campaign whose send started. */
  recorded: z.number().int(),
});
export type CampaignSendSummary = z.infer<typeof campaignSummarySchema>;

/** Send now (no `at`) or schedule for `at`, an instant in the future (ISO 8601). */
export const sendCampaignBody = z.object({
  at: z.iso.datetime({ offset: true, error: "DATE_INVALID" }).optional(),
});

export const sendCampaignAnswer = z.object({
  id: idSchema,
  status: campaignStatusSchema,
  sendingAt: z.string().nullable(),
  recipients: z.number().int(),
});
export type SendCampaignAnswer = z.infer<typeof sendCampaignAnswer>;
