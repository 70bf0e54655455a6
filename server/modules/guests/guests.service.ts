import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Language } from "../../../contract/common.js";
import { translate } from "../../../contract/error-messages.js";
import { isPhoneNumber } from "../../../contract/field-values.js";
import { type GuestCreateBody, type GuestUpdateBody, hasEmailOrLastName } from "../../../contract/guests.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError, isUniqueViolation, notFound } from "../../platform/errors.js";
import { changedFields, recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { type EventRow, requireEvent } from "../events/events.visibility.js";
import { mergeCustomValues } from "./custom-field-values.js";
import { readCustomFields } from "./custom-fields.service.js";
import { lockGuestsForDeletion, releaseGuestFiles, removeReleasedFiles } from "./guest-deletion.js";
import { type GuestRow, searchTextOf, toGuest } from "./guests.list.js";
import { guests } from "./guests.tables.js";

const emailTaken = () => new AppError(409, "GUEST_EMAIL_TAKEN", { fields: { email: { code: "GUEST_EMAIL_TAKEN" } } });

async function requireGuest(executor: Executor, eventId: string, id: string, lock = false): Promise<GuestRow> {
  const query = executor
    .select()
    .from(guests)
    .where(and(eq(guests.eventId, eventId), eq(guests.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

export async function getGuest(context: AppContext, { access }: Caller, eventId: string, id: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  return toGuest(context.db, await requireGuest(context.db, eventId, id));
}

/** Another guest of the same event, for the links a guest holds to others. */
async function requireOtherGuest(executor: Executor, eventId: string, id: string, selfId: string | undefined) {
  if (id === selfId) return false;
  const [row] = await executor
    .select({ id: guests.id })
    .from(guests)
    .where(and(eq(guests.eventId, eventId), eq(guests.id, id)))
    .for("update");
  return Boolean(row);
}

/** SPEC: a host brings at most the event's allowed number of named companions. */
async function checkCompanionRoom(executor: Executor, event: EventRow, hostId: string, selfId: string | undefined) {
  const conditions = [eq(guests.hostId, hostId)];
  if (selfId) conditions.push(ne(guests.id, selfId));
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(guests)
    .where(and(...conditions));
  if ((row?.count ?? 0) >= event.maxCompanions) throw new AppError(409, "COMPANION_NOT_ADDED");
}

type Changes = GuestUpdateBody;

/** The rules shared by creation and edit, for the fields present in `changes`; `before` is absent on creation. */
async function checkGuest(executor: Executor, event: EventRow, changes: Changes, before?: GuestRow) {
  if (changes.phone && !isPhoneNumber(changes.phone)) throw fieldError("phone", "PHONE_INVALID");
  if (changes.email) {
    const conditions = [eq(guests.eventId, event.id), sql`lower(${guests.email}) = lower(${changes.email})`];
    if (before) conditions.push(ne(guests.id, before.id));
    const [taken] = await executor
      .select({ id: guests.id })
      .from(guests)
      .where(and(...conditions));
    if (taken) throw emailTaken();
  }
  if (changes.hostId && changes.hostId !== before?.hostId) {
    if (!(await requireOtherGuest(executor, event.id, changes.hostId, before?.id))) {
      throw fieldError("hostId", "GUEST_HOST_INVALID");
    }
    await checkCompanionRoom(executor, event, changes.hostId, before?.id);
  }
  if (changes.godfatherId && changes.godfatherId !== before?.godfatherId) {
    if (!(await requireOtherGuest(executor, event.id, changes.godfatherId, before?.id))) {
      throw fieldError("godfatherId", "GUEST_GODFATHER_INVALID");
    }
  }
}

/** Two writers racing for one email: the loser gets the answer the check would have given. */
async function guardEmail<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, "guests_event_email_unique")) throw emailTaken();
    throw error;
  }
}

const auditSummary = (row: Pick<GuestRow, "firstName" | "lastName" | "email">) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
});

export async function createGuest(context: AppContext, { access, ip }: Caller, eventId: string, body: GuestCreateBody) {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    await checkGuest(tx, event, body);
    const fields = await readCustomFields(tx, eventId);
    const customFields = mergeCustomValues(fields, {}, body.customFields, { creating: true });
    const [row] = await guardEmail(
      tx
        .insert(guests)
        .values({
          ...body,
          eventId,
          customFields,
          searchText: searchTextOf(body),
          registeredAt: body.registered ? new Date() : null,
          createdSource: access.principal.kind === "apiKey" ? "api" : "admin",
        })
        .returning(),
    );
    if (!row) throw new Error("the guest insert returned no row");
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "guests.guest.created",
        targetType: "guest",
        targetId: row.id,
        after: auditSummary(row),
      },
      ip,
    );
    return toGuest(tx, row);
  });
}

export async function updateGuest(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  body: GuestUpdateBody,
) {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    const before = await requireGuest(tx, eventId, id, true);
    await checkGuest(tx, event, body, before);
    const { customFields: customChanges, ...changes } = body;
    const next = { ...before, ...changes };
    if (!hasEmailOrLastName(next)) {
      const field = "lastName" in changes ? "lastName" : "email";
      throw fieldError(field, "GUEST_EMAIL_OR_LAST_NAME_REQUIRED");
    }
    if (customChanges) {
      next.customFields = mergeCustomValues(await readCustomFields(tx, eventId), before.customFields, customChanges, {
        creating: false,
      });
    }
    if (body.registered !== undefined && body.registered !== before.registered) {
      next.registeredAt = body.registered ? new Date() : null;
    }
    const { id: _id, createdAt: _createdAt, ...values } = next;
    const [row] = await guardEmail(
      tx
        .update(guests)
        .set({ ...values, searchText: searchTextOf(next), updatedAt: new Date() })
        .where(eq(guests.id, id))
        .returning(),
    );
    if (!row) throw notFound();
    const { searchText: _a, updatedAt: _b, ...beforeFields } = before;
    const { searchText: _c, updatedAt: _d, ...afterFields } = row;
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "guests.guest.updated",
        targetType: "guest",
        targetId: id,
        ...changedFields(beforeFields, afterFields),
      },
      ip,
    );
    return toGuest(tx, row);
  });
}

/** POST users/customfields: sets some answers of one guest, leaving the others as they are. */
export function setGuestCustomFields(
  context: AppContext,
  caller: Caller,
  eventId: string,
  guestId: string,
  values: GuestUpdateBody["customFields"],
) {
  return updateGuest(context, caller, eventId, guestId, { customFields: values });
}

/**
 * Deletes guests of the event in one transaction; ids that are not guests of the event come back in `notDeleted`.
 * Nothing is deleted when one of them holds a ticket: `refusal` is thrown. Their companions and godsons stay, unlinked
 * (the foreign keys set the links to null), so only the guests named here are checked for tickets.
 */
async function deleteGuestRows(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  ids: string[],
  refusal: AppError,
) {
  const { result, releasedFiles } = await context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update");
    const unique = [...new Set(ids)];
    const selection = and(eq(guests.eventId, eventId), inArray(guests.id, unique)) ?? sql`false`;
    if ((await lockGuestsForDeletion(context, tx, selection)).length > 0) throw refusal;
    const releasedFiles = await releaseGuestFiles(context, tx, selection);
    const deleted = await tx
      .delete(guests)
      .where(selection)
      .returning({ id: guests.id, firstName: guests.firstName, lastName: guests.lastName, email: guests.email });
    const deletedIds = new Set(deleted.map((row) => row.id));
    for (const row of deleted) {
      await recordAudit(
        tx,
        access.principal,
        {
          accountId: access.accountId,
          eventId,
          action: "guests.guest.deleted",
          targetType: "guest",
          targetId: row.id,
          before: auditSummary(row),
        },
        ip,
      );
    }
    return {
      result: { deleted: deleted.length, notDeleted: unique.filter((id) => !deletedIds.has(id)) },
      releasedFiles,
    };
  });
  await removeReleasedFiles(context, releasedFiles);
  return result;
}

/** POST users/deleteusers: all or nothing, so the organizer's selection is never half-deleted. */
export function deleteGuests(context: AppContext, caller: Caller, eventId: string, ids: string[]) {
  return deleteGuestRows(context, caller, eventId, ids, new AppError(409, "GUESTS_NOT_DELETED"));
}

/** DELETE users/{id}: the refusal tells why, in the caller's language. */
export async function deleteGuest(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  language: Language,
) {
  const refusal = new AppError(409, "GUEST_NOT_DELETED", { values: [translate("GUEST_HOLDS_TICKET", language)] });
  const result = await deleteGuestRows(context, caller, eventId, [id], refusal);
  if (result.deleted === 0) throw notFound();
}
