import type { FastifyInstance } from "fastify";
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
import type { AppContext } from "../../platform/context.js";
import { getEventAccess, grantAdministrator, grantTeam, revokeAdministrator, revokeTeam } from "./events.access.js";
import { eventCaller } from "./events.caller.js";
import { createEvent, deleteEvent, duplicateEvent, getEvent, listEvents, updateEvent } from "./events.service.js";

// SPEC §7: event listings are never cached, by the browser or anything in between.
const noStore = { "cache-control": "no-store" };

export function registerEventsRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["events"];

  app.get(
    "/accounts/:account/events",
    { schema: { tags, params: accountParams, querystring: eventListQuery, response: { 200: eventList } } },
    async (request, reply) => {
      const { access } = await eventCaller(context, request);
      reply.headers(noStore);
      return listEvents(context.db, access, request.query);
    },
  );

  app.post(
    "/accounts/:account/events",
    { schema: { tags, params: accountParams, body: eventCreateBody, response: { 201: eventSchema } } },
    async (request, reply) => {
      const event = await createEvent(
        context,
        await eventCaller(context, request, "events.create"),
        request.body,
        request.language,
      );
      return reply.status(201).send(event);
    },
  );

  app.get(
    "/accounts/:account/events/:id",
    { schema: { tags, params: eventParams, querystring: eventGetQuery, response: { 200: eventSchema } } },
    async (request, reply) => {
      const { access } = await eventCaller(context, request);
      reply.headers(noStore);
      return getEvent(context.db, access, request.params.id, request.language, request.query.expand);
    },
  );

  app.post(
    "/accounts/:account/events/:id",
    { schema: { tags, params: eventParams, body: eventUpdateBody, response: { 200: eventSchema } } },
    async (request) =>
      updateEvent(context, await eventCaller(context, request), request.params.id, request.body, request.language),
  );

  app.delete(
    "/accounts/:account/events/:id",
    { schema: { tags, params: eventParams, response: { 200: okSchema } } },
    async (request) => {
      await deleteEvent(context, await eventCaller(context, request), request.params.id, request.language);
      return { ok: true as const };
    },
  );

  app.post(
    "/accounts/:account/events/:id/duplicate",
    { schema: { tags, params: eventParams, body: eventDuplicateBody, response: { 201: eventSchema } } },
    async (request, reply) => {
      const { params, body, language } = request;
      const event = await duplicateEvent(context, await eventCaller(context, request), params.id, body, language);
      return reply.status(201).send(event);
    },
  );

  app.get(
    "/accounts/:account/events/:id/access",
    { schema: { tags, params: eventParams, response: { 200: eventAccessSchema } } },
    async (request, reply) => {
      const { access } = await eventCaller(context, request);
      reply.headers(noStore);
      return getEventAccess(context.db, access, request.params.id);
    },
  );

  const administratorRoute = "/accounts/:account/events/:id/administrators/:adminId";
  const administratorSchema = { tags, params: eventAdministratorParams, response: { 200: eventAccessSchema } };
  app.put(administratorRoute, { schema: administratorSchema }, async (request) => {
    const target = { ...(await eventCaller(context, request)), eventId: request.params.id };
    return grantAdministrator(context, target, request.params.adminId);
  });
  app.delete(administratorRoute, { schema: administratorSchema }, async (request) => {
    const target = { ...(await eventCaller(context, request)), eventId: request.params.id };
    return revokeAdministrator(context, target, request.params.adminId);
  });

  const teamRoute = "/accounts/:account/events/:id/teams/:teamId";
  const teamSchema = { tags, params: eventTeamParams, response: { 200: eventAccessSchema } };
  app.put(teamRoute, { schema: teamSchema }, async (request) => {
    const target = { ...(await eventCaller(context, request)), eventId: request.params.id };
    return grantTeam(context, target, request.params.teamId);
  });
  app.delete(teamRoute, { schema: teamSchema }, async (request) => {
    const target = { ...(await eventCaller(context, request)), eventId: request.params.id };
    return revokeTeam(context, target, request.params.teamId);
  });
}
