import { and, asc, eq, ne, sql } from "drizzle-orm";
import { type FieldValue, validateFieldValue } from "../../../contract/field-values.js";
import type { CustomField, CustomFieldBody, CustomFieldUpdateBody } from "../../../contract/guests.js";
import { choiceFieldTypes } from "../../../contract/guests.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError, isUniqueViolation, notFound } from "../../platform/errors.js";
import { changedFields, recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import type { CustomFieldRow } from "./custom-field-values.js";
import { customFields, guests } from "./guests.tables.js";

const toCustomField = (row: CustomFieldRow): CustomField => ({ ...row });

const nameTaken = () => new AppError(409, "CUSTOM_FIELD_EXISTS", { fields: { name: { code: "CUSTOM_FIELD_EXISTS" } } });

/** The event's custom fields in their display order. */
export function readCustomFields(executor: Executor, eventId: string): Promise<CustomFieldRow[]> {
  return executor
    .select()
    .from(customFields)
    .where(eq(customFields.eventId, eventId))
    .orderBy(asc(customFields.position), asc(customFields.id));
}

export async function listCustomFields(context: AppContext, { access }: Caller, eventId: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  const rows = await readCustomFields(context.db, eventId);
  return { items: rows.map(toCustomField), total: rows.length };
}

async function requireCustomField(executor: Executor, eventId: string, id: string): Promise<CustomFieldRow> {
  const [row] = await executor
    .select()
    .from(customFields)
    .where(and(eq(customFields.eventId, eventId), eq(customFields.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function getCustomField(context: AppContext, { access }: Caller, eventId: string, id: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  return toCustomField(await requireCustomField(context.db, eventId, id));
}

type Definition = Omit<CustomFieldBody, "name"> & { name: string };

/** Rules between a field's own settings, and its name free in the event (other than `exceptId`). */
async function checkDefinition(executor: Executor, eventId: string, definition: Definition, exceptId?: string) {
  if (choiceFieldTypes.includes(definition.type) && definition.choices.length === 0) {
    throw fieldError("choices", "CUSTOM_FIELD_CHOICES_REQUIRED");
  }
  if (new Set(definition.choices.map((choice) => choice.id)).size !== definition.choices.length) {
    throw fieldError("choices", "FIELD_INVALID");
  }
  if (definition.min !== null && definition.max !== null && definition.min > definition.max) {
    throw fieldError("max", "CUSTOM_FIELD_RANGE_INVALID");
  }
  const conditions = [eq(customFields.eventId, eventId), sql`lower(${customFields.name}) = lower(${definition.name})`];
  if (exceptId) conditions.push(ne(customFields.id, exceptId));
  const [taken] = await executor
    .select({ id: customFields.id })
    .from(customFields)
    .where(and(...conditions));
  if (taken) throw nameTaken();
}

/** Two writers racing for one name: the loser gets the answer the check would have given. */
async function guardName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, "custom_fields_event_name_unique")) throw nameTaken();
    throw error;
  }
}

/**
 * Adds a field in the caller's transaction, the event already checked and locked: the forms builder creates the
 * fields of its questions this way, inside the form's save.
 */
export async function insertCustomField(tx: Executor, { access, ip }: Caller, eventId: string, body: CustomFieldBody) {
  await checkDefinition(tx, eventId, body);
  const choices = choiceFieldTypes.includes(body.type) ? body.choices : [];
  const [row] = await guardName(
    tx
      .insert(customFields)
      .values({
        ...body,
        choices,
        eventId,
        position: sql`(select coalesce(max(${customFields.position}), -1) + 1 from ${customFields}
          where ${customFields.eventId} = ${eventId})`,
      })
      .returning(),
  );
  if (!row) throw new Error("the custom field insert returned no row");
  await recordAudit(
    tx,
    access.principal,
    {
      accountId: access.accountId,
      eventId,
      action: "guests.custom_field.created",
      targetType: "custom_field",
      targetId: row.id,
      after: { name: row.name, type: row.type },
    },
    ip,
  );
  return toCustomField(row);
}

export async function createCustomField(context: AppContext, caller: Caller, eventId: string, body: CustomFieldBody) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
    return insertCustomField(tx, caller, eventId, body);
  });
}

/**
 * A changed rule (type, choices, range) must still accept every value guests already have: otherwise the list would
 * hold values its own field refuses. The organizer is told how many guests stand in the way (409), nothing changes.
 */
async function checkStoredValues(tx: Executor, eventId: string, before: CustomFieldRow, next: CustomFieldRow) {
  const ruleChanged =
    before.type !== next.type ||
    before.min !== next.min ||
    before.max !== next.max ||
    JSON.stringify(before.choices) !== JSON.stringify(next.choices);
  if (!ruleChanged) return;
  const stored = await tx
    .select({ value: sql<FieldValue>`${guests.customFields} -> ${next.id}::text` })
    .from(guests)
    .where(and(eq(guests.eventId, eventId), sql`${guests.customFields} ? ${next.id}::text`));
  const refused = stored.filter((row) => validateFieldValue(next, row.value) !== null).length;
  if (refused > 0) throw new AppError(409, "CUSTOM_FIELD_VALUES_CONFLICT", { values: [refused] });
}

/** Edits a field in the caller's transaction, the event already checked and locked (see insertCustomField). */
export async function changeCustomField(
  tx: Executor,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  body: CustomFieldUpdateBody,
) {
  const before = await requireCustomField(tx, eventId, id);
  const next = { ...before, ...body };
  await checkDefinition(tx, eventId, next, id);
  await checkStoredValues(tx, eventId, before, next);
  const values = { ...body, ...(!choiceFieldTypes.includes(next.type) && { choices: [] }) };
  const [row] = await guardName(tx.update(customFields).set(values).where(eq(customFields.id, id)).returning());
  if (!row) throw notFound();
  await recordAudit(
    tx,
    access.principal,
    {
      accountId: access.accountId,
      eventId,
      action: "guests.custom_field.updated",
      targetType: "custom_field",
      targetId: id,
      ...changedFields(before, row),
    },
    ip,
  );
  return toCustomField(row);
}

export async function updateCustomField(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  body: CustomFieldUpdateBody,
) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
    return changeCustomField(tx, caller, eventId, id, body);
  });
}

/** Deletes a field and every guest's answer to it. */
export async function deleteCustomField(context: AppContext, { access, ip }: Caller, eventId: string, id: string) {
  await context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update", { lock: true });
    const row = await requireCustomField(tx, eventId, id);
    await tx
      .update(guests)
      .set({ customFields: sql`${guests.customFields} - ${id}::text` })
      .where(and(eq(guests.eventId, eventId), sql`${guests.customFields} ? ${id}::text`));
    await tx.delete(customFields).where(eq(customFields.id, id));
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "guests.custom_field.deleted",
        targetType: "custom_field",
        targetId: id,
        before: { name: row.name, type: row.type },
      },
      ip,
    );
  });
}

/** Sets the display order: `ids` must name every field of the event, once each. */
export async function reorderCustomFields(context: AppContext, { access, ip }: Caller, eventId: string, ids: string[]) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update", { lock: true });
    const current = await readCustomFields(tx, eventId);
    const known = new Set(current.map((field) => field.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id))) {
      throw fieldError("ids", "CUSTOM_FIELDS_NOT_REORDERED");
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(customFields).set({ position }).where(eq(customFields.id, id));
    }
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "guests.custom_field.reordered",
        targetType: "event",
        targetId: eventId,
        before: { ids: current.map((field) => field.id) },
        after: { ids },
      },
      ip,
    );
    const rows = await readCustomFields(tx, eventId);
    return { items: rows.map(toCustomField), total: rows.length };
  });
}
