import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { mailHistoryEndpoints } from "../../../../contract/mail-history.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { notFound } from "../../../platform/errors.js";
import { accountCaller } from "../../accounts/permissions.js";
import { eventCaller } from "../../events/events.caller.js";
import { requireEvent } from "../../events/events.visibility.js";
import { guests } from "../../guests/guests.tables.js";
import { listMailHistory } from "./mail-history.service.js";

const noStore = { "cache-control": "no-store" };

/**
 * SPEC §2 "mail history". The account's list spans all its events, so it needs "events.seeAll" (Overseers, API keys):
 * an Organizer, Editor or Reader sees the mails of the guests they can reach, on each guest's page.
 */
export function registerMailHistoryRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, mailHistoryEndpoints, {
    account: async (request, reply) => {
      reply.headers(noStore);
      const { accountId } = await accountCaller(context, request, "events.seeAll");
      return listMailHistory(context.db, { accountId }, request.query);
    },
    guest: async (request, reply) => {
      reply.headers(noStore);
      const { access } = await eventCaller(context, request);
      const event = await requireEvent(context.db, access, request.params.event, "events.read");
      const [guest] = await context.db
        .select({ id: guests.id })
        .from(guests)
        .where(and(eq(guests.id, request.params.id), eq(guests.eventId, event.id)));
      if (!guest) throw notFound();
      return listMailHistory(
        context.db,
        { accountId: event.accountId, eventId: event.id, guestId: guest.id },
        request.query,
      );
    },
  });
}
