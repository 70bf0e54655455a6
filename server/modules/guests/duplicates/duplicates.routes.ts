import type { FastifyInstance, FastifyRequest } from "fastify";
import { guestDuplicatesEndpoints } from "../../../../contract/guest-duplicates.endpoints.js";
import type { AccountAction } from "../../../../contract/permissions.js";
import { requirePrincipal } from "../../../platform/auth-guard.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { requireEventBySlug } from "../../events/events.visibility.js";
import { mergeDuplicates } from "./duplicates.merge.js";
import { ignoreDuplicates, listDuplicates } from "./duplicates.service.js";

// Guest data is never cached (SPEC §7), and mergeJson changes data despite being a GET.
const noStore = { "cache-control": "no-store" };

/** SPEC §7 legacy `/{event}/admin/duplicates/...`, on the root app; `{event}` is the event's slug. */
export function registerDuplicatesRoutes(app: FastifyInstance, context: AppContext) {
  async function caller(request: FastifyRequest & { params: { event: string } }, action: AccountAction) {
    const { access, event } = await requireEventBySlug(
      context.db,
      requirePrincipal(request),
      request.params.event,
      action,
    );
    return { caller: { access, ip: request.ip }, eventId: event.id };
  }

  registerEndpoints(app, guestDuplicatesEndpoints, {
    list: async (request, reply) => {
      const { eventId } = await caller(request, "events.read");
      reply.headers(noStore);
      return listDuplicates(context, eventId, request.query);
    },
    merge: async (request, reply) => {
      const { caller: who, eventId } = await caller(request, "events.update");
      reply.headers(noStore);
      return mergeDuplicates(context, who, eventId, request.query.user1, request.query.user2);
    },
    ignore: async (request) => {
      const { caller: who, eventId } = await caller(request, "events.update");
      return ignoreDuplicates(context, who, eventId, request.body.selectedIds);
    },
  });
}
