import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountParams } from "../../../contract/accounts.js";
import { okSchema } from "../../../contract/auth.js";
import {
  eventAccessSchema,
  eventAdministratorParams,
  eventCreateBody,
  eventDuplicateBody,
  eventGetQuery,
  eventList,
  eventListQuery,
  eventParams,
  eventSchema,
  eventTeamParams,
  eventUpdateBody,
} from "../../../contract/events.js";
import type { AccountAction } from "../../../contract/permissions.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { requireAccountAccess } from "../../platform/permissions.js";
import { getEventAccess, grantAdministrator, grantTeam, revokeAdministrator, revokeTeam } from "./events.access.js";
import {
  type Caller,
  createEvent,
  deleteEvent,
  duplicateEvent,
  getEvent,
  listEvents,
  updateEvent,
} from "./events.service.js";

// SPEC §7: event listings are never cached, by the browser or anything in between.
const noStore = { "cache-control": "no-store" };

export function registerEventsRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["events"];

  /**
   * Every event route is open to any member ("events.read"); the event's own action is checked once the event is
   * found, so an event out of reach answers 404 whatever was asked of it.
   */
  async function caller(
    request: FastifyRequest & { params: { account: string } },
    action: AccountAction = "events.read",
  ): Promise<Caller> {
    const access = await requireAccountAccess(context.db, requirePrincipal(request), request.params.account, action);
    return { access, ip: request.ip };
  }

  app.get(
    "/accounts/:account/events",
    { schema: { tags, params: accountParams, querystring: eventListQuery, response: { 200: eventList } } },
    async (request, reply) => {
      const { access } = await caller(request);
      reply.headers(noStore);
      return listEvents(context.db, access, request.query);
    },
  );

  app.post(
    "/accounts/:account/events",
    { schema: { tags, params: accountParams, body: eventCreateBody, response: { 201: eventSchema } } },
    async (request, reply) => {
      const event = await createEvent(context, await caller(request, "events.create"), request.body, request.language);
      return reply.status(201).send(event);
    },
  );

  app.get(
    "/accounts/:account/events/:id",
    { schema: { tags, params: eventParams, querystring: eventGetQuery, response: { 200: eventSchema } } },
    async (request, reply) => {
      const { access } = await caller(request);
      reply.headers(noStore);
      return getEvent(context.db, access, request.params.id, request.language, request.query.expand);
    },
  );

  app.post(
    "/accounts/:account/events/:id",
    { schema: { tags, params: eventParams, body: eventUpdateBody, response: { 200: eventSchema } } },
    async (request) => updateEvent(context, await caller(request), request.params.id, request.body, request.language),
  );

  app.delete(
    "/accounts/:account/events/:id",
    { schema: { tags, params: eventParams, response: { 200: okSchema } } },
    async (request) => {
      await deleteEvent(context, await caller(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    "/accounts/:account/events/:id/duplicate",
    { schema: { tags, params: eventParams, body: eventDuplicateBody, response: { 201: eventSchema } } },
    async (request, reply) => {
      const { params, body, language } = request;
      const event = await duplicateEvent(context, await caller(request), params.id, body, language);
      return reply.status(201).send(event);
    },
  );

  app.get(
    "/accounts/:account/events/:id/access",
    { schema: { tags, params: eventParams, response: { 200: eventAccessSchema } } },
    async (request, reply) => {
      const { access } = await caller(request);
      reply.headers(noStore);
      return getEventAccess(context.db, access, request.params.id);
    },
  );

  const administratorRoute = "/accounts/:account/events/:id/administrators/:adminId";
  const administratorSchema = { tags, params: eventAdministratorParams, response: { 200: eventAccessSchema } };
  app.put(administratorRoute, { schema: administratorSchema }, async (request) => {
    const target = { ...(await caller(request)), eventId: request.params.id };
    return grantAdministrator(context, target, request.params.adminId);
  });
  app.delete(administratorRoute, { schema: administratorSchema }, async (request) => {
    const target = { ...(await caller(request)), eventId: request.params.id };
    return revokeAdministrator(context, target, request.params.adminId);
  });

  const teamRoute = "/accounts/:account/events/:id/teams/:teamId";
  const teamSchema = { tags, params: eventTeamParams, response: { 200: eventAccessSchema } };
  app.put(teamRoute, { schema: teamSchema }, async (request) => {
    const target = { ...(await caller(request)), eventId: request.params.id };
    return grantTeam(context, target, request.params.teamId);
  });
  app.delete(teamRoute, { schema: teamSchema }, async (request) => {
    const target = { ...(await caller(request)), eventId: request.params.id };
    return revokeTeam(context, target, request.params.teamId);
  });
}
