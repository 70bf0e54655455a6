import type { FastifyInstance, FastifyRequest } from "fastify";
import { statisticsEndpoints } from "../../../contract/statistics.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { sendSpreadsheet } from "../../platform/spreadsheet.js";
import { eventCaller } from "../events/events.caller.js";
import { requireEvent } from "../events/events.visibility.js";
import { eventStatistics, exportSection } from "./statistics.service.js";

/** An event's statistics (contract/statistics.endpoints.ts): read with "events.read" (SPEC §6). */
export function registerStatisticsRoutes(app: FastifyInstance, context: AppContext) {
  /** The event of the route, reachable by the caller (404 out of reach, then 403). */
  const eventOf = async (request: FastifyRequest & { params: { account: string; event: string } }) =>
    requireEvent(context.db, (await eventCaller(context, request)).access, request.params.event, "events.read");

  registerEndpoints(app, statisticsEndpoints, {
    get: async (request, reply) => {
      // The figures move with every registration, sale and scan.
      reply.headers({ "cache-control": "no-store" });
      return eventStatistics(context.db, await eventOf(request), request.language);
    },
    export: async (request, reply) => {
      const event = await eventOf(request);
      const language = request.query.language ?? request.language;
      const file = await exportSection(context, event, request.params.section, request.query.format, language);
      return sendSpreadsheet(reply, file);
    },
  });
}
