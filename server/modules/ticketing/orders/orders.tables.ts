import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { DeclineCode, PaymentStatus } from "../../../../contract/payments.js";
import type { refundReasons } from "../../../../contract/ticketing-orders.js";
import type { PaymentProviderName, RefundStatus } from "../../../platform/payments/payment-provider.js";
import { coupons, orders } from "../ticketing.tables.js";

/*
 * What an order keeps besides its items: the coupons it used, the card payments made for it and its refunds. Amounts
 * are integer cents of the order's currency.
 */

/** The coupons an order used and what each took off it; the order holds one redemption of each while not cancelled. */
export const orderCoupons = pgTable(
  "order_coupons",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /*
     * A coupon some order still uses is never deleted (coupons.service.ts refuses while redemptions count it); one
     * deleted after its carts were cancelled takes their links along.
     */
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    /** The code as it was when used: invoices and exports show it even if the coupon is renamed. */
    code: text("code").notNull(),
    discountCents: integer("discount_cents").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.couponId] }),
    index("order_coupons_coupon").on(table.couponId),
  ],
);

/**
 * Card payments started for an order, one row per provider payment. A cart whose amount changed starts another one;
 * a succeeded payment is applied once (the row's status says it was), whichever way its success is learnt: the
 * provider's event, the buyer's browser, the payments sweep, the expiry sweep.
 *
 * The row is written before the provider is asked (the intent to pay, its provider payment id still null), so that
 * every payment the provider may have taken is known here should the process stop before its answer is recorded:
 * the payments sweep asks the provider about it by its idempotency key (order-payments.ts `reconcilePayments`).
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Restrict, as every financial record of an order: orders are never deleted (ticketing.tables.ts). */
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    /** Null until the provider answered: the intent to pay, recorded before it was asked. */
    providerPaymentId: text("provider_payment_id").unique(),
    /**
     * What the provider knows the payment by before its answer: the key of its creation (a retry gets the same
     * payment, never a second charge), also in its metadata. `order-<order id>-payment-<n>`, the order's nth payment,
     * so two checkouts racing meet on one key; a payment made elsewhere (another tab) is known by its provider's key.
     */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: text("status").$type<PaymentStatus>().notNull(),
    declineCode: text("decline_code").$type<DeclineCode>(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    livemode: boolean("livemode").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("order_payments_order").on(table.orderId, table.createdAt),
    // What the payments sweep reads: the few payments not settled (on sale day nearly all are, within a second).
    index("order_payments_unsettled").on(table.updatedAt).where(sql`${table.status} <> 'succeeded'`),
    check("order_payments_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * Refunds, written before the provider is asked (status pending) so that none is lost if the process stops in
 * between: the expiry sweep asks again for those still pending, with the row's id as idempotency key.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The card payment refunded; null for an order paid by another method (the organizer pays back by hand). */
    paymentId: uuid("payment_id").references(() => orderPayments.id, { onDelete: "restrict" }),
    providerRefundId: text("provider_refund_id").unique(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<RefundStatus>().notNull(),
    reason: text("reason").$type<(typeof refundReasons)[number]>().notNull(),
    /** The order items it refunded; empty for an automatic refund of a payment the order could not keep. */
    itemIds: jsonb("item_ids").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("order_refunds_order").on(table.orderId, table.createdAt),
    index("order_refunds_pending").on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check("order_refunds_amount", sql`${table.amountCents} >= 0`),
  ],
);
