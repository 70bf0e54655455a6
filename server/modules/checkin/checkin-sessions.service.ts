import { and, asc, count, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CheckinSession, checkinSessionBody, checkinSessionUpdateBody } from "../../../contract/checkin.js";
import type { GuestConditions } from "../../../contract/guest-conditions.js";
import type { Executor, Transaction } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError, notFound } from "../../platform/errors.js";
import { changedFields, recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import { customFields, guests } from "../guests/guests.tables.js";
import { guestConditionsSql } from "../ticketing/guest-conditions.js";
import { ticketCategories, tickets } from "../ticketing/ticketing.tables.js";
import { checkinDevices, checkinSessions, checkins } from "./checkin.tables.js";

export type CheckinSessionRow = typeof checkinSessions.$inferSelect;
type SessionBody = z.output<typeof checkinSessionBody>;
type SessionUpdate = z.output<typeof checkinSessionUpdateBody>;

const customFieldKey = /^custom:(.+)$/;

/**
 * Conditions and displayed fields name only this event's tickets, categories and custom fields: a session of one event
 * never reads another's catalogue (400 on the field that names a stranger).
 */
async function checkEventReferences(
  executor: Executor,
  eventId: string,
  conditions: GuestConditions | undefined,
  displayedFields: string[] | undefined,
) {
  const unknownIds = async (ids: string[], table: typeof tickets | typeof ticketCategories | typeof customFields) => {
    if (ids.length === 0) return false;
    const unique = [...new Set(ids)];
    const [found] = await executor
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.eventId, eventId), inArray(table.id, unique)));
    return (found?.n ?? 0) < unique.length;
  };
  if (conditions && (await unknownIds(conditions.ticketIds, tickets))) {
    throw fieldError("conditions.ticketIds", "TICKET_NOT_IN_EVENT");
  }
  if (conditions && (await unknownIds(conditions.categoryIds, ticketCategories))) {
    throw fieldError("conditions.categoryIds", "CATEGORY_NOT_IN_EVENT");
  }
  const conditionFields = conditions?.customFields.map((field) => field.fieldId) ?? [];
  if (await unknownIds(conditionFields, customFields)) {
    throw fieldError("conditions.customFields", "CUSTOM_FIELD_UNKNOWN");
  }
  const shownFields = (displayedFields ?? []).flatMap((key) => customFieldKey.exec(key)?.[1] ?? []);
  if (await unknownIds(shownFields, customFields)) throw fieldError("displayedFields", "CUSTOM_FIELD_UNKNOWN");
}

/** The standing check-ins of a session (not undone): counted in `checkedIn`, or in `flagged` when a second door's. */
const standing = (sessionId: string) => and(eq(checkins.sessionId, sessionId), isNull(checkins.undoneAt));

/** A session with its counts: the guests it lets in, how many are in, the flagged scans and its last device. */
export async function withCounts(executor: Executor, row: CheckinSessionRow): Promise<CheckinSession> {
  const [[expected], [scans], [devices]] = await Promise.all([
    executor
      .select({ n: count() })
      .from(guests)
      .where(and(eq(guests.eventId, row.eventId), guestConditionsSql(row.conditions))),
    executor
      .select({
        checkedIn: sql<number>`count(*) filter (where not ${checkins.flagged})`.mapWith(Number),
        flagged: sql<number>`count(*) filter (where ${checkins.flagged})`.mapWith(Number),
      })
      .from(checkins)
      .where(standing(row.id)),
    executor
      .select({ last: max(checkinDevices.lastSeenAt) })
      .from(checkinDevices)
      .where(eq(checkinDevices.sessionId, row.id)),
  ]);
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    mode: row.mode,
    conditions: row.conditions,
    displayedFields: row.displayedFields,
    expected: expected?.n ?? 0,
    checkedIn: scans?.checkedIn ?? 0,
    flagged: scans?.flagged ?? 0,
    lastConnectionAt: devices?.last ? new Date(devices.last).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A session of the event (404 when it is another event's). */
export async function requireSession(
  executor: Executor,
  eventId: string,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = executor
    .select()
    .from(checkinSessions)
    .where(and(eq(checkinSessions.eventId, eventId), eq(checkinSessions.id, id)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

/** A session the caller may read: its event reachable with "events.read". */
export async function readableSession(executor: Executor, { access }: Caller, eventId: string, id: string) {
  await requireEvent(executor, access, eventId, "events.read");
  return requireSession(executor, eventId, id);
}

function auditSession(
  tx: Transaction,
  { access, ip }: Caller,
  eventId: string,
  verb: "created" | "updated" | "deleted",
  id: string,
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> },
) {
  return recordAudit(
    tx,
    access.principal,
    {
      accountId: access.accountId,
      eventId,
      action: `checkin.session.${verb}`,
      targetType: "checkin_session",
      targetId: id,
      ...change,
    },
    ip,
  );
}

const auditView = ({ name, mode, conditions, displayedFields }: CheckinSessionRow) => ({
  name,
  mode,
  conditions,
  displayedFields,
});

export async function listSessions(context: AppContext, { access }: Caller, eventId: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  const rows = await context.db
    .select()
    .from(checkinSessions)
    .where(eq(checkinSessions.eventId, eventId))
    .orderBy(asc(checkinSessions.createdAt), asc(checkinSessions.id));
  const items = await Promise.all(rows.map((row) => withCounts(context.db, row)));
  return { items, total: items.length };
}

export async function getSession(context: AppContext, caller: Caller, eventId: string, id: string) {
  return withCounts(context.db, await readableSession(context.db, caller, eventId, id));
}

/**
 * SPEC §3 Event "maximum offline sessions": the event row is locked first, so two creations at once count one after
 * the other and cannot both take the last place (409 CHECKIN_MAX_REACHED).
 */
export async function createSession(context: AppContext, caller: Caller, eventId: string, body: SessionBody) {
  const row = await context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
    await checkEventReferences(tx, eventId, body.conditions, body.displayedFields);
    if (body.mode === "offline") {
      const [offline] = await tx
        .select({ n: count() })
        .from(checkinSessions)
        .where(and(eq(checkinSessions.eventId, eventId), eq(checkinSessions.mode, "offline")));
      if ((offline?.n ?? 0) >= event.maxOfflineCheckins) throw new AppError(409, "CHECKIN_MAX_REACHED");
    }
    const [created] = await tx
      .insert(checkinSessions)
      .values({
        eventId,
        name: body.name,
        mode: body.mode,
        conditions: body.conditions,
        displayedFields: body.displayedFields,
      })
      .returning();
    if (!created) throw new AppError(409, "NOT_SAVED");
    await auditSession(tx, caller, eventId, "created", created.id, { after: auditView(created) });
    return created;
  });
  return withCounts(context.db, row);
}

export async function updateSession(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  body: SessionUpdate,
) {
  const row = await context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update");
    const before = await requireSession(tx, eventId, id, { lock: true });
    await checkEventReferences(tx, eventId, body.conditions, body.displayedFields);
    const [updated] = await tx
      .update(checkinSessions)
      .set({ ...body, updatedAt: sql`now()` })
      .where(eq(checkinSessions.id, id))
      .returning();
    if (!updated) throw notFound();
    await auditSession(tx, caller, eventId, "updated", id, changedFields(auditView(before), auditView(updated)));
    return updated;
  });
  return withCounts(context.db, row);
}

/** The session goes; its check-ins stay in the event's statistics under the session's name (session_id set null). */
export async function deleteSession(context: AppContext, caller: Caller, eventId: string, id: string) {
  await context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update");
    const before = await requireSession(tx, eventId, id, { lock: true });
    await tx.delete(checkinSessions).where(eq(checkinSessions.id, id));
    await auditSession(tx, caller, eventId, "deleted", id, { before: auditView(before) });
  });
  return { ok: true as const };
}
