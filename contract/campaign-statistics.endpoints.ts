import {
  campaignStatisticsSchema,
  eventCampaignStatisticsSchema,
  legacyCampaignParams,
  recipientExportQuery,
  recipientStatisticsList,
  recipientStatisticsQuery,
} from "./campaign-statistics.js";
import { campaignParams } from "./campaigns.js";
import { endpointGroup } from "./endpoint.js";
import { legacyEventParams } from "./guest-duplicates.js";
import { eventScopeParams } from "./guests.js";
import { spreadsheetContentTypes } from "./spreadsheet.js";

const campaigns = "/events/:account/:event/campaigns";
const invits = "/:event/admin/invits";

/** SPEC §2 campaign statistics, and SPEC §7's legacy `/{event}/admin/invits/...` JSON routes that read them. */
export const campaignStatisticsEndpoints = endpointGroup("campaigns", {
  eventSummary: {
    method: "GET",
    path: `${campaigns}/statistics`,
    summary: "Every campaign of an event with its sent, opened and clicked counts, and the event's totals",
    access: "organizer",
    params: eventScopeParams,
    answer: eventCampaignStatisticsSchema,
  },
  statistics: {
    method: "GET",
    path: `${campaigns}/:id/statistics`,
    summary: "A campaign's deliverability, reactivity, activity over time and most clicked links",
    access: "organizer",
    params: campaignParams,
    answer: campaignStatisticsSchema,
  },
  recipients: {
    method: "GET",
    path: `${campaigns}/:id/statistics/recipients`,
    summary: "A campaign's recipients with their mail status and when they opened and clicked, filtered, one page",
    access: "organizer",
    params: campaignParams,
    query: recipientStatisticsQuery,
    answer: recipientStatisticsList,
  },
  exportRecipients: {
    method: "GET",
    path: `${campaigns}/:id/statistics/recipients/export`,
    summary: "Download a campaign's recipients and their mail status as CSV or Excel",
    access: "organizer",
    params: campaignParams,
    query: recipientExportQuery,
    file: Object.values(spreadsheetContentTypes),
  },
  legacyList: {
    method: "GET",
    path: `${invits}/get`,
    root: true,
    summary: "Every campaign of the event with its counts (legacy)",
    access: "organizer",
    params: legacyEventParams,
    answer: eventCampaignStatisticsSchema,
  },
  legacyStatistics: {
    method: "GET",
    path: `${invits}/getInvitStatisticsJson/:id`,
    root: true,
    summary: "A campaign's deliverability and reactivity numbers (legacy)",
    access: "organizer",
    params: legacyCampaignParams,
    answer: campaignStatisticsSchema,
  },
  legacyRecipients: {
    method: "GET",
    path: `${invits}/getRecipientsStatsJson/:id`,
    root: true,
    summary: "A campaign's recipients with their mail status, one page (legacy)",
    access: "organizer",
    params: legacyCampaignParams,
    query: recipientStatisticsQuery,
    answer: recipientStatisticsList,
  },
});
