import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { okSchema } from "../../../contract/auth.js";
import {
  attendeeList,
  attendeesQuery,
  memberLinkAccepted,
  memberLinkBody,
  memberRegistrationSchema,
  memberSessionBody,
  memberSessionSchema,
  publicEventParams,
  publicEventQuery,
  publicEventSchema,
} from "../../../contract/public.js";
import type { AppContext } from "../../platform/context.js";
import { isLanguage } from "../../platform/language.js";
import { requireMember } from "../guests/member-sessions.js";
import {
  closeMemberSession,
  getMemberRegistration,
  getPublicEvent,
  listAttendees,
  openMemberSession,
  requestMemberLink,
  unregisterMember,
} from "./public.service.js";

// A guest's own data must never sit in a shared cache.
const noStore = { "cache-control": "no-store" };

/**
 * The public side of an event, without organizer sign-in: the event page's data, and the member area where a guest
 * signs in with an emailed link and then sends the member session as `Authorization: Bearer`.
 */
export function registerPublicRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["public"];
  const base = "/public/events/:slug";
  const member = (request: FastifyRequest & { params: { slug: string } }) =>
    requireMember(context.db, request.params.slug, request.headers.authorization);

  app.get(
    base,
    {
      schema: { tags, params: publicEventParams, querystring: publicEventQuery, response: { 200: publicEventSchema } },
    },
    async (request) => {
      const { lang } = request.query;
      const language = lang === undefined ? request.language : isLanguage(lang) ? lang : "en";
      return getPublicEvent(context.db, request.params.slug, language);
    },
  );

  app.post(
    `${base}/member/link`,
    { schema: { tags, params: publicEventParams, body: memberLinkBody, response: { 202: memberLinkAccepted } } },
    async (request, reply) => {
      await requestMemberLink(context, request.params.slug, request.body, request.language, request.ip);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    `${base}/member/session`,
    { schema: { tags, params: publicEventParams, body: memberSessionBody, response: { 200: memberSessionSchema } } },
    async (request) => openMemberSession(context, request.params.slug, request.body.token, request.ip),
  );

  app.get(
    `${base}/member`,
    { schema: { tags, params: publicEventParams, response: { 200: memberRegistrationSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return getMemberRegistration(context.db, await member(request));
    },
  );

  app.post(
    `${base}/member/unregister`,
    { schema: { tags, params: publicEventParams, response: { 200: memberRegistrationSchema } } },
    async (request) => unregisterMember(context, await member(request), request.ip),
  );

  app.post(
    `${base}/member/logout`,
    { schema: { tags, params: publicEventParams, response: { 200: okSchema } } },
    async (request) => {
      await closeMemberSession(context.db, await member(request), request.ip);
      return { ok: true as const };
    },
  );

  app.get(
    `${base}/attendees`,
    { schema: { tags, params: publicEventParams, querystring: attendeesQuery, response: { 200: attendeeList } } },
    async (request, reply) => {
      reply.headers(noStore);
      return listAttendees(context.db, await member(request), request.query);
    },
  );
}
