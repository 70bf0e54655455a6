import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { guestRecommendationsEndpoints } from "../../../../contract/guest-recommendations.endpoints.js";
import type { AccountAction } from "../../../../contract/permissions.js";
import { requirePrincipal } from "../../../platform/auth-guard.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { requireEventBySlug } from "../../events/events.visibility.js";
import {
  addRecommendations,
  decideRecommendation,
  guestRecommendations,
  listRecommendations,
} from "./recommendations.service.js";

const noStore = { "cache-control": "no-store" };

/**
 * SPEC §7 legacy recommendation routes on the root app, `{event}` being the slug: the public pair a guest uses, signed
 * in to the event's member area (its session as `Authorization: Bearer`), and the organizer's `admin/` ones.
 */
export function registerRecommendationsRoutes(app: FastifyInstance, context: AppContext) {
  async function caller(request: FastifyRequest & { params: { event: string } }, action: AccountAction) {
    const principal = requirePrincipal(request);
    const { access, event } = await requireEventBySlug(context.db, principal, request.params.event, action);
    return { caller: { access, ip: request.ip }, eventId: event.id };
  }

  async function decide(
    request: FastifyRequest & { params: { event: string; id: string } },
    reply: FastifyReply,
    decision: "accepted" | "refused",
  ) {
    const { caller: who, eventId } = await caller(request, "events.update");
    reply.headers(noStore);
    return decideRecommendation(context, who, eventId, request.params.id, decision);
  }

  registerEndpoints(app, guestRecommendationsEndpoints, {
    add: async (request) => {
      const who = { ip: request.ip, authorization: request.headers.authorization };
      return addRecommendations(context, who, request.params.event, request.body);
    },
    listOfGuest: async (request, reply) => {
      reply.headers(noStore);
      const { event, id } = request.params;
      return guestRecommendations(context, request.headers.authorization, event, id);
    },
    list: async (request, reply) => {
      const { eventId } = await caller(request, "events.read");
      reply.headers(noStore);
      return listRecommendations(context, eventId, request.query);
    },
    accept: (request, reply) => decide(request, reply, "accepted"),
    refuse: (request, reply) => decide(request, reply, "refused"),
  });
}
