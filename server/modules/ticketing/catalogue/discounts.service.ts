import { and, asc, eq, sql } from "drizzle-orm";
import type { Discount, DiscountBody } from "../../../../contract/ticketing-catalogue.js";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { changedFields } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { discounts, discountTickets } from "../ticketing.tables.js";
import {
  auditCatalogue,
  catalogueReads,
  isoOrNull,
  readTicketLinks,
  replaceTicketLinks,
  requireEventTickets,
  type TicketLinks,
  writableEvent,
} from "./catalogue.shared.js";

type DiscountRow = typeof discounts.$inferSelect;

const discountLinks: TicketLinks<typeof discountTickets> = {
  table: discountTickets,
  owner: discountTickets.discountId,
  ticket: discountTickets.ticketId,
  row: (discountId, ticketId) => ({ discountId, ticketId }),
};

const toDiscount = (row: DiscountRow, ticketIds: string[]): Discount => ({
  ...row,
  ticketIds,
  startsAt: isoOrNull(row.startsAt),
  endsAt: isoOrNull(row.endsAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
/** What the audit log keeps of a discount: everything the organizer sets. */
const auditView = ({ id: _id, eventId: _event, createdAt: _c, updatedAt: _u, ...rest }: Discount) => rest;
const target = (id: string) => ({ type: "discount", id });

/** The columns of a body: dates as instants, the tickets in their own table. */
const columnsOf = ({ ticketIds: _tickets, startsAt, endsAt, ...columns }: DiscountBody) => ({
  ...columns,
  startsAt: startsAt ? new Date(startsAt) : null,
  endsAt: endsAt ? new Date(endsAt) : null,
});

/** The event's discounts by name (or the one named `only`), with the tickets each applies on. */
async function readDiscounts(executor: Executor, eventId: string, only?: string): Promise<Discount[]> {
  const rows = await executor
    .select()
    .from(discounts)
    .where(and(eq(discounts.eventId, eventId), only ? eq(discounts.id, only) : undefined))
    .orderBy(asc(sql`lower(${discounts.name})`), asc(discounts.createdAt));
  const links = await readTicketLinks(
    executor,
    discountLinks,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toDiscount(row, links.get(row.id) ?? []));
}

const discountReads = catalogueReads(readDiscounts);
const requireDiscount = discountReads.requireItem;
export const listDiscounts = discountReads.list;
export const getDiscount = discountReads.get;

export function createDiscount(context: AppContext, caller: Caller, eventId: string, body: DiscountBody) {
  return context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    await requireEventTickets(tx, eventId, body.ticketIds, "ticketIds");
    const [row] = await tx
      .insert(discounts)
      .values({ ...columnsOf(body), eventId })
      .returning({ id: discounts.id });
    if (!row) throw new Error("the discount insert returned no row");
    await replaceTicketLinks(tx, discountLinks, row.id, body.ticketIds);
    const discount = await requireDiscount(tx, eventId, row.id);
    await auditCatalogue(tx, caller, eventId, "ticketing.discount.created", target(row.id), {
      after: auditView(discount),
    });
    return discount;
  });
}

/** POST discounts/{id}: the whole discount again. */
export function updateDiscount(context: AppContext, caller: Caller, eventId: string, id: string, body: DiscountBody) {
  return context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    const before = await requireDiscount(tx, eventId, id);
    await requireEventTickets(tx, eventId, body.ticketIds, "ticketIds");
    await tx
      .update(discounts)
      .set({ ...columnsOf(body), updatedAt: sql`now()` })
      .where(eq(discounts.id, id));
    await replaceTicketLinks(tx, discountLinks, id, body.ticketIds);
    const after = await requireDiscount(tx, eventId, id);
    const change = changedFields(auditView(before), auditView(after));
    await auditCatalogue(tx, caller, eventId, "ticketing.discount.updated", target(id), change);
    return after;
  });
}

/** Orders keep the prices they were sold at: a discount can go at any time. */
export async function deleteDiscount(context: AppContext, caller: Caller, eventId: string, id: string) {
  await context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    const discount = await requireDiscount(tx, eventId, id);
    await tx.delete(discounts).where(eq(discounts.id, id));
    await auditCatalogue(tx, caller, eventId, "ticketing.discount.deleted", target(id), {
      before: auditView(discount),
    });
  });
}
