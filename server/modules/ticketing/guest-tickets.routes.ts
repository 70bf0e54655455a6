import type { FastifyInstance } from "fastify";
import { guestTicketsEndpoints } from "../../../contract/ticketing.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { eventCaller } from "../events/events.caller.js";
import { requireMember } from "../guests/member-sessions.js";
import { listGuestOrders, listGuestTickets } from "./guest-tickets.service.js";
import { listMemberOrders } from "./member-orders.js";

// SPEC §7: guest data is never cached, by the browser or anything in between.
const noStore = { "cache-control": "no-store" };

/**
 * SPEC §7 users/{id}/tickets and users/{id}/orders: what a guest holds and bought; the guest's own in the member area
 * (issue 21).
 */
export function registerGuestTicketsRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, guestTicketsEndpoints, {
    guestTickets: async (request, reply) => {
      const { event, id } = request.params;
      const who = await eventCaller(context, request);
      reply.headers(noStore);
      return listGuestTickets(context, who, request.language, event, id, request.query);
    },
    guestOrders: async (request, reply) => {
      const { event, id } = request.params;
      const who = await eventCaller(context, request);
      reply.headers(noStore);
      return listGuestOrders(context, who, event, id, request.query);
    },
    memberOrders: async (request, reply) => {
      const member = await requireMember(context.db, request.params.slug, request.headers.authorization);
      reply.headers(noStore);
      return listMemberOrders(context.db, member, request.language);
    },
  });
}
