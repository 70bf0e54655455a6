import type { FastifyInstance } from "fastify";
import { guestsEndpoints } from "../../../contract/guests.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { eventCaller } from "../events/events.caller.js";
import {
  createCustomField,
  deleteCustomField,
  getCustomField,
  listCustomFields,
  reorderCustomFields,
  updateCustomField,
} from "./custom-fields.service.js";
import { listGuests } from "./guests.list.js";
import {
  createGuest,
  deleteGuest,
  deleteGuests,
  getGuest,
  setGuestCustomFields,
  updateGuest,
} from "./guests.service.js";

// SPEC §7: guest data is never cached, by the browser or anything in between.
const noStore = { "cache-control": "no-store" };

/** SPEC §7 "users" and "customfields" of an event. */
export function registerGuestsRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, guestsEndpoints, {
    list: async (request, reply) => {
      reply.headers(noStore);
      return listGuests(context, await eventCaller(context, request), request.params.event, request.query);
    },
    create: async (request) =>
      createGuest(context, await eventCaller(context, request), request.params.event, request.body),
    setCustomFields: async (request) => {
      const { userId, values } = request.body;
      return setGuestCustomFields(context, await eventCaller(context, request), request.params.event, userId, values);
    },
    removeMany: async (request) =>
      deleteGuests(context, await eventCaller(context, request), request.params.event, request.body.ids),
    get: async (request, reply) => {
      reply.headers(noStore);
      return getGuest(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
    update: async (request) => {
      const { event, id } = request.params;
      return updateGuest(context, await eventCaller(context, request), event, id, request.body);
    },
    remove: async (request) => {
      const { event, id } = request.params;
      await deleteGuest(context, await eventCaller(context, request), event, id, request.language);
      return { ok: true as const };
    },
    listCustomFields: async (request, reply) => {
      reply.headers(noStore);
      return listCustomFields(context, await eventCaller(context, request), request.params.event);
    },
    createCustomField: async (request) =>
      createCustomField(context, await eventCaller(context, request), request.params.event, request.body),
    reorderCustomFields: async (request) =>
      reorderCustomFields(context, await eventCaller(context, request), request.params.event, request.body.ids),
    getCustomField: async (request, reply) => {
      reply.headers(noStore);
      return getCustomField(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
    updateCustomField: async (request) => {
      const { event, id } = request.params;
      return updateCustomField(context, await eventCaller(context, request), event, id, request.body);
    },
    deleteCustomField: async (request) => {
      await deleteCustomField(context, await eventCaller(context, request), request.params.event, request.params.id);
      return { ok: true as const };
    },
  });
}
