import { z } from "zod";
import { idSchema, languageSchema, optionalWebAddress } from "./common.js";
import { eventScopeParams, mailStatuses } from "./guests.js";

/* SPEC §2 "Email campaigns: create by type" and §4 "Campaign targets". */
export const campaignTypes = ["save_the_date", "invitation", "reflate", "reminder", "thank_you"] as const;
export const campaignTypeSchema = z.enum(campaignTypes);
export type CampaignType = z.infer<typeof campaignTypeSchema>;

/**
 * SPEC §4 Campaign: draft, scheduled, sent, cancelled. `sending` is the time between the start of a send and its
 * last mail: shown as sent with its progress; like sent and scheduled it cannot be sent again.
 */
export const campaignStatuses = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;
export const campaignStatusSchema = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** SPEC §9: a subject holds at most 80 characters. */
export const campaignSubjectMax = 80;
/** SPEC §5 and §9: campaign attachments hold at most 8 MB together. */
export const campaignAttachmentsMaxBytes = 8 * 1024 * 1024;

/**
 * A campaign recipient's delivery, which is also what it writes to the guest's mail status (SPEC §4 Guest mail status):
 * queued (selected, not yet taken by a sender), pending (taken by a sender, SMTP not answered yet), sent (accepted by
 * SMTP), then what tracking learns: delivered, opened, clicked, unsubscribed, blocked, bounce, error.
 */
export const recipientStatuses = mailStatuses;
export const recipientStatusSchema = z.enum(recipientStatuses);
export type RecipientStatus = z.infer<typeof recipientStatusSchema>;

/** Why a guest cannot receive a campaign (SPEC §5 campaign rules), shown in the recipients step beside the guest. */
export const exclusionReasons = [
  "email_empty",
  "already_in_campaign_type",
  "send_count_reached",
  "status_not_selectable",
  "email_rejected",
  "companion_not_responded",
] as const;
export const exclusionReasonSchema = z.enum(exclusionReasons);
export type ExclusionReason = z.infer<typeof exclusionReasonSchema>;

/* The block editor's content (SPEC §2 editor). Each language of the event has its own list of blocks. */
const blockText = z.string().max(20_000);
/** The merge tags that stand for a link: a button or image may point at the guest's own registration or unsubscribe page. */
export const linkMergeTags = ["{{registration_link}}", "{{unsubscribe_link}}"] as const;
const targetUrl = z
  .union([z.enum(linkMergeTags), optionalWebAddress(2_000)], { error: "URL_INVALID" })
  .refine((url) => url !== "", "CAMPAIGN_TARGET_URL_REQUIRED");
const imageBlock = z.object({
  type: z.literal("image"),
  /** An image of the event's images (server/modules/images), drawn from its resized variant. */
  imageId: idSchema,
  alt: z.string().max(500).default(""),
  url: targetUrl,
});
const buttonBlock = z.object({
  type: z.literal("button"),
  label: z.string().min(1, "FIELD_REQUIRED").max(200),
  url: targetUrl,
});
const titleBlock = z.object({ type: z.literal("title"), text: z.string().min(1, "FIELD_REQUIRED").max(500) });
const textBlock = z.object({ type: z.literal("text"), text: blockText });
const dividerBlock = z.object({ type: z.literal("divider") });
const spacerBlock = z.object({ type: z.literal("spacer"), height: z.number().int().min(4).max(200).default(24) });
const footerBlock = z.object({ type: z.literal("footer"), text: blockText });
/** A cell of a columns block holds the simple blocks (no columns inside columns). */
const cellBlock = z.discriminatedUnion("type", [titleBlock, textBlock, imageBlock, buttonBlock]);
const columnsBlock = z.object({
  type: z.literal("columns"),
  columns: z.array(z.array(cellBlock).max(10)).min(2).max(3),
});
export const campaignBlockSchema = z.discriminatedUnion("type", [
  titleBlock,
  textBlock,
  imageBlock,
  buttonBlock,
  columnsBlock,
  dividerBlock,
  spacerBlock,
  footerBlock,
]);
export type CampaignBlock = z.infer<typeof campaignBlockSchema>;
export const campaignBlockTypes = [
  "title",
  "text",
  "image",
  "button",
  "columns",
  "divider",
  "spacer",
  "footer",
] as const;

/**
 * Merge tags a text, title, button label or subject may hold, replaced per recipient at send time.
 * `registration_link` is the guest's personal link to the event's registration; `unsubscribe_link` its one-click
 * unsubscribe page.
 */
export const mergeTags = ["first_name", "last_name", "registration_link", "unsubscribe_link"] as const;
export type MergeTag = (typeof mergeTags)[number];

/** What a language of the campaign says: its subject, inbox preview text and blocks. */
export const campaignLanguageContentSchema = z.object({
  subject: z.string().trim().max(campaignSubjectMax, "CAMPAIGN_SUBJECT_TOO_LONG").default(""),
  previewText: z.string().trim().max(200).default(""),
  blocks: z.array(campaignBlockSchema).max(100).default([]),
});
export type CampaignLanguageContent = z.infer<typeof campaignLanguageContentSchema>;
export const campaignContentSchema = z.partialRecord(languageSchema, campaignLanguageContentSchema);
export type CampaignContent = z.infer<typeof campaignContentSchema>;

export const campaignParams = eventScopeParams.extend({ id: idSchema });
