import type { FastifyInstance, FastifyRequest } from "fastify";
import { campaignStatisticsEndpoints } from "../../../../contract/campaign-statistics.endpoints.js";
import { requirePrincipal } from "../../../platform/auth-guard.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { sendSpreadsheet } from "../../../platform/spreadsheet.js";
import { eventCaller } from "../../events/events.caller.js";
import { requireEvent, requireEventBySlug } from "../../events/events.visibility.js";
import {
  campaignRecipientsPage,
  campaignStatistics,
  eventCampaignStatistics,
  exportCampaignRecipients,
} from "./statistics.service.js";

// Statistics name guests and change with every open: never cached, by the browser or anything in between.
const noStore = { "cache-control": "no-store" };

/** SPEC §2 campaign statistics under /api/v1, and SPEC §7's legacy `/{event}/admin/invits/...` (event by its slug). */
export function registerCampaignStatisticsRoutes(app: FastifyInstance, context: AppContext) {
  /** The event of a `/events/{account}/{event}/...` route, readable by the caller (404 out of reach, then 403). */
  const eventOf = async (request: FastifyRequest & { params: { account: string; event: string } }) =>
    requireEvent(context.db, (await eventCaller(context, request)).access, request.params.event, "events.read");
  const eventBySlug = async (request: FastifyRequest & { params: { event: string } }) =>
    (await requireEventBySlug(context.db, requirePrincipal(request), request.params.event, "events.read")).event;

  registerEndpoints(app, campaignStatisticsEndpoints, {
    eventSummary: async (request, reply) => {
      reply.headers(noStore);
      return eventCampaignStatistics(context.db, await eventOf(request));
    },
    statistics: async (request, reply) => {
      reply.headers(noStore);
      return campaignStatistics(context.db, await eventOf(request), request.params.id);
    },
    recipients: async (request, reply) => {
      reply.headers(noStore);
      return campaignRecipientsPage(context.db, await eventOf(request), request.params.id, request.query);
    },
    exportRecipients: async (request, reply) => {
      const language = request.query.language ?? request.language;
      const event = await eventOf(request);
      return sendSpreadsheet(
        reply,
        await exportCampaignRecipients(context, event, request.params.id, request.query, language),
      );
    },
    legacyList: async (request, reply) => {
      reply.headers(noStore);
      return eventCampaignStatistics(context.db, await eventBySlug(request));
    },
    legacyStatistics: async (request, reply) => {
      reply.headers(noStore);
      return campaignStatistics(context.db, await eventBySlug(request), request.params.id);
    },
    legacyRecipients: async (request, reply) => {
      reply.headers(noStore);
      return campaignRecipientsPage(context.db, await eventBySlug(request), request.params.id, request.query);
    },
  });
}
