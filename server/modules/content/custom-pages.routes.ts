import type { FastifyInstance } from "fastify";
import { customPagesEndpoints, publicCustomPagesEndpoints } from "../../../contract/custom-pages.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { pageLanguage } from "../../platform/language.js";
import { eventCaller } from "../events/events.caller.js";
import { customPagesService, getPublicCustomPage } from "./custom-pages.service.js";
import { contentHandlers } from "./ordered-content.service.js";

/** SPEC §7 custompages: list, create, read, save, delete, reorder; and a page as the event's visitors read it. */
export function registerCustomPagesRoutes(app: FastifyInstance, context: AppContext) {
  const handlers = contentHandlers(context, customPagesService);
  registerEndpoints(app, customPagesEndpoints, {
    ...handlers,
    // A page has nothing a list may expand.
    list: async (request) =>
      customPagesService.list(context, await eventCaller(context, request), request.params.event, { expand: [] }),
  });
  registerEndpoints(app, publicCustomPagesEndpoints, {
    page: async (request) =>
      getPublicCustomPage(context, request.params.slug, request.params.pageSlug, pageLanguage(request)),
  });
}
