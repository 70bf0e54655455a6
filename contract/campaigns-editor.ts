import { z } from "zod";
import {
  campaignContentSchema,
  campaignLanguageContentSchema,
  campaignStatusSchema,
  campaignTypeSchema,
} from "./campaigns.js";
import { emailSchema, idSchema, languageSchema, listOf, listQuery } from "./common.js";
import { eventScopeParams } from "./guests.js";

/** The gallery's template names (server/modules/campaigns/campaign-templates.ts makes their blocks per type and language). */
export const campaignTemplateIds = ["classic", "minimal", "bold", "two_columns"] as const;
export const campaignTemplateIdSchema = z.enum(campaignTemplateIds);
export type CampaignTemplateId = z.infer<typeof campaignTemplateIdSchema>;

/** A campaign as the list shows it: what it is, where it stands and how many guests it reaches. */
export const campaignSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: campaignTypeSchema,
  status: campaignStatusSchema,
  template: z.string(),
  /** When a scheduled campaign starts, or when a sent one started. */
  sendingAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Guests picked in the recipients step (before the send), then the send records made. */
  recipients: z.number().int(),
  /** Mails accepted by SMTP so far. */
  sent: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;
export const campaignList = listOf(campaignSummarySchema);
export const campaignListQuery = listQuery.extend({
  status: campaignStatusSchema.optional(),
  type: campaignTypeSchema.optional(),
});

export const campaignAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type CampaignAttachment = z.infer<typeof campaignAttachmentSchema>;

/** A campaign as the editor reads it. */
export const campaignSchema = campaignSummarySchema.extend({
  fromName: z.string(),
  senderId: z.string().nullable(),
  replyEmail: z.string().nullable(),
  content: campaignContentSchema,
  attachments: z.array(campaignAttachmentSchema),
  /** The event's languages: the editor offers one tab each. */
  languages: z.array(languageSchema),
  /** False once the campaign is sending or sent: its content can no longer change. */
  editable: z.boolean(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const createCampaignBody = z.object({
  name: z.string().trim().min(1, "FIELD_REQUIRED").max(200),
  type: campaignTypeSchema,
  template: campaignTemplateIdSchema.default("classic"),
});
export type CreateCampaignBody = z.input<typeof createCampaignBody>;

/** POST {id} (the spec's POST-to-edit): every field optional, only those sent change. */
export const updateCampaignBody = z.object({
  name: z.string().trim().min(1, "FIELD_REQUIRED").max(200).optional(),
  fromName: z.string().trim().max(200).optional(),
  senderId: idSchema.nullable().optional(),
  replyEmail: z
    .union([z.literal(""), emailSchema])
    .nullable()
    .optional(),
  content: campaignContentSchema.optional(),
  /** Stored files of the campaign to keep (an upload adds one; leaving one out removes it). */
  attachmentIds: z.array(idSchema).max(20).optional(),
});
export type UpdateCampaignBody = z.input<typeof updateCampaignBody>;

/** POST {id}/template: the template's blocks replace those of every language (the editor asks first). */
export const applyTemplateBody = z.object({ template: campaignTemplateIdSchema });

export const campaignPreviewParams = eventScopeParams.extend({ id: idSchema, language: languageSchema });
/** A language's mail as a guest would receive it, with sample merge values. */
export const campaignPreviewSchema = z.object({
  subject: z.string(),
  previewText: z.string(),
  html: z.string(),
  text: z.string(),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;
/** POST {id}/preview/{language}: renders unsaved content (the editor's live preview). */
export const previewDraftBody = z.object({ content: campaignLanguageContentSchema });

export const testSendBody = z.object({ email: emailSchema, language: languageSchema });

export const campaignTemplatesQuery = z.object({ type: campaignTypeSchema });
export const campaignTemplateSchema = z.object({
  id: campaignTemplateIdSchema,
  content: campaignContentSchema,
});
export type CampaignTemplate = z.infer<typeof campaignTemplateSchema>;
export const campaignTemplateList = z.object({ items: z.array(campaignTemplateSchema) });

export const campaignAttachmentParams = eventScopeParams.extend({ id: idSchema, fileId: idSchema });
