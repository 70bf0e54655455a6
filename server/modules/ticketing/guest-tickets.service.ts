import { and, desc, eq, sql } from "drizzle-orm";
import type { Language } from "../../../contract/common.js";
import type { GuestOrder, GuestTicket } from "../../../contract/ticketing.js";
import type { Executor, Transaction } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import type { Caller } from "../events/events.service.js";
import { localizedText } from "../events/events.values.js";
import { requireEvent } from "../events/events.visibility.js";
import { guests } from "../guests/guests.tables.js";
import { invoiceNumberText, invoiceSequence } from "./invoices/invoices.view.js";
import { orderItems, orders, tickets } from "./ticketing.tables.js";

type Page = { limit: number; offset: number };

/**
 * The one definition of "a guest holds a ticket" (SPEC §8 "They may have a ticket."), as a condition on a guests row:
 * an order item names them as holder, the item is not refunded and its order is not cancelled (a cart or an order
 * awaiting payment counts: it holds its units). Every way of deleting guests keeps those for whom it is true.
 */
export const holdsTicket = sql`exists (select 1 from ${orderItems} inner join ${orders} on ${orders.id} = ${orderItems.orderId}
  where ${orderItems.holderGuestId} = ${guests.id} and not ${orderItems.refunded} and ${orders.status} <> 'cancelled')`;

/** A merged duplicate's tickets and orders move to the guest it was merged into. */
export async function moveGuestTicketing(tx: Transaction, fromGuestId: string, toGuestId: string) {
  await tx.update(orderItems).set({ holderGuestId: toGuestId }).where(eq(orderItems.holderGuestId, fromGuestId));
  await tx.update(orders).set({ buyerGuestId: toGuestId }).where(eq(orders.buyerGuestId, fromGuestId));
}

/** The event must be readable by the caller and the guest one of its guests; anything else is 404. */
async function requireReadableGuest(executor: Executor, { access }: Caller, eventId: string, guestId: string) {
  const event = await requireEvent(executor, access, eventId, "events.read");
  const [guest] = await executor
    .select({ id: guests.id })
    .from(guests)
    .where(and(eq(guests.eventId, eventId), eq(guests.id, guestId)));
  if (!guest) throw notFound();
  return event;
}

/** GET users/{id}/tickets: the order items naming the guest as holder, newest first, in every order state. */
export async function listGuestTickets(
  context: AppContext,
  caller: Caller,
  language: Language,
  eventId: string,
  guestId: string,
  { limit, offset }: Page,
): Promise<{ items: GuestTicket[]; total: number }> {
  const event = await requireReadableGuest(context.db, caller, eventId, guestId);
  const where = and(eq(orderItems.holderGuestId, guestId), eq(orders.eventId, eventId));
  const [rows, [count]] = await Promise.all([
    context.db
      .select({
        item: orderItems,
        orderStatus: orders.status,
        currency: orders.currency,
        testMode: orders.testMode,
        caption: tickets.caption,
        isOption: tickets.isOption,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
      .where(where)
      .orderBy(desc(orderItems.createdAt), orderItems.id)
      .limit(limit)
      .offset(offset),
    context.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(where),
  ]);
  const items = rows.map(({ item, ...row }) => ({
    id: item.id,
    orderId: item.orderId,
    orderStatus: row.orderStatus,
    ticketId: item.ticketId,
    caption: localizedText(row.caption, language, event.preferredLanguage),
    isOption: row.isOption,
    parentItemId: item.parentItemId,
    currency: row.currency,
    unitPriceExclTaxCents: item.unitPriceExclTaxCents,
    unitPriceInclTaxCents: item.unitPriceInclTaxCents,
    taxPercent: item.taxPercent,
    refunded: item.refunded,
    refundedCents: item.refundedCents,
    testMode: row.testMode,
    createdAt: item.createdAt.toISOString(),
  }));
  return { items, total: count?.count ?? 0 };
}

/** GET users/{id}/orders: the orders the guest placed as buyer, newest first. */
export async function listGuestOrders(
  context: AppContext,
  caller: Caller,
  eventId: string,
  guestId: string,
  { limit, offset }: Page,
): Promise<{ items: GuestOrder[]; total: number }> {
  await requireReadableGuest(context.db, caller, eventId, guestId);
  const where = and(eq(orders.buyerGuestId, guestId), eq(orders.eventId, eventId));
  const [rows, [count]] = await Promise.all([
    context.db
      .select({
        order: orders,
        itemCount: context.db.$count(orderItems, eq(orderItems.orderId, orders.id)),
        invoiceNumber: invoiceSequence,
        invoice: invoiceNumberText,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), orders.id)
      .limit(limit)
      .offset(offset),
    context.db.select({ count: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  const items = rows.map(({ order, itemCount, invoiceNumber, invoice }) => ({
    id: order.id,
    status: order.status,
    paymentMethod: order.paymentMethod,
    testMode: order.testMode,
    currency: order.currency,
    totalExclTaxCents: order.totalExclTaxCents,
    totalInclTaxCents: order.totalInclTaxCents,
    buyerKind: order.buyerKind,
    billingName: order.billingName,
    itemCount,
    invoiceNumber,
    invoice,
    cancelReason: order.cancelReason,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
  }));
  return { items, total: count?.count ?? 0 };
}
