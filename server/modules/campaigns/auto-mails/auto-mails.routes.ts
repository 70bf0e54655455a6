import type { FastifyInstance } from "fastify";
import { autoMailsEndpoints } from "../../../../contract/auto-mails.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { eventCaller } from "../../events/events.caller.js";
import {
  listAutoMails,
  previewAutoMail,
  sendAutoMailTest,
  updateAutoMail,
  updateAutoMails,
} from "./auto-mails.service.js";

/** SPEC §2 "auto-mail settings" of an event: read by its readers, changed and tested by those who may update it. */
export function registerAutoMailsRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, autoMailsEndpoints, {
    list: async (request) => listAutoMails(context, await eventCaller(context, request), request.params.event),
    updateAll: async (request) =>
      updateAutoMails(context, await eventCaller(context, request), request.params.event, request.body.items),
    update: async (request) => {
      const { event, kind } = request.params;
      return updateAutoMail(context, await eventCaller(context, request), event, kind, request.body);
    },
    preview: async (request) => {
      const { event, kind, language } = request.params;
      return previewAutoMail(context, await eventCaller(context, request), event, kind, language);
    },
    test: async (request) => {
      const { event, kind } = request.params;
      await sendAutoMailTest(context, await eventCaller(context, request), event, kind, request.body);
      return { ok: true as const };
    },
  });
}
