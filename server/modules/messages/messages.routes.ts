import type { FastifyInstance } from "fastify";
import { messagesEndpoints } from "../../../contract/messages.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
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
export function registerMessagesRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, messagesEndpoints, {
    list: async (request, reply) => {
      reply.headers(noStore);
      return listMessages(context, await eventCaller(context, request), request.params.event, request.query);
    },
    unreadCount: async (request, reply) => {
      reply.headers(noStore);
      return countUnreadMessages(context, await eventCaller(context, request), request.params.event);
    },
    get: async (request, reply) => {
      reply.headers(noStore);
      return getMessage(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
    markRead: async (request) => {
      const { event, id } = request.params;
      return markMessageRead(context, await eventCaller(context, request), event, id, request.body?.read ?? true);
    },
    remove: async (request) => {
      await deleteMessage(context, await eventCaller(context, request), request.params.event, request.params.id);
      return { ok: true as const };
    },
    contact: async (request) => {
      const sender = { ip: request.ip, language: request.language };
      await sendContactMessage(context, sender, request.params.slug, request.body);
      return { ok: true as const };
    },
  });
}
