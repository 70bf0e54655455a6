import { and, asc, desc, eq, inArray, not, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Language } from "../../../contract/common.js";
import type { MemberOrders } from "../../../contract/member-orders.js";
import type { OrderStatus } from "../../../contract/ticketing.js";
import type { Database } from "../../db/connection.js";
import { localizedText } from "../events/events.values.js";
import { guests } from "../guests/guests.tables.js";
import type { Member } from "../guests/member-sessions.js";
import { orderDocuments } from "./invoices/invoices.tables.js";
import { orderItems, orders, tickets } from "./ticketing.tables.js";

/*
 * The member area's orders and tickets (issue 21): what the signed-in guest bought on the event, and the tickets
 * others bought for them. The PDFs are invoices.service.ts's, under the same rule of who reads what.
 */

const paidStatuses: OrderStatus[] = ["completed", "partially_refunded", "refunded"];
/** Tickets print for a paid order not wholly refunded (invoices.service.ts refuses the others with 409). */
const printableStatuses: OrderStatus[] = ["completed", "partially_refunded"];

/**
 * The orders a guest sees: paid ones, and those the organizer cancelled. A cart, an order still awaiting payment and
 * a cart abandoned (expired or replaced, so cancelled) were never the guest's purchase.
 */
const shownOrder = or(
  inArray(orders.status, paidStatuses),
  and(eq(orders.status, "cancelled"), eq(orders.cancelReason, "organizer")),
);

const holders = alias(guests, "holder");

/** GET member/orders: the guest's orders as buyer, newest first, and the tickets they hold in others' paid orders. */
export async function listMemberOrders(
  db: Database,
  { guest, event }: Member,
  language: Language,
): Promise<MemberOrders> {
  const caption = (text: typeof tickets.$inferSelect.caption) => localizedText(text, language, event.preferredLanguage);
  const [orderRows, heldRows] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.eventId, event.id), eq(orders.buyerGuestId, guest.id), shownOrder))
      .orderBy(desc(orders.createdAt), orders.id),
    db
      .select({ item: orderItems, caption: tickets.caption, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
      .where(
        and(
          eq(orderItems.holderGuestId, guest.id),
          eq(orders.eventId, event.id),
          sql`${orders.buyerGuestId} is distinct from ${guest.id}`,
          inArray(orders.status, paidStatuses),
          not(tickets.isOption),
        ),
      )
      .orderBy(desc(orders.createdAt), orderItems.createdAt, orderItems.id),
  ]);
  const orderIds = orderRows.map((order) => order.id);
  const [itemRows, documentRows] =
    orderIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              item: orderItems,
              caption: tickets.caption,
              isOption: tickets.isOption,
              holder: { id: holders.id, firstName: holders.firstName, lastName: holders.lastName },
            })
            .from(orderItems)
            .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
            .leftJoin(holders, eq(holders.id, orderItems.holderGuestId))
            .where(inArray(orderItems.orderId, orderIds))
            .orderBy(asc(orderItems.createdAt), orderItems.id),
          db
            .select()
            .from(orderDocuments)
            .where(inArray(orderDocuments.orderId, orderIds))
            .orderBy(asc(orderDocuments.issuedAt), orderDocuments.id),
        ]);

  return {
    orders: orderRows.map((order) => {
      const items = itemRows.filter(({ item }) => item.orderId === order.id);
      return {
        id: order.id,
        status: order.status,
        cancelReason: order.cancelReason,
        testMode: order.testMode,
        currency: order.currency,
        totalInclTaxCents: order.totalInclTaxCents,
        refundedCents: items.reduce((sum, { item }) => sum + item.refundedCents, 0),
        ticketsPrintable: printableStatuses.includes(order.status),
        items: items.map(({ item, holder, ...row }) => ({
          id: item.id,
          caption: caption(row.caption),
          isOption: row.isOption,
          priceInclTaxCents: item.unitPriceInclTaxCents - item.discountInclTaxCents,
          refunded: item.refunded,
          holderName: holder && holder.id !== guest.id ? `${holder.firstName} ${holder.lastName}`.trim() || null : null,
        })),
        documents: documentRows
          .filter((document) => document.orderId === order.id)
          .map(({ id, kind, number, issuedAt }) => ({ id, kind, number, issuedAt: issuedAt.toISOString() })),
        createdAt: order.createdAt.toISOString(),
      };
    }),
    heldTickets: heldRows.map(({ item, order, ...row }) => ({
      id: item.id,
      orderId: order.id,
      caption: caption(row.caption),
      refunded: item.refunded,
      testMode: order.testMode,
      ticketsPrintable: printableStatuses.includes(order.status) && !item.refunded,
    })),
  };
}
