import type { FastifyInstance } from "fastify";
import { checkinDeviceEndpoints, checkinEndpoints } from "../../../contract/checkin.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { eventCaller } from "../events/events.caller.js";
import { createCode, lastCode, listDevices, removeCode } from "./checkin-codes.service.js";
import { deviceSession, joinSession } from "./checkin-devices.js";
import { createSession, deleteSession, getSession, listSessions, updateSession } from "./checkin-sessions.service.js";

// Counts and devices change under the organizer's eyes, and a code is a credential: answers are never cached.
const noStore = { "cache-control": "no-store" };

/** SPEC §7 checkins and checkincodes (organizers), and the staff app's join (a device, no account). */
export function registerCheckinRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, checkinEndpoints, {
    list: async (request, reply) => {
      reply.headers(noStore);
      return listSessions(context, await eventCaller(context, request), request.params.event);
    },
    create: async (request) =>
      createSession(context, await eventCaller(context, request), request.params.event, request.body),
    get: async (request, reply) => {
      reply.headers(noStore);
      return getSession(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
    update: async (request) =>
      updateSession(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.params.id,
        request.body,
      ),
    remove: async (request) =>
      deleteSession(context, await eventCaller(context, request), request.params.event, request.params.id),
    lastCode: async (request, reply) => {
      reply.headers(noStore);
      return lastCode(context, await eventCaller(context, request), request.params.event, request.query.checkinId);
    },
    createCode: async (request) =>
      createCode(context, await eventCaller(context, request), request.params.event, request.body.checkinId),
    removeCode: async (request) =>
      removeCode(context, await eventCaller(context, request), request.params.event, request.params.id),
    devices: async (request, reply) => {
      reply.headers(noStore);
      return listDevices(context, await eventCaller(context, request), request.params.event, request.query.checkinId);
    },
  });

  registerEndpoints(app, checkinDeviceEndpoints, {
    join: async (request, reply) => {
      reply.headers(noStore);
      return joinSession(context, request, request.body);
    },
    session: async (request, reply) => {
      reply.headers(noStore);
      return deviceSession(context, request);
    },
  });
}
