import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { integer, type PgColumn, type PgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Language } from "../../../contract/common.js";
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
 * An event's ordered content (speakers, partners, programs; documents, photos to come): one table per kind, each with
 * these columns, listed by position. Positions run 0, 1, 2… without gaps, unique per list: the event's, or for a kind
 * written per language (a program's sections) the event's in one language.
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

/** A kind listed per language has a `language` column: its lists are the event's in each language. */
export type OrderedTable = PgTable & { id: PgColumn; eventId: PgColumn; position: PgColumn; language?: PgColumn };

/** One list of items: the event's, in one language for a kind listed per language. */
export type ContentList = { eventId: string; language?: Language };

/** The index that lists a list's items and keeps two of them from sharing a position. */
export const positionIndex = (name: string, table: { eventId: PgColumn; position: PgColumn; language?: PgColumn }) =>
  table.language
    ? uniqueIndex(name).on(table.eventId, table.language, table.position)
    : uniqueIndex(name).on(table.eventId, table.position);

/** The items of one list. A kind listed per language always names the language: its lists never mix. */
export function inList(table: OrderedTable, list: ContentList): SQL {
  if (!table.language) return eq(table.eventId, list.eventId);
  if (!list.language) throw new Error("a list of a kind written per language needs its language");
  return and(eq(table.eventId, list.eventId), eq(table.language, list.language)) as SQL;
}

/**
 * The position after the list's last item, computed by the INSERT itself. Its callers hold the event's row locked,
 * so two creations never read the same last position.
 */
export const appendedPosition = (table: OrderedTable, list: ContentList) =>
  sql<number>`(select coalesce(max(${table.position}) + 1, 0) from ${table} where ${inList(table, list)})`;

export const byPosition = (table: OrderedTable) => asc(table.position);

/**
 * The position a new item takes in its list: the end without `wanted`, else `wanted` (0 to the list's length, else a
 * 400 on `field`), the items from there moving down a place through negative positions, as a reorder does. Its callers
 * hold the event's row locked.
 */
export async function insertionPosition(
  executor: Executor,
  table: OrderedTable,
  list: ContentList,
  wanted: number | undefined,
  field: string,
): Promise<number | SQL<number>> {
  if (wanted === undefined) return appendedPosition(table, list);
  const ofList = inList(table, list);
  const [counted] = await executor.select({ length: count() }).from(table).where(ofList);
  const length = counted?.length ?? 0;
  if (wanted > length) throw fieldError(field, "POSITION_OUT_OF_RANGE", length);
  await executor.execute(
    sql`update ${table} set "position" = -"position" - 2 where ${ofList} and "position" >= ${wanted}`,
  );
  await executor.execute(sql`update ${table} set "position" = -"position" - 1 where ${ofList} and "position" < 0`);
  return wanted;
}

async function orderedIds(executor: Executor, table: OrderedTable, list: ContentList): Promise<string[]> {
  const rows = await executor
    .select({ id: table.id })
    .from(table)
    .where(inList(table, list))
    .orderBy(byPosition(table));
  return rows.map((row) => String(row.id));
}

/**
 * Gives the list's items the order of `ids`, which must name each of them once: anything else (an item added or
 * deleted since the list was read, another event's or another language's) is refused with the kind's not-reordered
 * message. Set-based: every position first moves below zero, out of the unique index's way (checked row by row), then
 * each takes its rank. Answers the order before, for the audit.
 */
export async function reorderContent(
  executor: Executor,
  table: OrderedTable,
  list: ContentList,
  ids: string[],
  refusal: MessageCode,
): Promise<string[]> {
  const current = await orderedIds(executor, table, list);
  const known = new Set(current);
  if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id))) {
    throw new AppError(409, refusal);
  }
  await executor.execute(sql`update ${table} set "position" = -1 - "position" where ${inList(table, list)}`);
  await executor.execute(sql`update ${table} set "position" = ordered.rank - 1
    from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as ordered(id, rank)
    where ${table.id} = ordered.id::uuid and ${inList(table, list)}`);
  return current;
}

/**
 * Closes the gap an item leaves at `position` in its list (deleted, or moved to another language's list): the ones
 * after it move up a place, through negative positions as a reorder does.
 */
export async function closeGap(executor: Executor, table: OrderedTable, list: ContentList, position: number) {
  const ofList = inList(table, list);
  await executor.execute(
    sql`update ${table} set "position" = -"position" where ${ofList} and "position" > ${position}`,
  );
  await executor.execute(sql`update ${table} set "position" = -"position" - 1 where ${ofList} and "position" < 0`);
}

/** Deletes one item and closes the gap it leaves in its list. */
export async function removeContent(
  executor: Executor,
  table: OrderedTable,
  list: ContentList,
  item: { id: string; position: number },
): Promise<void> {
  await executor.execute(sql`delete from ${table} where ${table.id} = ${item.id} and ${inList(table, list)}`);
  await closeGap(executor, table, list, item.position);
}

export type ContentKind = "speaker" | "partner" | "program" | "document" | "photo" | "custom_page";
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
): Promise<unknown> {
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

/**
 * What a list's `expand=<name>` adds to each item, fetched once for all the listed rows: answers each row's value.
 */
export type ContentExpansion<Row> = (
  context: AppContext,
  executor: Executor,
  rows: Row[],
) => Promise<(row: Row) => unknown>;

/** The expansion of an item's image (a speaker's photo, a partner's logo): the image with its resized copies, or null. */
export const imageExpansion =
  <Row>(of: (row: Row) => string | null): ContentExpansion<Row> =>
  async (context, executor, rows) => {
    const found = await imagesById(context, executor, rows.map(of));
    return (row) => {
      const id = of(row);
      return (id && found.get(id)) || null;
    };
  };

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
