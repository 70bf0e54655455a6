import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { okSchema } from "../../../contract/auth.js";
import {
  customFieldBody,
  customFieldList,
  customFieldParams,
  customFieldReorderBody,
  customFieldSchema,
  customFieldUpdateBody,
  deleteGuestsBody,
  deleteGuestsResult,
  eventScopeParams,
  guestCreateBody,
  guestCustomFieldsBody,
  guestList,
  guestListQuery,
  guestParams,
  guestSchema,
  guestUpdateBody,
} from "../../../contract/guests.js";
import type { AppContext } from "../../platform/context.js";
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
export function registerGuestsRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["guests"];
  const base = "/events/:account/:event";

  app.get(
    `${base}/users`,
    { schema: { tags, params: eventScopeParams, querystring: guestListQuery, response: { 200: guestList } } },
    async (request, reply) => {
      reply.headers(noStore);
      return listGuests(context, await eventCaller(context, request), request.params.event, request.query);
    },
  );

  app.post(
    `${base}/users`,
    { schema: { tags, params: eventScopeParams, body: guestCreateBody, response: { 201: guestSchema } } },
    async (request, reply) => {
      const guest = await createGuest(context, await eventCaller(context, request), request.params.event, request.body);
      return reply.status(201).send(guest);
    },
  );

  // Declared before users/:id so these fixed paths are never read as a guest id.
  app.post(
    `${base}/users/customfields`,
    { schema: { tags, params: eventScopeParams, body: guestCustomFieldsBody, response: { 200: guestSchema } } },
    async (request) => {
      const { userId, values } = request.body;
      return setGuestCustomFields(context, await eventCaller(context, request), request.params.event, userId, values);
    },
  );

  app.post(
    `${base}/users/deleteusers`,
    { schema: { tags, params: eventScopeParams, body: deleteGuestsBody, response: { 200: deleteGuestsResult } } },
    async (request) =>
      deleteGuests(context, await eventCaller(context, request), request.params.event, request.body.ids),
  );

  app.get(
    `${base}/users/:id`,
    { schema: { tags, params: guestParams, response: { 200: guestSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return getGuest(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
  );

  app.post(
    `${base}/users/:id`,
    { schema: { tags, params: guestParams, body: guestUpdateBody, response: { 200: guestSchema } } },
    async (request) => {
      const { event, id } = request.params;
      return updateGuest(context, await eventCaller(context, request), event, id, request.body);
    },
  );

  app.delete(
    `${base}/users/:id`,
    { schema: { tags, params: guestParams, response: { 200: okSchema } } },
    async (request) => {
      const { event, id } = request.params;
      await deleteGuest(context, await eventCaller(context, request), event, id, request.language);
      return { ok: true as const };
    },
  );

  app.get(
    `${base}/customfields`,
    { schema: { tags, params: eventScopeParams, response: { 200: customFieldList } } },
    async (request, reply) => {
      reply.headers(noStore);
      return listCustomFields(context, await eventCaller(context, request), request.params.event);
    },
  );

  app.post(
    `${base}/customfields`,
    { schema: { tags, params: eventScopeParams, body: customFieldBody, response: { 201: customFieldSchema } } },
    async (request, reply) => {
      const field = await createCustomField(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.body,
      );
      return reply.status(201).send(field);
    },
  );

  app.post(
    `${base}/customfields/reorder`,
    { schema: { tags, params: eventScopeParams, body: customFieldReorderBody, response: { 200: customFieldList } } },
    async (request) =>
      reorderCustomFields(context, await eventCaller(context, request), request.params.event, request.body.ids),
  );

  app.get(
    `${base}/customfields/:id`,
    { schema: { tags, params: customFieldParams, response: { 200: customFieldSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return getCustomField(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
  );

  app.post(
    `${base}/customfields/:id`,
    { schema: { tags, params: customFieldParams, body: customFieldUpdateBody, response: { 200: customFieldSchema } } },
    async (request) => {
      const { event, id } = request.params;
      return updateCustomField(context, await eventCaller(context, request), event, id, request.body);
    },
  );

  app.delete(
    `${base}/customfields/:id`,
    { schema: { tags, params: customFieldParams, response: { 200: okSchema } } },
    async (request) => {
      await deleteCustomField(context, await eventCaller(context, request), request.params.event, request.params.id);
      return { ok: true as const };
    },
  );
}
