import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { DeclineCode, PaymentStatus } from "../../../contract/payments.js";
import type { PaymentEvent, PaymentProviderName, RefundStatus } from "./payment-provider.js";

/*
 * The test-mode simulator's payments and refunds. They live in the database, not in memory, so a payment started on
 * one instance is confirmed on another and survives a restart. Ids look like Stripe's (pi_sim_..., re_sim_...) so
 * that orders store them the same way.
 */
export const simulatedPayments = pgTable(
  "simulated_payments",
  {
    id: text("id").primaryKey(),
    /** What the browser holds to confirm the card: possession of it is the buyer's right to act on this payment. */
    clientSecret: text("client_secret").notNull(),
    /** Two creations with one key are one payment (a retried request, a double click). */
    idempotencyKey: text("idempotency_key").notNull(),
    orderId: text("order_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** ISO 4217, upper case. */
    currency: text("currency").notNull(),
    description: text("description").notNull().default(""),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    status: text("status").$type<PaymentStatus>().notNull().default("requires_payment_method"),
    declineCode: text("decline_code").$type<DeclineCode>(),
    /** Only what a receipt shows: the card number itself is never stored. */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** Sum of its refunds; a refund raises it with one conditional update that never passes the amount. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("simulated_payments_client_secret_unique").on(table.clientSecret),
    uniqueIndex("simulated_payments_idempotency_key_unique").on(table.idempotencyKey),
    index("simulated_payments_order").on(table.orderId),
    check("simulated_payments_amount_positive", sql`${table.amountCents} > 0`),
    check(
      "simulated_payments_refund_within_amount",
      sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}`,
    ),
  ],
);

export const simulatedRefunds = pgTable(
  "simulated_refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => simulatedPayments.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<RefundStatus>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("simulated_refunds_idempotency_key_unique").on(table.idempotencyKey),
    index("simulated_refunds_payment").on(table.paymentId),
    check("simulated_refunds_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * Every payment event acted upon, keyed by the provider's own event id: Stripe delivers a webhook at least once (and
 * again when our answer was slow), so a replay must be recognized and left alone (`recordPaymentEventOnce`).
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").$type<PaymentEvent["type"]>().notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    orderId: text("order_id"),
    /** The event as this platform understood it, for the order's payment history and for support. */
    payload: jsonb("payload").$type<PaymentEvent>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index("payment_events_payment").on(table.providerPaymentId, table.occurredAt),
  ],
);
