import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor, Transaction } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { fieldError, notFound } from "../../../platform/errors.js";
import { recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { requireEvent } from "../../events/events.visibility.js";
import { type coupons, tickets } from "../ticketing.tables.js";

/** Helpers shared by the catalogue's services: the event a change happens in, its audit row, lists of tickets. */

/** The event of a change, checked writable by the caller and locked: catalogue writes of one event go one at a time. */
export function writableEvent(tx: Transaction, { access }: Caller, eventId: string) {
  return requireEvent(tx, access, eventId, "events.update", { lock: true });
}

export function readableEvent(executor: Executor, { access }: Caller, eventId: string) {
  return requireEvent(executor, access, eventId, "events.read");
}

/**
 * The reads of a catalogue part (tickets, coupons, discounts), built on how it reads the event's items or the one
 * named `only`: its list and one item for a caller who may read the event, and one item a change needs (404 if absent).
 */
export function catalogueReads<Item>(read: (executor: Executor, eventId: string, only?: string) => Promise<Item[]>) {
  const requireItem = async (executor: Executor, eventId: string, id: string) => {
    const [item] = await read(executor, eventId, id);
    if (!item) throw notFound();
    return item;
  };
  return {
    requireItem,
    list: async (context: AppContext, caller: Caller, eventId: string) => {
      await readableEvent(context.db, caller, eventId);
      const items = await read(context.db, eventId);
      return { items, total: items.length };
    },
    get: async (context: AppContext, caller: Caller, eventId: string, id: string) => {
      await readableEvent(context.db, caller, eventId);
      return requireItem(context.db, eventId, id);
    },
  };
}

/** The audit row of a catalogue change (`ticketing.<target>.<verb>`), in the change's transaction. */
export function auditCatalogue(
  tx: Transaction,
  { access, ip }: Caller,
  eventId: string,
  action: `ticketing.${string}`,
  target: { type: string; id: string },
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> },
) {
  return recordAudit(
    tx,
    access.principal,
    { accountId: access.accountId, eventId, action, targetType: target.type, targetId: target.id, ...change },
    ip,
  );
}

/**
 * Locks one row of the event, before a change that compares with what sales count on it (a ticket's units, a
 * coupon's redemptions): a sale running at the same time waits for the change, and cannot slip in between.
 */
export async function lockEventRow(
  tx: Transaction,
  table: typeof tickets | typeof coupons,
  eventId: string,
  id: string,
) {
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.eventId, eventId), eq(table.id, id)))
    .for("update");
  if (rows.length === 0) throw notFound();
}

/** The ticket rows named by `ids`, all of them of the event; else the field is refused. */
export async function requireEventTickets(executor: Executor, eventId: string, ids: readonly string[], field: string) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await executor
    .select({ id: tickets.id, isOption: tickets.isOption })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), inArray(tickets.id, unique)));
  if (rows.length !== unique.length) throw fieldError(field, "TICKET_NOT_IN_EVENT");
  return rows;
}

/**
 * A link table between something (an option, a coupon, a discount) and the tickets it concerns: `owner` and
 * `ticket` are its two columns, `row` builds one of its rows.
 */
export type TicketLinks<T extends PgTable> = {
  table: T;
  owner: PgColumn;
  ticket: PgColumn;
  row(ownerId: string, ticketId: string): T["$inferInsert"];
};

/** The linked ticket ids of each owner. */
export async function readTicketLinks<T extends PgTable>(
  executor: Executor,
  links: TicketLinks<T>,
  ownerIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byOwner = new Map<string, string[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await executor
    .select({ owner: links.owner, ticket: links.ticket })
    .from(links.table as PgTable)
    .where(inArray(links.owner, [...ownerIds]));
  for (const { owner, ticket } of rows as { owner: string; ticket: string }[]) {
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), ticket]);
  }
  return byOwner;
}

/** Replaces an owner's links with `ticketIds`. */
export async function replaceTicketLinks<T extends PgTable>(
  tx: Transaction,
  links: TicketLinks<T>,
  ownerId: string,
  ticketIds: readonly string[],
) {
  await tx.delete(links.table).where(eq(links.owner, ownerId));
  const unique = [...new Set(ticketIds)];
  if (unique.length > 0) await tx.insert(links.table).values(unique.map((ticketId) => links.row(ownerId, ticketId)));
}

/** Ids given in a list must name every row of `current` exactly once (a reorder names them all). */
export function namesEveryOnce(ids: readonly string[], current: readonly { id: string }[]) {
  const known = new Set(current.map((row) => row.id));
  return new Set(ids).size === ids.length && ids.length === known.size && ids.every((id) => known.has(id));
}

export const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;
