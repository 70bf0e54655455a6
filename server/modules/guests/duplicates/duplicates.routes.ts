import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  duplicateList,
  duplicateListQuery,
  ignoreDuplicatesBody,
  ignoreDuplicatesResult,
  legacyEventParams,
  mergeQuery,
} from "../../../../contract/guest-duplicates.js";
import { guestSchema } from "../../../../contract/guests.js";
import type { AccountAction } from "../../../../contract/permissions.js";
import { requirePrincipal } from "../../../platform/auth-guard.js";
import type { AppContext } from "../../../platform/context.js";
import { requireEventBySlug } from "../../events/events.visibility.js";
import { mergeDuplicates } from "./duplicates.merge.js";
import { ignoreDuplicates, listDuplicates } from "./duplicates.service.js";

// Guest data is never cached (SPEC §7), and mergeJson changes data despite being a GET.
const noStore = { "cache-control": "no-store" };

/** SPEC §7 legacy `/{event}/admin/duplicates/...`, on the root app; `{event}` is the event's slug. */
export function registerDuplicatesRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["guests"];
  const base = "/:event/admin/duplicates";

  async function caller(request: FastifyRequest & { params: { event: string } }, action: AccountAction) {
    const { access, event } = await requireEventBySlug(
      context.db,
      requirePrincipal(request),
      request.params.event,
      action,
    );
    return { caller: { access, ip: request.ip }, eventId: event.id };
  }

  app.get(
    `${base}/getDuplicatesJson`,
    { schema: { tags, params: legacyEventParams, querystring: duplicateListQuery, response: { 200: duplicateList } } },
    async (request, reply) => {
      const { eventId } = await caller(request, "events.read");
      reply.headers(noStore);
      return listDuplicates(context, eventId, request.query);
    },
  );

  app.get(
    `${base}/mergeJson`,
    { schema: { tags, params: legacyEventParams, querystring: mergeQuery, response: { 200: guestSchema } } },
    async (request, reply) => {
      const { caller: who, eventId } = await caller(request, "events.update");
      reply.headers(noStore);
      return mergeDuplicates(context, who, eventId, request.query.user1, request.query.user2);
    },
  );

  app.post(
    `${base}/deleteJson`,
    {
      schema: {
        tags,
        params: legacyEventParams,
        body: ignoreDuplicatesBody,
        response: { 200: ignoreDuplicatesResult },
      },
    },
    async (request) => {
      const { caller: who, eventId } = await caller(request, "events.update");
      return ignoreDuplicates(context, who, eventId, request.body.selectedIds);
    },
  );
}
