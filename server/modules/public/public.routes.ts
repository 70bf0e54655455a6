import type { FastifyInstance, FastifyRequest } from "fastify";
import { publicEndpoints } from "../../../contract/public.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { pageLanguage } from "../../platform/language.js";
import { requireMember } from "../guests/member-sessions.js";
import { readInvitation } from "./invitations.js";
import { publicEventCalendar } from "./public.calendar.js";
import { getPublicContent, sendCacheable } from "./public.content.js";
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
export function registerPublicRoutes(app: FastifyInstance, context: AppContext) {
  const member = (request: FastifyRequest & { params: { slug: string } }) =>
    requireMember(context.db, request.params.slug, request.headers.authorization);

  registerEndpoints(app, publicEndpoints, {
    event: async (request) => getPublicEvent(context, request.params.slug, pageLanguage(request)),
    calendar: async (request, reply) => {
      const { slug } = request.params;
      const calendar = await publicEventCalendar(context, slug, pageLanguage(request));
      // Public data, so shared caches may keep it a little: an edit of the event shows within five minutes.
      return reply
        .headers({
          "content-type": "text/calendar; charset=utf-8",
          "content-disposition": `attachment; filename="${slug}.ics"`,
          "cache-control": "public, max-age=300",
        })
        .send(calendar);
    },
    content: async (request, reply) =>
      sendCacheable(request, reply, await getPublicContent(context, request.params.slug, pageLanguage(request))),
    invitation: async (request, reply) => {
      reply.headers(noStore);
      return readInvitation(context, request.params.slug, request.params.token);
    },
    requestMemberLink: async (request) => {
      await requestMemberLink(context, request.params.slug, request.body, request.language, request.ip);
      return { ok: true as const };
    },
    openMemberSession: async (request) =>
      openMemberSession(context, request.params.slug, request.body.token, request.ip),
    registration: async (request, reply) => {
      reply.headers(noStore);
      return getMemberRegistration(context.db, await member(request));
    },
    unregister: async (request) => unregisterMember(context, await member(request), request.ip),
    logout: async (request) => {
      await closeMemberSession(context.db, await member(request), request.ip);
      return { ok: true as const };
    },
    attendees: async (request, reply) => {
      reply.headers(noStore);
      return listAttendees(context.db, await member(request), request.query);
    },
  });
}
