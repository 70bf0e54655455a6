import type { FastifyInstance } from "fastify";
import { campaignRecipientsEndpoints } from "../../../../contract/campaign-recipients.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { eventCaller } from "../../events/events.caller.js";
import { campaignSummary, cancelCampaign, listRecipients, saveSelection, sendCampaign } from "./campaign-dispatch.js";

/** The recipients step, the summary, send (now or at a date) and cancel of an event's campaigns. */
export function registerCampaignRecipientsRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, campaignRecipientsEndpoints, {
    list: async (request, reply) => {
      reply.headers({ "cache-control": "no-store" });
      const { event, id } = request.params;
      return listRecipients(context, await eventCaller(context, request), event, id, request.query);
    },
    select: async (request) => {
      const { event, id } = request.params;
      return saveSelection(context, await eventCaller(context, request), event, id, request.body);
    },
    summary: async (request, reply) => {
      reply.headers({ "cache-control": "no-store" });
      const { event, id } = request.params;
      return campaignSummary(context, await eventCaller(context, request), event, id, request.language);
    },
    send: async (request) => {
      const { event, id } = request.params;
      return sendCampaign(context, await eventCaller(context, request), event, id, request.body?.at);
    },
    cancel: async (request) => {
      const { event, id } = request.params;
      return cancelCampaign(context, await eventCaller(context, request), event, id);
    },
  });
}
