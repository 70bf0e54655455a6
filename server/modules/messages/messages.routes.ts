import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { okSchema } from "../../../contract/auth.js";
import { eventScopeParams } from "../../../contract/guests.js";
import {
  contactBody,
  contactParams,
  markReadBody,
  messageList,
  messageListQuery,
  messageParams,
  messageSchema,
  unreadCountSchema,
} from "../../../contract/messages.js";
import type { AppContext } from "../../platform/context.js";
import { eventCaller } from "../events/events.caller.js";
import {
  countUnreadMessages,
  deleteMessage,
  getMessage,
  listMessages,
  markMessageRead,
  sendContactMessage,
} from "./messages.service.js";

// Messages hold visitors' personal data: never cached, by the browser or anything in between.
const noStore = { "cache-control": "no-store" };

/** SPEC §7 "messages" of an event (the organizer's inbox) and the public contact form that fills it. */
export function registerMessagesRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["messages"];
  const base = "/events/:account/:event/messages";

  app.get(
    base,
    { schema: { tags, params: eventScopeParams, querystring: messageListQuery, response: { 200: messageList } } },
    async (request, reply) => {
      reply.headers(noStore);
      return listMessages(context, await eventCaller(context, request), request.params.event, request.query);
    },
  );

  // Declared before messages/:id so that "unread" is never read as a message id.
  app.get(
    `${base}/unread`,
    { schema: { tags, params: eventScopeParams, response: { 200: unreadCountSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return countUnreadMessages(context, await eventCaller(context, request), request.params.event);
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: messageParams, response: { 200: messageSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return getMessage(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
  );

  app.post(
    `${base}/:id/read`,
    { schema: { tags, params: messageParams, body: markReadBody, response: { 200: messageSchema } } },
    async (request) => {
      const { event, id } = request.params;
      return markMessageRead(context, await eventCaller(context, request), event, id, request.body?.read ?? true);
    },
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: messageParams, response: { 200: okSchema } } },
    async (request) => {
      await deleteMessage(context, await eventCaller(context, request), request.params.event, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    "/public/events/:slug/contact",
    { schema: { tags: ["public"], params: contactParams, body: contactBody, response: { 201: okSchema } } },
    async (request, reply) => {
      const sender = { ip: request.ip, language: request.language };
      await sendContactMessage(context, sender, request.params.slug, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );
}
