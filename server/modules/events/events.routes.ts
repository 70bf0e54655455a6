import type { FastifyInstance, FastifyRequest } from "fastify";
import { eventsEndpoints } from "../../../contract/events.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { getEventAccess, grantAdministrator, grantTeam, revokeAdministrator, revokeTeam } from "./events.access.js";
import { eventCaller } from "./events.caller.js";
import { createEvent, deleteEvent, duplicateEvent, getEvent, listEvents, updateEvent } from "./events.service.js";

// SPEC §7: event listings are never cached, by the browser or anything in between.
const noStore = { "cache-control": "no-store" };

export function registerEventsRoutes(app: FastifyInstance, context: AppContext) {
  /** The caller and the event an access change is about. */
  const accessTarget = async (request: FastifyRequest & { params: { account: string; id: string } }) => ({
    ...(await eventCaller(context, request)),
    eventId: request.params.id,
  });

  registerEndpoints(app, eventsEndpoints, {
    list: async (request, reply) => {
      const { access } = await eventCaller(context, request);
      reply.headers(noStore);
      return listEvents(context.db, access, request.query);
    },
    create: async (request) =>
      createEvent(context, await eventCaller(context, request, "events.create"), request.body, request.language),
    get: async (request, reply) => {
      const { access } = await eventCaller(context, request);
      reply.headers(noStore);
      return getEvent(context.db, access, request.params.id, request.language, request.query.expand);
    },
    update: async (request) =>
      updateEvent(context, await eventCaller(context, request), request.params.id, request.body, request.language),
    remove: async (request) => {
      await deleteEvent(context, await eventCaller(context, request), request.params.id, request.language);
      return { ok: true as const };
    },
    duplicate: async (request) => {
      const { params, body, language } = request;
      return duplicateEvent(context, await eventCaller(context, request), params.id, body, language);
    },
    access: async (request, reply) => {
      const { access } = await eventCaller(context, request);
      reply.headers(noStore);
      return getEventAccess(context.db, access, request.params.id);
    },
    grantAdministrator: async (request) =>
      grantAdministrator(context, await accessTarget(request), request.params.adminId),
    revokeAdministrator: async (request) =>
      revokeAdministrator(context, await accessTarget(request), request.params.adminId),
    grantTeam: async (request) => grantTeam(context, await accessTarget(request), request.params.teamId),
    revokeTeam: async (request) => revokeTeam(context, await accessTarget(request), request.params.teamId),
  });
}
