import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { legacyEventParams } from "../../../../contract/guest-duplicates.js";
import {
  addRecommendationsBody,
  legacyRecommendationParams,
  recommendationList,
  recommendationListQuery,
  recommendationSchema,
} from "../../../../contract/guest-recommendations.js";
import type { AccountAction } from "../../../../contract/permissions.js";
import { requirePrincipal } from "../../../platform/auth-guard.js";
import type { AppContext } from "../../../platform/context.js";
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
export function registerRecommendationsRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["guests"];
  const admin = "/:event/admin/recommendations";

  async function caller(request: FastifyRequest & { params: { event: string } }, action: AccountAction) {
    const principal = requirePrincipal(request);
    const { access, event } = await requireEventBySlug(context.db, principal, request.params.event, action);
    return { caller: { access, ip: request.ip }, eventId: event.id };
  }

  app.post(
    "/:event/recommendations/addRecommendationsJson",
    {
      schema: { tags, params: legacyEventParams, body: addRecommendationsBody, response: { 201: recommendationList } },
    },
    async (request, reply) => {
      const who = { ip: request.ip, authorization: request.headers.authorization };
      const list = await addRecommendations(context, who, request.params.event, request.body);
      return reply.status(201).send(list);
    },
  );

  app.get(
    "/:event/recommendations/getRecommendationsJson/:id",
    { schema: { tags, params: legacyRecommendationParams, response: { 200: recommendationList } } },
    async (request, reply) => {
      reply.headers(noStore);
      const { event, id } = request.params;
      return guestRecommendations(context, request.headers.authorization, event, id);
    },
  );

  app.get(
    `${admin}/getAllRecommendationsJson`,
    {
      schema: {
        tags,
        params: legacyEventParams,
        querystring: recommendationListQuery,
        response: { 200: recommendationList },
      },
    },
    async (request, reply) => {
      const { eventId } = await caller(request, "events.read");
      reply.headers(noStore);
      return listRecommendations(context, eventId, request.query);
    },
  );

  for (const [path, decision] of [
    ["acceptRecommendationJson", "accepted"],
    ["refuseRecommendationJson", "refused"],
  ] as const) {
    app.get(
      `${admin}/${path}/:id`,
      { schema: { tags, params: legacyRecommendationParams, response: { 200: recommendationSchema } } },
      async (request, reply) => {
        const { caller: who, eventId } = await caller(request, "events.update");
        reply.headers(noStore);
        return decideRecommendation(context, who, eventId, request.params.id, decision);
      },
    );
  }
}
