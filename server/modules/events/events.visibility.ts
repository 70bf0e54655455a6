import { and, eq, getTableColumns, not, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { EventFilter, EventStatus } from "../../../contract/events.js";
import type { AccountAction } from "../../../contract/permissions.js";
import type { Executor } from "../../db/connection.js";
import type { Principal } from "../../platform/auth-guard.js";
import { notFound } from "../../platform/errors.js";
import { teamMembers } from "../accounts/accounts.tables.js";
import { type AccountAccess, assertCan, can, requireAccountAccess } from "../accounts/permissions.js";
import { eventAdministrators, events, eventTeams } from "./events.tables.js";

/**
 * When an event stops being in progress. Without an end date it lasts its start day: 24 hours from the start, or
 * until midnight of that day in the event's own timezone when it is an all-day event.
 */
export const effectiveEnd = sql`coalesce(${events.endsAt}, case when ${events.allDay}
  then (date_trunc('day', ${events.startsAt} at time zone ${events.timezone}) + interval '1 day') at time zone ${events.timezone}
  else ${events.startsAt} + interval '1 day' end)`;

/** The one definition of an event's status: the list filters on it and every answer reports it. */
export const eventStatusSql = sql<EventStatus>`(case
  when now() < ${events.startsAt} then 'upcoming'
  when now() < ${effectiveEnd} then 'in_progress'
  else 'past' end)`;

/** The list's filters; every filter but `archived` leaves archived events out ("all my events"). */
export function eventFilterCondition(filter: EventFilter): SQL {
  if (filter === "archived") return eq(events.archived, true);
  const live = eq(events.archived, false);
  return filter === "all" ? live : (and(live, sql`${eventStatusSql} = ${filter}`) ?? live);
}

/**
 * The events a caller can reach in their account. Overseers, platform administrators and API keys see them all;
 * everyone else sees those given to them directly or to one of their teams. Archived events are open only to the
 * roles that may open them: for the others they do not exist.
 */
export function visibleEventsCondition(access: AccountAccess): SQL {
  const conditions: SQL[] = [eq(events.accountId, access.accountId)];
  if (!can(access, "events.seeAll")) {
    const { principal } = access;
    if (principal.kind !== "user") return sql`false`;
    conditions.push(sql`(exists (select 1 from ${eventAdministrators}
        where ${eventAdministrators.eventId} = ${events.id} and ${eventAdministrators.userId} = ${principal.userId})
      or exists (select 1 from ${eventTeams} inner join ${teamMembers} on ${teamMembers.teamId} = ${eventTeams.teamId}
        where ${eventTeams.eventId} = ${events.id} and ${teamMembers.userId} = ${principal.userId}))`);
  }
  if (!can(access, "events.openArchived")) conditions.push(not(events.archived));
  return and(...conditions) ?? sql`false`;
}

export const eventColumnsWithStatus = { ...getTableColumns(events), status: eventStatusSql };
export type EventRow = typeof events.$inferSelect & { status: EventStatus };

/**
 * Loads an event the caller can reach, then checks the action. An event of another account or one out of the
 * caller's reach answers 404 before any 403, so its existence is never revealed. `lock` holds the row for an update.
 */
export async function requireEvent(
  executor: Executor,
  access: AccountAccess,
  id: string,
  action: AccountAction,
  options: { lock?: boolean } = {},
): Promise<EventRow> {
  const query = executor
    .select(eventColumnsWithStatus)
    .from(events)
    .where(and(eq(events.id, id), visibleEventsCondition(access)));
  const [event] = options.lock ? await query.for("update") : await query;
  if (!event) throw notFound();
  assertCan(access, action);
  return event;
}

/**
 * The legacy `/{event}/...` routes name the event by its slug: resolves the caller's access to the event's account,
 * then the event itself, with the same 404-before-403 rule as `requireEvent`.
 */
export async function requireEventBySlug(
  executor: Executor,
  principal: Principal,
  slug: string,
  action: AccountAction,
): Promise<{ access: AccountAccess; event: EventRow }> {
  const [found] = await executor
    .select({ id: events.id, accountId: events.accountId })
    .from(events)
    .where(eq(events.slug, slug));
  if (!found) throw notFound();
  const access = await requireAccountAccess(executor, principal, found.accountId, "events.read");
  return { access, event: await requireEvent(executor, access, found.id, action) };
}

/**
 * The one lookup of an event by the public side (event page, member area, contact form, registration): by its slug,
 * archived events left out ("accessible only to organizers"). Unknown and archived both answer 404.
 */
export async function requirePublicEvent(executor: Executor, slug: string): Promise<EventRow> {
  const [event] = await executor.select(eventColumnsWithStatus).from(events).where(publicEventCondition(slug));
  if (!event) throw notFound();
  return event;
}

/** The condition of `requirePublicEvent`, for a query that joins the event to what it reads with it. */
export function publicEventCondition(slug: string | Placeholder) {
  return and(eq(events.slug, slug), not(events.archived));
}
