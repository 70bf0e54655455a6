import {
  campaignRecipientsParams,
  campaignSummarySchema,
  recipientCountsSchema,
  recipientList,
  recipientListQuery,
  recipientSelectionSchema,
  sendCampaignAnswer,
  sendCampaignBody,
} from "./campaign-recipients.js";
import { endpointGroup } from "./endpoint.js";

const campaign = "/events/:account/:event/campaigns/:id";

/** SPEC §2 campaigns: the recipients step, the summary with its credit cost, send now or at a date, cancel. */
export const campaignRecipientsEndpoints = endpointGroup("campaign recipients", {
  list: {
    method: "GET",
    path: `${campaign}/recipients`,
    summary: "List the event's guests with whether each may receive the campaign, or why not, and the selection",
    access: "organizer",
    params: campaignRecipientsParams,
    query: recipientListQuery,
    answer: recipientList,
  },
  select: {
    method: "POST",
    path: `${campaign}/recipients`,
    summary: "Save the campaign's selection of recipients: guests picked one by one, or all selectable but some",
    access: "organizer",
    params: campaignRecipientsParams,
    body: recipientSelectionSchema,
    answer: recipientCountsSchema,
    errors: [409],
  },
  summary: {
    method: "GET",
    path: `${campaign}/summary`,
    summary: "The campaign's recipients, credit cost, the account's campaign credits and what is missing to send it",
    access: "organizer",
    params: campaignRecipientsParams,
    answer: campaignSummarySchema,
  },
  send: {
    method: "POST",
    path: `${campaign}/send`,
    summary: "Send the campaign now, or schedule it for a date in the future (`at`)",
    access: "organizer",
    params: campaignRecipientsParams,
    body: sendCampaignBody,
    answer: sendCampaignAnswer,
    errors: [409, 422],
  },
  cancel: {
    method: "POST",
    path: `${campaign}/cancel`,
    summary: "Cancel a scheduled campaign",
    access: "organizer",
    params: campaignRecipientsParams,
    answer: sendCampaignAnswer,
    errors: [409],
  },
});
