import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Language } from "../../../contract/common.js";
import type { BuyerKind, CancelReason, OrderStatus, PaymentMethod } from "../../../contract/ticketing.js";
import type { DiscountType, PriceBasis } from "../../../contract/ticketing-catalogue.js";
import type { OtherPaymentKind } from "../../../contract/ticketing-orders.js";
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
    /** The price the organizer typed; a change of tax recomputes the other one from it. */
    priceBasis: text("price_basis").$type<PriceBasis>().notNull().default("incl"),
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

/** The tickets an option comes with: a buyer adds the option to one of them, never alone. */
export const ticketOptionLinks = pgTable(
  "ticket_option_links",
  {
    optionId: uuid("option_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.optionId, table.ticketId] }),
    index("ticket_option_links_ticket").on(table.ticketId),
  ],
);

/** An amount or a percent off, as its type says: coupons and automatic discounts hold one of the two, never both. */
const reductionChecks = (table: { discountType: AnyPgColumn; amountOffCents: AnyPgColumn; percentOff: AnyPgColumn }) =>
  sql`(${table.discountType} = 'amount' and ${table.amountOffCents} > 0 and ${table.percentOff} is null)
    or (${table.discountType} = 'percent' and ${table.percentOff} > 0 and ${table.percentOff} <= 100
      and ${table.amountOffCents} is null)`;

/** SPEC §3 Coupon. The code is unique in its event whatever its case, as buyers type it. */
export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    discountType: text("discount_type").$type<DiscountType>().notNull(),
    amountOffCents: integer("amount_off_cents"),
    percentOff: numeric("percent_off", { precision: 5, scale: 2, mode: "number" }),
    /** Null: no limit. */
    maxRedemptions: integer("max_redemptions"),
    /**
     * Orders that used it. An order takes one with a single conditional update (`set redemptions = redemptions + 1
     * where max_redemptions is null or redemptions < max_redemptions`), so a limited coupon is never over-used.
     */
    redemptions: integer("redemptions").notNull().default(0),
    combinable: boolean("combinable").notNull().default(false),
    /** Last day of use, in the event's time zone. */
    redeemBy: date("redeem_by", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("coupons_event_code_unique").on(table.eventId, sql`lower(${table.code})`),
    check("coupons_reduction", reductionChecks(table)),
    check("coupons_max_redemptions_positive", sql`${table.maxRedemptions} is null or ${table.maxRedemptions} > 0`),
    check(
      "coupons_redemptions_within_max",
      sql`${table.redemptions} >= 0 and (${table.maxRedemptions} is null or ${table.redemptions} <= ${table.maxRedemptions})`,
    ),
  ],
);

/** The tickets a coupon applies on. */
export const couponTickets = pgTable(
  "coupon_tickets",
  {
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.couponId, table.ticketId] }),
    index("coupon_tickets_ticket").on(table.ticketId),
  ],
);

/** Automatic discounts (no code): a group rate from a minimum quantity in one order, optionally between two dates. */
export const discounts = pgTable(
  "discounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    discountType: text("discount_type").$type<DiscountType>().notNull(),
    amountOffCents: integer("amount_off_cents"),
    percentOff: numeric("percent_off", { precision: 5, scale: 2, mode: "number" }),
    minQuantity: integer("min_quantity").notNull().default(1),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("discounts_event").on(table.eventId),
    check("discounts_reduction", reductionChecks(table)),
    check("discounts_min_quantity_positive", sql`${table.minQuantity} >= 1`),
    check(
      "discounts_dates",
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.startsAt} < ${table.endsAt}`,
    ),
  ],
);

/** The tickets an automatic discount applies on. */
export const discountTickets = pgTable(
  "discount_tickets",
  {
    discountId: uuid("discount_id")
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.discountId, table.ticketId] }),
    index("discount_tickets_ticket").on(table.ticketId),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /*
     * Restrict: an order, its payments and its documents are financial records (invoices are kept ten years), so an
     * event that has orders is archived, never deleted (events.service.ts refuses first, naming what it holds).
     */
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
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
    /** The buyer's right to their cart on the public side (orders/cart.ts): a random secret, never the id. */
    cartToken: text("cart_token"),
    /** Bank transfer or cheque, when paid (or awaited) by another method. */
    otherPaymentKind: text("other_payment_kind").$type<OtherPaymentKind>(),
    /** The buyer's language: invoices and mails speak it. */
    language: text("language").$type<Language>().notNull().default("en"),
    /** SPEC §5: the terms of sale were accepted before paying. */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    cancelReason: text("cancel_reason").$type<CancelReason>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("orders_buyer_created").on(table.buyerGuestId, table.createdAt),
    index("orders_event_created").on(table.eventId, table.createdAt),
    // The cart-expiry job reads only live carts.
    index("orders_cart_expiry").on(table.reservedUntil).where(sql`${table.status} in ('in_cart', 'awaiting_payment')`),
    uniqueIndex("orders_cart_token_unique").on(table.cartToken),
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
      .references(() => orders.id, { onDelete: "restrict" }),
    /*
     * No action: a ticket that was sold is deactivated, not deleted; nor is the event of an order (see orders).
     */
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id),
    /**
     * Who the ticket is for. Every way of deleting guests keeps those holding a ticket (guest-tickets.service.ts
     * `holdsTicket`); the holder of a cancelled or refunded item may go, and the item stays in its order's history,
     * hence "set null" rather than "restrict".
     */
    holderGuestId: uuid("holder_guest_id").references(() => guests.id, { onDelete: "set null" }),
    /** The ticket item an option is attached to. */
    parentItemId: uuid("parent_item_id").references((): AnyPgColumn => orderItems.id, { onDelete: "cascade" }),
    unitPriceExclTaxCents: integer("unit_price_excl_tax_cents").notNull(),
    unitPriceInclTaxCents: integer("unit_price_incl_tax_cents").notNull(),
    taxPercent: numeric("tax_percent", { precision: 5, scale: 2, mode: "number" }),
    refunded: boolean("refunded").notNull().default(false),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Automatic discount and coupons taken off this unit (priceOrder), after and before taxes: net = unit - these. */
    discountInclTaxCents: integer("discount_incl_tax_cents").notNull().default(0),
    discountExclTaxCents: integer("discount_excl_tax_cents").notNull().default(0),
    /**
     * What the ticket's QR code holds, for check-in to find the item: random (122 bits from PostgreSQL's strong
     * generator), never the id, so that no one can forge a ticket from another one.
     */
    code: text("code").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("order_items_order").on(table.orderId),
    uniqueIndex("order_items_code_unique").on(table.code),
    index("order_items_holder").on(table.holderGuestId),
    index("order_items_ticket").on(table.ticketId),
    check(
      "order_items_refund_within_price",
      sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.unitPriceInclTaxCents}`,
    ),
  ],
);
