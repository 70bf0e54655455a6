import { and, asc, eq, sql } from "drizzle-orm";
import {
  type Category,
  type CategoryBody,
  type CategoryPositionsBody,
  categoryDescendants,
} from "../../../../contract/ticketing-catalogue.js";
import type { Executor, Transaction } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { fieldError, notFound } from "../../../platform/errors.js";
import { changedFields } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { ticketCategories, tickets } from "../ticketing.tables.js";
import { auditCatalogue, namesEveryOnce, readableEvent, writableEvent } from "./catalogue.shared.js";

type CategoryRow = typeof ticketCategories.$inferSelect;

const toCategory = (row: CategoryRow): Category => ({ ...row, createdAt: row.createdAt.toISOString() });
const auditView = ({ name, color, parentId }: CategoryRow) => ({ name, color, parentId });
const target = (id: string) => ({ type: "ticket_category", id });

/** The event's categories in display order (a child's position orders it among its siblings). */
function readCategories(executor: Executor, eventId: string): Promise<CategoryRow[]> {
  return executor
    .select()
    .from(ticketCategories)
    .where(eq(ticketCategories.eventId, eventId))
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.createdAt));
}

async function requireCategory(executor: Executor, eventId: string, id: string) {
  const [row] = await executor
    .select()
    .from(ticketCategories)
    .where(and(eq(ticketCategories.eventId, eventId), eq(ticketCategories.id, id)));
  if (!row) throw notFound();
  return row;
}

/**
 * A ticket's category and subcategory: both of the event, and the subcategory one of the category's children (a
 * subcategory without its category is refused too).
 */
export async function checkTicketCategories(
  executor: Executor,
  eventId: string,
  categoryId: string | null,
  subcategoryId: string | null,
) {
  const categories = await readCategories(executor, eventId);
  const byId = new Map(categories.map((category) => [category.id, category]));
  if (categoryId && !byId.has(categoryId)) throw fieldError("categoryId", "CATEGORY_NOT_IN_EVENT");
  if (!subcategoryId) return;
  const subcategory = byId.get(subcategoryId);
  if (!subcategory) throw fieldError("subcategoryId", "CATEGORY_NOT_IN_EVENT");
  if (!categoryId || subcategory.parentId !== categoryId)
    throw fieldError("subcategoryId", "CATEGORY_SUBCATEGORY_INVALID");
}

/**
 * After the tree changed (a category moved or went away), a ticket follows its subcategory: its category becomes the
 * subcategory's new parent, or, when the subcategory is now at the top, the subcategory becomes its category.
 */
async function realignTickets(tx: Transaction, eventId: string) {
  await tx.execute(sql`update ${tickets} set
      category_id = coalesce(c.parent_id, c.id),
      subcategory_id = case when c.parent_id is null then null else c.id end
    from ${ticketCategories} c
    where ${tickets.subcategoryId} = c.id and ${tickets.eventId} = ${eventId}
      and (c.parent_id is null or c.parent_id is distinct from ${tickets.categoryId})`);
}

/** The parent must be a category of the event, and not the category itself nor one under it. */
function checkParent(categories: CategoryRow[], parentId: string | null, selfId?: string) {
  if (!parentId) return;
  if (!categories.some((category) => category.id === parentId)) throw fieldError("parentId", "CATEGORY_NOT_IN_EVENT");
  if (selfId && categoryDescendants(categories, selfId).has(parentId)) {
    throw fieldError("parentId", "CATEGORY_PARENT_CYCLE");
  }
}

export async function listCategories(context: AppContext, caller: Caller, eventId: string) {
  await readableEvent(context.db, caller, eventId);
  const rows = await readCategories(context.db, eventId);
  return { items: rows.map(toCategory), total: rows.length };
}

export async function getCategory(context: AppContext, caller: Caller, eventId: string, id: string) {
  await readableEvent(context.db, caller, eventId);
  return toCategory(await requireCategory(context.db, eventId, id));
}

export function createCategory(context: AppContext, caller: Caller, eventId: string, body: CategoryBody) {
  return context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    checkParent(await readCategories(tx, eventId), body.parentId);
    const [row] = await tx
      .insert(ticketCategories)
      .values({
        ...body,
        eventId,
        position: sql`(select coalesce(max(${ticketCategories.position}), -1) + 1 from ${ticketCategories}
          where ${ticketCategories.eventId} = ${eventId})`,
      })
      .returning();
    if (!row) throw new Error("the category insert returned no row");
    await auditCatalogue(tx, caller, eventId, "ticketing.category.created", target(row.id), { after: auditView(row) });
    return toCategory(row);
  });
}

export function updateCategory(context: AppContext, caller: Caller, eventId: string, id: string, body: CategoryBody) {
  return context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    const before = await requireCategory(tx, eventId, id);
    checkParent(await readCategories(tx, eventId), body.parentId, id);
    const [row] = await tx.update(ticketCategories).set(body).where(eq(ticketCategories.id, id)).returning();
    if (!row) throw notFound();
    if (before.parentId !== row.parentId) await realignTickets(tx, eventId);
    const change = changedFields(auditView(before), auditView(row));
    await auditCatalogue(tx, caller, eventId, "ticketing.category.updated", target(id), change);
    return toCategory(row);
  });
}

/** Its subcategories move to the top level and its tickets lose it (the foreign keys' "set null"), then realign. */
export async function deleteCategory(context: AppContext, caller: Caller, eventId: string, id: string) {
  await context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    const row = await requireCategory(tx, eventId, id);
    await tx.delete(ticketCategories).where(eq(ticketCategories.id, id));
    await realignTickets(tx, eventId);
    await auditCatalogue(tx, caller, eventId, "ticketing.category.deleted", target(id), { before: auditView(row) });
  });
}

/** POST categories/positions: the whole tree in display order, each category with its parent (drag into a parent). */
export function setCategoryPositions(
  context: AppContext,
  caller: Caller,
  eventId: string,
  { items }: CategoryPositionsBody,
) {
  return context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    const current = await readCategories(tx, eventId);
    if (
      !namesEveryOnce(
        items.map((item) => item.id),
        current,
      )
    ) {
      throw fieldError("items", "CATEGORY_POSITIONS_INVALID");
    }
    for (const item of items) {
      if (item.parentId && !items.some((other) => other.id === item.parentId)) {
        throw fieldError("items", "CATEGORY_NOT_IN_EVENT");
      }
      if (categoryDescendants(items, item.id).has(item.parentId ?? "")) {
        throw fieldError("items", "CATEGORY_PARENT_CYCLE");
      }
    }
    for (const [position, item] of items.entries()) {
      await tx
        .update(ticketCategories)
        .set({ position, parentId: item.parentId })
        .where(eq(ticketCategories.id, item.id));
    }
    await realignTickets(tx, eventId);
    await auditCatalogue(
      tx,
      caller,
      eventId,
      "ticketing.category.reordered",
      { type: "event", id: eventId },
      {
        before: { items: current.map(({ id, parentId }) => ({ id, parentId })) },
        after: { items },
      },
    );
    const rows = await readCategories(tx, eventId);
    return { items: rows.map(toCategory), total: rows.length };
  });
}
