import type { OrderStatus } from "../../../contract/ticketing.js";
import type { TestApp } from "../../testing/test-app.js";
import type { LocalizedText } from "../events/events.tables.js";
import { orderItems, orders, tickets } from "./ticketing.tables.js";

/** Ticketing rows written straight to the tables, for tests of what reads them before the sales routes exist. */

export async function insertTicket(
  t: TestApp,
  eventId: string,
  values: { caption?: LocalizedText; isOption?: boolean; taxPercent?: number | null } = {},
) {
  const [ticket] = await t.context.db
    .insert(tickets)
    .values({ eventId, caption: { en: "Entry", fr: "Entrée" }, taxPercent: 20, ...values })
    .returning();
  if (!ticket) throw new Error("ticket insert failed");
  return ticket;
}

type ItemValues = {
  ticketId: string;
  holderGuestId?: string | null;
  /** An option: the index, in `items`, of the ticket item it attaches to. */
  optionOf?: number;
  refunded?: boolean;
  unitPriceInclTaxCents?: number;
  unitPriceExclTaxCents?: number;
};

/** An order with one item per entry of `items`, in the given order; returns the order and its items. */
export async function insertOrder(
  t: TestApp,
  eventId: string,
  values: { buyerGuestId?: string | null; status?: OrderStatus; createdAt?: Date },
  items: ItemValues[],
) {
  const [order] = await t.context.db
    .insert(orders)
    .values({
      eventId,
      buyerGuestId: values.buyerGuestId ?? null,
      status: values.status ?? "completed",
      paymentMethod: "online",
      billingName: "Ada Lovelace",
      totalExclTaxCents: items.reduce((sum, item) => sum + (item.unitPriceExclTaxCents ?? 1000), 0),
      totalInclTaxCents: items.reduce((sum, item) => sum + (item.unitPriceInclTaxCents ?? 1200), 0),
      createdAt: values.createdAt ?? new Date(),
    })
    .returning();
  if (!order) throw new Error("order insert failed");
  const rows: (typeof orderItems.$inferSelect)[] = [];
  for (const item of items) {
    const [row] = await t.context.db
      .insert(orderItems)
      .values({
        orderId: order.id,
        ticketId: item.ticketId,
        holderGuestId: item.holderGuestId ?? null,
        parentItemId: item.optionOf === undefined ? null : rows[item.optionOf]?.id,
        unitPriceExclTaxCents: item.unitPriceExclTaxCents ?? 1000,
        unitPriceInclTaxCents: item.unitPriceInclTaxCents ?? 1200,
        taxPercent: 20,
        refunded: item.refunded ?? false,
        refundedCents: item.refunded ? (item.unitPriceInclTaxCents ?? 1200) : 0,
        createdAt: values.createdAt ?? new Date(),
      })
      .returning();
    if (!row) throw new Error("order item insert failed");
    rows.push(row);
  }
  return { order, items: rows };
}
