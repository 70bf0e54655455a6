import { z } from "zod";
import { campaignStatusSchema, campaignTypeSchema, recipientStatusSchema } from "./campaigns.js";
import { idSchema, type Language, listOf, listQuery } from "./common.js";
import { legacyEventParams } from "./guest-duplicates.js";
import { spreadsheetQuery } from "./spreadsheet.js";

/*
 * SPEC §2 statistics of an email campaign: deliverability (what became of each mail) and reactivity (what the guests
 * did with it), over time, per link and per recipient.
 */

/** What became of a campaign's mails, one count per recipient (a recipient counts once, by its latest status). */
export const deliverabilitySchema = z.object({
  /** Send records: the guests the send kept. */
  recipients: z.number().int(),
  /** Not handed to SMTP yet (queued, or taken by a sender whose answer has not come). */
  waiting: z.number().int(),
  /** Accepted by SMTP (one credit each), whatever came after. */
  sent: z.number().int(),
  /** Known to have reached the inbox: a delivery report, an open, a click or an unsubscribe says so. */
  delivered: z.number().int(),
  bounced: z.number().int(),
  blocked: z.number().int(),
  errors: z.number().int(),
  unsubscribed: z.number().int(),
});
export type Deliverability = z.infer<typeof deliverabilitySchema>;

/**
 * What the guests did. A click counts as an open too (a guest who clicked opened the mail, even when their mail
 * program did not load the tracking pixel), so click-to-open never passes 100 %. The rates are fractions (0.25 is
 * 25 %) of the mails that reached a guest: sent, less bounced, blocked and failed; 0 when there is none.
 */
export const reactivitySchema = z.object({
  opens: z.number().int(),
  uniqueOpens: z.number().int(),
  clicks: z.number().int(),
  uniqueClicks: z.number().int(),
  openRate: z.number(),
  clickRate: z.number(),
  clickToOpen: z.number(),
});
export type Reactivity = z.infer<typeof reactivitySchema>;

/** Buckets of an hour for a campaign whose events span at most 48 hours, of a day (in the event's timezone) beyond. */
export const overTimeUnits = ["hour", "day"] as const;
export const overTimeBucketSchema = z.object({
  /** The bucket's start, ISO 8601 UTC. */
  at: z.string(),
  sent: z.number().int(),
  opens: z.number().int(),
  clicks: z.number().int(),
  /** Bounced or blocked. */
  failures: z.number().int(),
  unsubscribes: z.number().int(),
});
export type OverTimeBucket = z.infer<typeof overTimeBucketSchema>;
export const overTimeSchema = z.object({ unit: z.enum(overTimeUnits), buckets: z.array(overTimeBucketSchema) });

export const topLinkSchema = z.object({ url: z.string(), clicks: z.number().int(), uniqueClicks: z.number().int() });
export type TopLink = z.infer<typeof topLinkSchema>;

export const campaignHeadingSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: campaignTypeSchema,
  status: campaignStatusSchema,
  sendingAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});

export const campaignStatisticsSchema = z.object({
  campaign: campaignHeadingSchema,
  deliverability: deliverabilitySchema,
  reactivity: reactivitySchema,
  overTime: overTimeSchema,
  /** The ten most clicked links, most clicked first. */
  topLinks: z.array(topLinkSchema),
});
export type CampaignStatistics = z.infer<typeof campaignStatisticsSchema>;

/** One mail of a campaign as the statistics show it. */
export const recipientStatisticsSchema = z.object({
  id: z.string(),
  guestId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  language: z.string(),
  status: recipientStatusSchema,
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  opens: z.number().int(),
  clicks: z.number().int(),
  /** The SMTP answer or provider detail of a failure. */
  error: z.string().nullable(),
});
export type RecipientStatistics = z.infer<typeof recipientStatisticsSchema>;
export const recipientStatisticsList = listOf(recipientStatisticsSchema);

/** The recipients list's filters: statuses (comma-separated or repeated) and words of a name or an email. */
const statusList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(",")).filter(Boolean))
  .pipe(z.array(recipientStatusSchema).max(10));
export const recipientFilterSchema = z.object({
  status: statusList.optional(),
  query: z.string().trim().max(200).optional(),
});
export const recipientStatisticsQuery = listQuery.extend(recipientFilterSchema.shape);
export type RecipientStatisticsQuery = z.input<typeof recipientStatisticsQuery>;
export const recipientExportQuery = recipientFilterSchema.extend(spreadsheetQuery.shape);

/** A campaign in the event's list with its headline numbers (the list's summary and the legacy `invits/get`). */
export const campaignSummarySchema = campaignHeadingSchema.extend({
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  uniqueOpens: z.number().int(),
  uniqueClicks: z.number().int(),
  openRate: z.number(),
  clickRate: z.number(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;
/** Every campaign of the event, newest first, and the event's totals over them (rates over every mail reached). */
export const eventCampaignStatisticsSchema = listOf(campaignSummarySchema).extend({
  totals: z.object({
    sent: z.number().int(),
    uniqueOpens: z.number().int(),
    uniqueClicks: z.number().int(),
    openRate: z.number(),
    clickRate: z.number(),
  }),
});
export type EventCampaignStatistics = z.infer<typeof eventCampaignStatisticsSchema>;

/** The legacy routes `/{event}/admin/invits/...{id}`: the event by its slug, the campaign by its id. */
export const legacyCampaignParams = legacyEventParams.extend({ id: idSchema });

/** Headers of the recipients export that the guest export's labels (exportLabels) do not have. */
export const recipientExportLabels: Record<
  Language,
  Record<
    "language" | "sentAt" | "deliveredAt" | "openedAt" | "clickedAt" | "opens" | "clicks" | "error" | "sheet",
    string
  >
> = {
  en: {
    language: "Language",
    sentAt: "Sent",
    deliveredAt: "Delivered",
    openedAt: "First opened",
    clickedAt: "First clicked",
    opens: "Opens",
    clicks: "Clicks",
    error: "Error",
    sheet: "Recipients",
  },
  fr: {
    language: "Langue",
    sentAt: "Envoyé",
    deliveredAt: "Délivré",
    openedAt: "Première ouverture",
    clickedAt: "Premier clic",
    opens: "Ouvertures",
    clicks: "Clics",
    error: "Erreur",
    sheet: "Destinataires",
  },
  es: {
    language: "Idioma",
    sentAt: "Enviado",
    deliveredAt: "Entregado",
    openedAt: "Primera apertura",
    clickedAt: "Primer clic",
    opens: "Aperturas",
    clicks: "Clics",
    error: "Error",
    sheet: "Destinatarios",
  },
};
