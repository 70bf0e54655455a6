import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Language } from "../../../../contract/common.js";
import { translate } from "../../../../contract/error-messages.js";
import {
  captionViolation,
  type PricePeriodBody,
  periodPrices,
  type Ticket,
  type TicketBody,
  type TicketDeleteResult,
  type TicketUpdateBody,
  ticketToBody,
} from "../../../../contract/ticketing-catalogue.js";
import type { Executor, Transaction } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, fieldError } from "../../../platform/errors.js";
import { changedFields } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import type { EventRow } from "../../events/events.visibility.js";
import { orderItems, ticketOptionLinks, ticketPricePeriods, tickets } from "../ticketing.tables.js";
import {
  auditCatalogue,
  catalogueReads,
  isoOrNull,
  lockEventRow,
  namesEveryOnce,
  readTicketLinks,
  replaceTicketLinks,
  requireEventTickets,
  type TicketLinks,
  writableEvent,
} from "./catalogue.shared.js";
import { checkTicketCategories } from "./categories.service.js";

type TicketRow = typeof tickets.$inferSelect;
type PeriodRow = typeof ticketPricePeriods.$inferSelect;

const optionLinks: TicketLinks<typeof ticketOptionLinks> = {
  table: ticketOptionLinks,
  owner: ticketOptionLinks.optionId,
  ticket: ticketOptionLinks.ticketId,
  row: (optionId, ticketId) => ({ optionId, ticketId }),
};

/**
 * Units are held by carts or orders, or order items name it (even refunded ones: they are history). Columns are
 * named with their table by hand: in a select list Drizzle writes them bare, and `id` would read order_items.id.
 */
const soldSql = sql<boolean>`(${tickets}.quantity_taken > 0
  or exists (select 1 from ${orderItems} where ${orderItems}.ticket_id = ${tickets}.id))`;

const toPeriod = (row: PeriodRow) => ({
  id: row.id,
  startsAt: isoOrNull(row.startsAt),
  endsAt: isoOrNull(row.endsAt),
  priceBasis: row.priceBasis,
  priceInclTaxCents: row.priceInclTaxCents,
  priceExclTaxCents: row.priceExclTaxCents,
});

function toTicket(row: TicketRow, sold: boolean, periods: PeriodRow[], optionOf: string[]): Ticket {
  return {
    ...row,
    sold,
    optionOf,
    pricePeriods: periods.map(toPeriod),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The event's tickets in display order (or the one named `only`), with their price periods and option links. */
async function readTickets(executor: Executor, eventId: string, only?: string): Promise<Ticket[]> {
  const rows = await executor
    .select({ row: tickets, sold: soldSql })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), only ? eq(tickets.id, only) : undefined))
    .orderBy(asc(tickets.position), asc(tickets.createdAt));
  const ids = rows.map(({ row }) => row.id);
  const periods =
    ids.length === 0
      ? []
      : await executor
          .select()
          .from(ticketPricePeriods)
          .where(inArray(ticketPricePeriods.ticketId, ids))
          .orderBy(sql`${ticketPricePeriods.startsAt} asc nulls first`);
  const links = await readTicketLinks(executor, optionLinks, ids);
  return rows.map(({ row, sold }) =>
    toTicket(
      row,
      Boolean(sold),
      periods.filter((period) => period.ticketId === row.id),
      links.get(row.id) ?? [],
    ),
  );
}

const ticketReads = catalogueReads(readTickets);
const requireTicket = ticketReads.requireItem;
export const listTickets = ticketReads.list;
export const getTicket = ticketReads.get;

/** Reads a ticket after locking its row, before a change that reads its units: a sale waits, it cannot slip in. */
async function lockTicket(tx: Transaction, eventId: string, id: string) {
  await lockEventRow(tx, tickets, eventId, id);
  return requireTicket(tx, eventId, id);
}

const target = (id: string) => ({ type: "ticket", id });

/** The rules between fields and other rows; the contract checked each field and the periods already. */
async function checkTicket(executor: Executor, event: EventRow, next: TicketBody, current: Ticket | null) {
  const language = event.preferredLanguage as Language;
  if (captionViolation(next.caption, language)) throw fieldError(`caption.${language}`, "TICKET_CAPTION_REQUIRED");
  await checkTicketCategories(executor, event.id, next.categoryId, next.subcategoryId);
  if (current?.sold && current.isOption !== next.isOption) {
    throw new AppError(409, "TICKET_SOLD_KIND_LOCKED", { fields: { isOption: { code: "TICKET_SOLD_KIND_LOCKED" } } });
  }
  if (current && next.maxQuantity !== null && next.maxQuantity < current.quantityTaken) {
    const values = [current.quantityTaken];
    throw new AppError(409, "TICKET_QUOTA_BELOW_TAKEN", {
      values,
      fields: { maxQuantity: { code: "TICKET_QUOTA_BELOW_TAKEN", values } },
    });
  }
  if (!next.isOption) return;
  if (next.optionOf.length === 0) throw fieldError("optionOf", "TICKET_CHOICE_REQUIRED");
  const targets = await requireEventTickets(executor, event.id, next.optionOf, "optionOf");
  if (targets.some((ticket) => ticket.isOption || ticket.id === current?.id)) {
    throw fieldError("optionOf", "TICKET_OPTION_TARGET_INVALID");
  }
  if (current && !current.isOption) {
    const [attached] = await executor
      .select({ optionId: ticketOptionLinks.optionId })
      .from(ticketOptionLinks)
      .where(eq(ticketOptionLinks.ticketId, current.id))
      .limit(1);
    if (attached) {
      throw new AppError(409, "TICKET_OPTION_HAS_OPTIONS", {
        fields: { isOption: { code: "TICKET_OPTION_HAS_OPTIONS" } },
      });
    }
  }
}

/** A ticket's periods become `periods`, both prices of each computed from the one typed and the tax. */
async function writePeriods(tx: Transaction, ticketId: string, periods: PricePeriodBody[], taxPercent: number | null) {
  await tx.delete(ticketPricePeriods).where(eq(ticketPricePeriods.ticketId, ticketId));
  await tx.insert(ticketPricePeriods).values(
    periods.map((period) => ({
      ticketId,
      startsAt: period.startsAt ? new Date(period.startsAt) : null,
      endsAt: period.endsAt ? new Date(period.endsAt) : null,
      priceBasis: period.priceBasis,
      ...periodPrices(period, taxPercent),
    })),
  );
}

/** The ticket columns of a body: the periods and option links live in their own tables. */
function columnsOf({ pricePeriods: _periods, optionOf: _links, ...columns }: TicketBody) {
  return columns;
}

export function createTicket(context: AppContext, caller: Caller, eventId: string, body: TicketBody) {
  return context.db.transaction(async (tx) => {
    const event = await writableEvent(tx, caller, eventId);
    const next = { ...body, optionOf: body.isOption ? body.optionOf : [] };
    await checkTicket(tx, event, next, null);
    const [row] = await tx
      .insert(tickets)
      .values({
        ...columnsOf(next),
        eventId,
        position: sql`(select coalesce(max(${tickets.position}), -1) + 1 from ${tickets}
          where ${tickets.eventId} = ${eventId})`,
      })
      .returning({ id: tickets.id });
    if (!row) throw new Error("the ticket insert returned no row");
    await writePeriods(tx, row.id, next.pricePeriods, next.taxPercent);
    await replaceTicketLinks(tx, optionLinks, row.id, next.optionOf);
    const ticket = await requireTicket(tx, eventId, row.id);
    await auditCatalogue(tx, caller, eventId, "ticketing.ticket.created", target(row.id), {
      after: ticketToBody(ticket),
    });
    return ticket;
  });
}

/**
 * POST tickets/{id}: the fields sent change, the whole is checked again. Sent periods replace the old ones; a new
 * tax alone recomputes each period's other price from the one the organizer typed.
 */
export function updateTicket(context: AppContext, caller: Caller, eventId: string, id: string, body: TicketUpdateBody) {
  return context.db.transaction(async (tx) => {
    const event = await writableEvent(tx, caller, eventId);
    const before = await lockTicket(tx, eventId, id);
    const merged = { ...ticketToBody(before), ...body };
    const next = { ...merged, optionOf: merged.isOption ? merged.optionOf : [] };
    await checkTicket(tx, event, next, before);
    await tx
      .update(tickets)
      .set({ ...columnsOf(next), updatedAt: sql`now()` })
      .where(eq(tickets.id, id));
    if (body.pricePeriods !== undefined || next.taxPercent !== before.taxPercent) {
      await writePeriods(tx, id, next.pricePeriods, next.taxPercent);
    }
    if (body.optionOf !== undefined || next.isOption !== before.isOption) {
      await replaceTicketLinks(tx, optionLinks, id, next.optionOf);
    }
    const after = await requireTicket(tx, eventId, id);
    const change = changedFields(ticketToBody(before), ticketToBody(after));
    await auditCatalogue(tx, caller, eventId, "ticketing.ticket.updated", target(id), change);
    return after;
  });
}

/** A ticket never sold goes; a sold one stays for its orders' sake, deactivated and off sale, and the answer says so. */
export function deleteTicket(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  language: Language,
): Promise<TicketDeleteResult> {
  return context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    const ticket = await lockTicket(tx, eventId, id);
    if (!ticket.sold) {
      await tx.delete(tickets).where(eq(tickets.id, id));
      await auditCatalogue(tx, caller, eventId, "ticketing.ticket.deleted", target(id), {
        before: ticketToBody(ticket),
      });
      return { outcome: "deleted" };
    }
    if (ticket.active || ticket.onSale) {
      await tx.update(tickets).set({ active: false, onSale: false, updatedAt: sql`now()` }).where(eq(tickets.id, id));
      await auditCatalogue(tx, caller, eventId, "ticketing.ticket.deactivated", target(id), {
        before: { active: ticket.active, onSale: ticket.onSale },
        after: { active: false, onSale: false },
      });
    }
    return {
      outcome: "deactivated",
      message: translate("TICKET_SOLD_DEACTIVATED", language),
      ticket: await requireTicket(tx, eventId, id),
    };
  });
}

/** POST tickets/positions: every ticket of the event once, in display order. */
export function setTicketPositions(context: AppContext, caller: Caller, eventId: string, ids: string[]) {
  return context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    const current = await readTickets(tx, eventId);
    if (!namesEveryOnce(ids, current)) throw fieldError("ids", "TICKET_POSITIONS_INVALID");
    for (const [position, id] of ids.entries()) {
      await tx.update(tickets).set({ position }).where(eq(tickets.id, id));
    }
    await auditCatalogue(
      tx,
      caller,
      eventId,
      "ticketing.ticket.reordered",
      { type: "event", id: eventId },
      {
        before: { ids: current.map((ticket) => ticket.id) },
        after: { ids },
      },
    );
    const items = await readTickets(tx, eventId);
    return { items, total: items.length };
  });
}
