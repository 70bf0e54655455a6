import { asc, eq, inArray, sql } from "drizzle-orm";
import { integer, type PgColumn, type PgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { MessageCode } from "../../../contract/error-messages.js";
import type { Image } from "../../../contract/images.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError } from "../../platform/errors.js";
import { recordAudit } from "../audit/audit.service.js";
import { isPageImage } from "../events/events.images.js";
import type { Caller } from "../events/events.service.js";
import { events } from "../events/events.tables.js";
import { findEventImage, imageView } from "../images/images.service.js";
import { images } from "../images/images.tables.js";

/*
 * An event's ordered content (speakers, partners; programs, documents, photos to come): one table per kind, each with
 * these columns, listed by position. Positions run 0, 1, 2… without gaps, unique per event.
 */

export function orderedContentColumns() {
  return {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  };
}

export type OrderedTable = PgTable & { id: PgColumn; eventId: PgColumn; position: PgColumn };

/** The index that lists an event's items and keeps two of them from sharing a position. */
export const positionIndex = (name: string, table: { eventId: PgColumn; position: PgColumn }) =>
  uniqueIndex(name).on(table.eventId, table.position);

/**
 * The position after the event's last item, computed by the INSERT itself. Its callers hold the event's row locked,
 * so two creations never read the same last position.
 */
export const appendedPosition = (table: OrderedTable, eventId: string) =>
  sql<number>`(select coalesce(max(${table.position}) + 1, 0) from ${table} where ${table.eventId} = ${eventId})`;

export const byPosition = (table: OrderedTable) => asc(table.position);

async function orderedIds(executor: Executor, table: OrderedTable, eventId: string): Promise<string[]> {
  const rows = await executor
    .select({ id: table.id })
    .from(table)
    .where(eq(table.eventId, eventId))
    .orderBy(byPosition(table));
  return rows.map((row) => String(row.id));
}

/**
 * Gives the event's items the order of `ids`, which must name each of them once: anything else (an item added or
 * deleted since the list was read, another event's) is refused with the kind's not-reordered message. Set-based: every
 * position first moves below zero, out of the unique index's way (checked row by row), then each takes its rank.
 * Answers the order before, for the audit.
 */
export async function reorderContent(
  executor: Executor,
  table: OrderedTable,
  eventId: string,
  ids: string[],
  refusal: MessageCode,
): Promise<string[]> {
  const current = await orderedIds(executor, table, eventId);
  const known = new Set(current);
  if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id))) {
    throw new AppError(409, refusal);
  }
  await executor.execute(sql`update ${table} set "position" = -1 - "position" where "event_id" = ${eventId}`);
  await executor.execute(sql`update ${table} set "position" = ordered.rank - 1
    from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as ordered(id, rank)
    where ${table.id} = ordered.id::uuid and ${table.eventId} = ${eventId}`);
  return current;
}

/** Deletes one item and moves the ones after it up a place, through negative positions as a reorder does. */
export async function removeContent(
  executor: Executor,
  table: OrderedTable,
  item: { id: string; eventId: string; position: number },
): Promise<void> {
  const ofEvent = sql`"event_id" = ${item.eventId}`;
  await executor.execute(sql`delete from ${table} where "id" = ${item.id} and ${ofEvent}`);
  await executor.execute(
    sql`update ${table} set "position" = -"position" where ${ofEvent} and "position" > ${item.position}`,
  );
  await executor.execute(sql`update ${table} set "position" = -"position" - 1 where ${ofEvent} and "position" < 0`);
}

export type ContentKind = "speaker" | "partner";
type ContentChange = "created" | "updated" | "deleted" | "reordered";

/**
 * The audit row of a change to the event's content, in the change's transaction: `content.speaker.created`… A reorder
 * is the event's list changing, so its target is the event.
 */
export function recordContentChange(
  executor: Executor,
  { access, ip }: Caller,
  eventId: string,
  change: {
    kind: ContentKind;
    change: ContentChange;
    id?: string;
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  },
): Promise<void> {
  const onList = change.change === "reordered";
  return recordAudit(
    executor,
    access.principal,
    {
      accountId: access.accountId,
      eventId,
      action: `content.${change.kind}.${change.change}`,
      targetType: onList ? "event" : change.kind,
      targetId: onList ? eventId : change.id,
      before: change.before,
      after: change.after,
    },
    ip,
  );
}

/** An image an item shows (a speaker's photo, a partner's logo) is one of this event's, of a page's type and size. */
export async function checkContentImage(
  executor: Executor,
  eventId: string,
  field: string,
  imageId: string | null,
): Promise<void> {
  if (!imageId) return;
  const image = await findEventImage(executor, eventId, imageId);
  if (!image || !isPageImage(image)) throw fieldError(field, "FIELD_INVALID");
}

/** The items' images with their resized copies, by id: what a list's `expand` adds for a public page. */
export async function imagesById(
  context: AppContext,
  executor: Executor,
  ids: (string | null)[],
): Promise<Map<string, Image>> {
  const named = ids.filter((id): id is string => id !== null);
  if (named.length === 0) return new Map();
  const rows = await executor.select().from(images).where(inArray(images.id, named));
  return new Map(rows.map((row) => [row.id, imageView(context.config, row)]));
}
