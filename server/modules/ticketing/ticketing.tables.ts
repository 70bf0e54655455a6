import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { BuyerKind, OrderStatus, PaymentMethod } from "../../../contract/ticketing.js";
import { events, type LocalizedText } from "../events/events.tables.js";
import { guests } from "../guests/guests.tables.js";

/*
 * SPEC §3 Ticket, Category, Order and §4 Order/Ticket. Money is integer cents of the order's currency (DESIGN §4);
 * a tax percent is numeric (5.5 is a French VAT rate) and null means "no VAT".
 */

/** Categories form a tree (parent) shown in `position` order. */
export const ticketCategories = pgTable(
  "ticket_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** `#rrggbb`, or null for the interface's default. */
    color: text("color"),
    // A removed parent leaves its children at the top level rather than taking them along.
    parentId: uuid("parent_id").references((): AnyPgColumn => ticketCategories.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ticket_categories_event_position").on(table.eventId, table.position)],
);

export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    caption: jsonb("caption").$type<LocalizedText>().notNull().default({}),
    description: jsonb("description").$type<LocalizedText>().notNull().default({}),
    taxPercent: numeric("tax_percent", { precision: 5, scale: 2, mode: "number" }),
    /** Null means unlimited (SPEC §9). */
    maxQuantity: integer("max_quantity"),
    /**
     * Units held by carts and orders that are not cancelled, not refunded. Sales take units with one conditional
     * update (`set quantity_taken = quantity_taken + n where max_quantity is null or quantity_taken + n <=
     * max_quantity`), so concurrent buyers never oversell and nobody reads then writes; expired carts, cancellations
     * and refunds give units back. The check constraint below is the last line of defence.
     */
    quantityTaken: integer("quantity_taken").notNull().default(0),
    /** An option cannot be bought alone: it attaches to a ticket of the same order (order_items.parent_item_id). */
    isOption: boolean("is_option").notNull().default(false),
    onSale: boolean("on_sale").notNull().default(false),
    active: boolean("active").notNull().default(true),
    categoryId: uuid("category_id").references(() => ticketCategories.id, { onDelete: "set null" }),
    subcategoryId: uuid("subcategory_id").references(() => ticketCategories.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("tickets_event_position").on(table.eventId, table.position),
    check("tickets_max_quantity_positive", sql`${table.maxQuantity} is null or ${table.maxQuantity} > 0`),
    check(
      "tickets_quantity_taken_within_max",
      sql`${table.quantityTaken} >= 0 and (${table.maxQuantity} is null or ${table.quantityTaken} <= ${table.maxQuantity})`,
    ),
    check("tickets_tax_percent_range", sql`${table.taxPercent} is null or ${table.taxPercent} between 0 and 100`),
  ],
);

/** The price of a ticket between two dates; open-ended on a side whose date is null. Both prices are stored exactly. */
export const ticketPricePeriods = pgTable(
  "ticket_price_periods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    priceInclTaxCents: integer("price_incl_tax_cents").notNull(),
    priceExclTaxCents: integer("price_excl_tax_cents").notNull(),
  },
  (table) => [
    index("ticket_price_periods_ticket_starts").on(table.ticketId, table.startsAt),
    check(
      "ticket_price_periods_prices",
      sql`${table.priceExclTaxCents} >= 0 and ${table.priceInclTaxCents} >= ${table.priceExclTaxCents}`,
    ),
    check(
      "ticket_price_periods_dates",
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.startsAt} < ${table.endsAt}`,
    ),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    // Deleting the buyer keeps the order: it carries its own billing identity, and invoices are never lost.
    buyerGuestId: uuid("buyer_guest_id").references(() => guests.id, { onDelete: "set null" }),
    status: text("status").$type<OrderStatus>().notNull().default("in_cart"),
    /** Null until the buyer chooses how to pay. */
    paymentMethod: text("payment_method").$type<PaymentMethod>(),
    /** Paid with the test simulator or Stripe test keys: marked as such and left out of revenue. */
    testMode: boolean("test_mode").notNull().default(false),
    currency: text("currency").notNull().default("EUR"),
    totalExclTaxCents: integer("total_excl_tax_cents").notNull().default(0),
    totalInclTaxCents: integer("total_incl_tax_cents").notNull().default(0),
    buyerKind: text("buyer_kind").$type<BuyerKind>().notNull().default("individual"),
    billingName: text("billing_name").notNull().default(""),
    billingAddress: text("billing_address").notNull().default(""),
    billingZip: text("billing_zip").notNull().default(""),
    billingCity: text("billing_city").notNull().default(""),
    billingSiret: text("billing_siret"),
    /** A cart holds its units until then; the expiry job cancels it and gives them back. */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    /** Gap-free per event (the organizer who bills), given when the order completes. */
    invoiceNumber: integer("invoice_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("orders_buyer_created").on(table.buyerGuestId, table.createdAt),
    index("orders_event_created").on(table.eventId, table.createdAt),
    // The cart-expiry job reads only live carts.
    index("orders_cart_expiry").on(table.reservedUntil).where(sql`${table.status} in ('in_cart', 'awaiting_payment')`),
    uniqueIndex("orders_event_invoice_unique")
      .on(table.eventId, table.invoiceNumber)
      .where(sql`${table.invoiceNumber} is not null`),
    check(
      "orders_totals",
      sql`${table.totalExclTaxCents} >= 0 and ${table.totalInclTaxCents} >= ${table.totalExclTaxCents}`,
    ),
  ],
);

/** One unit of a ticket or option in an order, with the prices it was sold at (later price changes leave it be). */
export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /*
     * No action: a ticket that was sold is deactivated, not deleted. An event's deletion still takes both along: its
     * orders' cascade (foreign key created before the tickets' one, so its trigger fires first) removes the items
     * before the tickets go.
     */
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id),
    /**
     * Who the ticket is for. Every way of deleting guests keeps those holding a ticket (guest-tickets.service.ts
     * `holdsTicket`); the holder of a cancelled or refunded item may go, and the item stays in its order's history.
     * Not "restrict": PostgreSQL checks it inside the cascade of an event's deletion, before that cascade reaches
     * the items, so an event with tickets sold could not be deleted; Drizzle cannot declare a deferred key.
     */
    holderGuestId: uuid("holder_guest_id").references(() => guests.id, { onDelete: "set null" }),
    /** The ticket item an option is attached to. */
    parentItemId: uuid("parent_item_id").references((): AnyPgColumn => orderItems.id, { onDelete: "cascade" }),
    unitPriceExclTaxCents: integer("unit_price_excl_tax_cents").notNull(),
    unitPriceInclTaxCents: integer("unit_price_incl_tax_cents").notNull(),
    taxPercent: numeric("tax_percent", { precision: 5, scale: 2, mode: "number" }),
    refunded: boolean("refunded").notNull().default(false),
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("order_items_order").on(table.orderId),
    index("order_items_holder").on(table.holderGuestId),
    index("order_items_ticket").on(table.ticketId),
    check(
      "order_items_refund_within_price",
      sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.unitPriceInclTaxCents}`,
    ),
  ],
);
