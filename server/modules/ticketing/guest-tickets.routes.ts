import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listQuery } from "../../../contract/common.js";
import { guestParams } from "../../../contract/guests.js";
import { guestOrderList, guestTicketList } from "../../../contract/ticketing.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { requireAccountAccess } from "../../platform/permissions.js";
import { listGuestOrders, listGuestTickets } from "./guest-tickets.service.js";

// SPEC §7: guest data is never cached, by the browser or anything in between.
const noStore = { "cache-control": "no-store" };

/** SPEC §7 users/{id}/tickets and users/{id}/orders: what a guest holds and bought. */
export function registerGuestTicketsRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["guests", "ticketing"];
  const base = "/events/:account/:event/users/:id";
  const schema = { tags, params: guestParams, querystring: listQuery };

  app.get(`${base}/tickets`, { schema: { ...schema, response: { 200: guestTicketList } } }, async (request, reply) => {
    const { account, event, id } = request.params;
    const access = await requireAccountAccess(context.db, requirePrincipal(request), account, "events.read");
    reply.headers(noStore);
    return listGuestTickets(context, { access, ip: request.ip }, request.language, event, id, request.query);
  });

  app.get(`${base}/orders`, { schema: { ...schema, response: { 200: guestOrderList } } }, async (request, reply) => {
    const { account, event, id } = request.params;
    const access = await requireAccountAccess(context.db, requirePrincipal(request), account, "events.read");
    reply.headers(noStore);
    return listGuestOrders(context, { access, ip: request.ip }, event, id, request.query);
  });
}
