import { and, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Language } from "../../../../contract/common.js";
import type { Order, OrderFilters, OrderItem, OrderSummary } from "../../../../contract/ticketing-orders.js";
import type { Executor } from "../../../db/connection.js";
import { preparedStatement } from "../../../db/prepared.js";
import { notFound } from "../../../platform/errors.js";
import type { LocalizedText } from "../../events/events.tables.js";
import { localizedText } from "../../events/events.values.js";
import type { EventRow } from "../../events/events.visibility.js";
import { searchable } from "../../guests/guests.list.js";
import { guests } from "../../guests/guests.tables.js";
import { invoiceNumberText, invoiceSequence, orderDocumentsJson } from "../invoices/invoices.view.js";
import { orderItems, orders, tickets } from "../ticketing.tables.js";
import type { OrderRow } from "./orders.shared.js";
import { orderCoupons, orderPayments, orderRefunds } from "./orders.tables.js";

/** Orders as the API answers them: the organizer's list and detail, and the buyer's cart. */

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A left-joined guest (every column null when there is none) as the answer's person. */
type Joined = { id: string | null; firstName: string | null; lastName: string | null; email: string | null } | null;
const personOf = (guest: Joined) =>
  guest?.id
    ? { guestId: guest.id, firstName: guest.firstName ?? "", lastName: guest.lastName ?? "", email: guest.email }
    : null;
const personColumns = (table: typeof guests) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
});

const billingOf = (order: OrderRow) => ({
  buyerKind: order.buyerKind,
  name: order.billingName,
  address: order.billingAddress,
  zip: order.billingZip,
  city: order.billingCity,
  siret: order.billingSiret,
});

export { billingOf };

/** One line per tax rate (null: no VAT), lowest first: the same breakdown priceOrder gives, from the stored items. */
export function taxLines(items: readonly Pick<OrderItem, "taxPercent" | "netInclTaxCents" | "netExclTaxCents">[]) {
  const lines = new Map<
    string,
    { taxPercent: number | null; exclCents: number; taxCents: number; inclCents: number }
  >();
  for (const item of items) {
    const key = String(item.taxPercent);
    const line = lines.get(key) ?? { taxPercent: item.taxPercent, exclCents: 0, taxCents: 0, inclCents: 0 };
    line.exclCents += item.netExclTaxCents;
    line.inclCents += item.netInclTaxCents;
    line.taxCents = line.inclCents - line.exclCents;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => (a.taxPercent ?? -1) - (b.taxPercent ?? -1));
}

export type JsonItem = {
  id: string;
  ticketId: string;
  caption: LocalizedText;
  isOption: boolean;
  parentItemId: string | null;
  holder: Joined;
  incl: number;
  excl: number;
  discountIncl: number;
  discountExcl: number;
  taxPercent: number | null;
  refunded: boolean;
  refundedCents: number;
};
type JsonPayment = Omit<Order["payments"][number], "createdAt"> & { createdAt: string };
type JsonRefund = Omit<Order["refunds"][number], "createdAt"> & { createdAt: string };

/*
 * An order's parts as JSON beside its row, in one round trip (a cart is read after each of its changes, hundreds of
 * times a second on sale day; an invoice reads its items and coupons the same way). Columns are named with their
 * table by hand inside these subqueries, which select from `orders`.
 */
export const orderParts = {
  // The ticket and the holder of each item by primary key, in subqueries of their own: joined, they were planned as
  // hash joins scanning all guests and tickets whenever the planner's statistics lagged behind a sale's first
  // minutes, and a prepared statement keeps such a plan while the tables grow.
  items: sql<JsonItem[]>`(select coalesce(json_agg(json_build_object('id', i.id, 'ticketId', i.ticket_id,
      'caption', (select t.caption from ${tickets} t where t.id = i.ticket_id),
      'isOption', (select t.is_option from ${tickets} t where t.id = i.ticket_id),
      'parentItemId', i.parent_item_id,
      'holder', (select json_build_object('id', h.id, 'firstName', h.first_name, 'lastName', h.last_name,
        'email', h.email) from ${guests} h where h.id = i.holder_guest_id),
      'incl', i.unit_price_incl_tax_cents, 'excl', i.unit_price_excl_tax_cents,
      'discountIncl', i.discount_incl_tax_cents, 'discountExcl', i.discount_excl_tax_cents,
      'taxPercent', i.tax_percent, 'refunded', i.refunded, 'refundedCents', i.refunded_cents)
      order by i.created_at, i.id), '[]'::json)
    from ${orderItems} i where i.order_id = ${orders}.id)`,
  coupons: sql<Order["coupons"]>`(select coalesce(json_agg(json_build_object('code', c.code, 'cents', c.discount_cents)
      order by c.code), '[]'::json) from ${orderCoupons} c where c.order_id = ${orders}.id)`,
  // The payments the provider answered: an intent not answered yet (order-payments.ts) is no payment to show.
  payments: sql<JsonPayment[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'provider', p.provider,
      'providerPaymentId', p.provider_payment_id, 'status', p.status, 'declineCode', p.decline_code,
      'amountCents', p.amount_cents, 'livemode', p.livemode, 'createdAt', p.created_at) order by p.created_at), '[]'::json)
    from ${orderPayments} p where p.order_id = ${orders}.id and p.provider_payment_id is not null)`,
  refunds: sql<JsonRefund[]>`(select coalesce(json_agg(json_build_object('id', r.id, 'amountCents', r.amount_cents,
      'status', r.status, 'reason', r.reason, 'itemIds', r.item_ids, 'createdAt', r.created_at) order by r.created_at),
      '[]'::json) from ${orderRefunds} r where r.order_id = ${orders}.id)`,
  documents: orderDocumentsJson,
  invoiceNumber: invoiceSequence,
};

const isoOf = (timestamp: string) => new Date(timestamp).toISOString();

// A cart is read after each of its changes: built once.
const orderStatement = preparedStatement((executor) =>
  executor
    .select({ order: orders, buyer: personColumns(guests), ...orderParts })
    .from(orders)
    .leftJoin(guests, eq(guests.id, orders.buyerGuestId))
    // By its key alone (its event checked below): with the event's condition too, a plan made on small tables
    // walked the event's orders.
    .where(eq(orders.id, sql.placeholder("orderId")))
    .prepare("read_order"),
);

/** The whole order: items with their holders, coupons, payments and refunds. */
export async function readOrder(
  executor: Executor,
  event: EventRow,
  orderId: string,
  language: Language,
): Promise<Order> {
  const [found] = await orderStatement(executor).execute({ orderId });
  if (!found || found.order.eventId !== event.id) throw notFound();
  const { order } = found;
  const items: OrderItem[] = found.items.map((item) => ({
    id: item.id,
    ticketId: item.ticketId,
    caption: localizedText(item.caption, language, event.preferredLanguage),
    isOption: item.isOption,
    parentItemId: item.parentItemId,
    holder: personOf(item.holder),
    unitPriceInclTaxCents: item.incl,
    unitPriceExclTaxCents: item.excl,
    discountInclTaxCents: item.discountIncl,
    netInclTaxCents: item.incl - item.discountIncl,
    netExclTaxCents: item.excl - item.discountExcl,
    taxPercent: item.taxPercent === null ? null : Number(item.taxPercent),
    refunded: item.refunded,
    refundedCents: item.refundedCents,
  }));
  return {
    id: order.id,
    eventId: order.eventId,
    status: order.status,
    paymentMethod: order.paymentMethod,
    otherPaymentKind: order.otherPaymentKind,
    testMode: order.testMode,
    currency: order.currency,
    totalExclTaxCents: order.totalExclTaxCents,
    totalInclTaxCents: order.totalInclTaxCents,
    taxes: taxLines(items),
    coupons: found.coupons,
    refundedCents: items.reduce((sum, item) => sum + item.refundedCents, 0),
    buyer: personOf(found.buyer),
    billing: billingOf(order),
    language: order.language,
    reservedUntil: iso(order.reservedUntil),
    cancelReason: order.cancelReason,
    invoiceNumber: found.invoiceNumber,
    termsAcceptedAt: iso(order.termsAcceptedAt),
    items,
    payments: found.payments.map((payment) => ({ ...payment, createdAt: isoOf(payment.createdAt) })),
    refunds: found.refunds.map((refund) => ({ ...refund, createdAt: isoOf(refund.createdAt) })),
    documents: found.documents.map((document) => ({ ...document, issuedAt: isoOf(document.issuedAt) })),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    completedAt: iso(order.completedAt),
  };
}

/*
 * A cart the buyer abandoned: left to expire, or replaced by the buyer's next cart. Told apart by the reason the
 * cancellation already wrote, so the sale path writes nothing more for it.
 */
export const abandonedCart = sql<boolean>`(${orders.status} = 'cancelled'
  and coalesce(${orders.cancelReason} in ('expired', 'replaced'), false))`;

/** The orders each choice of the `abandonedCarts` filter keeps. */
export const abandonedCartsFilter = {
  exclude: sql<boolean>`not ${abandonedCart}`,
  include: sql<boolean>`true`,
  only: abandonedCart,
} satisfies Record<OrderFilters["abandonedCarts"], SQL>;

/** What the list filters on: status, payment method, test mode, a search of the buyer and billing name. */
export function orderMatchConditions(eventId: string, filters: Omit<OrderFilters, "abandonedCarts">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(orders.eventId, eventId)];
  if (filters.status.length > 0) conditions.push(inArray(orders.status, filters.status));
  if (filters.paymentMethod) conditions.push(eq(orders.paymentMethod, filters.paymentMethod));
  if (filters.testMode) conditions.push(eq(orders.testMode, filters.testMode === "true"));
  const search = filters.search?.trim();
  if (search) {
    const escaped = search.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_");
    const words = searchable(escaped)
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => sql`${guests.searchText} like ${`%${word}%`}`);
    conditions.push(
      or(
        words.length > 0 ? and(...words) : undefined,
        ilike(orders.billingName, `%${escaped}%`),
        sql`${orders.id}::text = ${search.toLowerCase()}`,
      ),
    );
  }
  return and(...conditions);
}

/** The orders of the list and of its export: those matching, without the abandoned carts unless asked. */
export const orderListConditions = (eventId: string, filters: OrderFilters) =>
  and(orderMatchConditions(eventId, filters), abandonedCartsFilter[filters.abandonedCarts]);

/** A page of the list, newest first, with each order's buyer and number of items. */
export async function readOrderSummaries(
  executor: Executor,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<OrderSummary[]> {
  const rows = await executor
    .select({
      order: orders,
      buyer: personColumns(guests),
      itemCount: sql<number>`(select count(*)::int from ${orderItems} i where i.order_id = ${orders.id})`,
      refundedCents: sql<number>`(select coalesce(sum(i.refunded_cents), 0)::int from ${orderItems} i
        where i.order_id = ${orders.id})`,
      invoiceNumber: invoiceSequence,
      invoice: invoiceNumberText,
    })
    .from(orders)
    .leftJoin(guests, eq(guests.id, orders.buyerGuestId))
    .where(where)
    .orderBy(sql`${orders.createdAt} desc`, orders.id)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ order, buyer, itemCount, refundedCents, invoiceNumber, invoice }) => ({
    id: order.id,
    status: order.status,
    paymentMethod: order.paymentMethod,
    otherPaymentKind: order.otherPaymentKind,
    testMode: order.testMode,
    currency: order.currency,
    totalExclTaxCents: order.totalExclTaxCents,
    totalInclTaxCents: order.totalInclTaxCents,
    refundedCents,
    buyer: personOf(buyer),
    billingName: order.billingName,
    itemCount,
    invoiceNumber,
    invoice,
    cancelReason: order.cancelReason,
    createdAt: order.createdAt.toISOString(),
    completedAt: iso(order.completedAt),
  }));
}
