import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Language } from "../../../../contract/common.js";
import type { BuyerKind } from "../../../../contract/ticketing.js";
import type { VatStatus } from "../../../../contract/ticketing-billing.js";
import type { OrderDocumentKind } from "../../../../contract/ticketing-orders.js";
import { events } from "../../events/events.tables.js";
import { orderRefunds } from "../orders/orders.tables.js";
import { orders } from "../ticketing.tables.js";

/*
 * Invoices and credit notes (issue 5): issued in the transaction that completes or refunds an order, frozen there
 * (`snapshot` is everything the PDF prints), rendered on demand. A document is never changed nor deleted: an error
 * on an invoice is corrected by a credit note, as French law wants.
 */

/**
 * Everything an invoice or a credit note prints, frozen when it is issued: a later change of the organizer's billing
 * information, a ticket's caption or the buyer's address leaves the issued document as it was. Amounts are cents of
 * `currency`, negative on a credit note.
 */
export type DocumentSnapshot = {
  kind: OrderDocumentKind;
  number: string;
  issuedAt: string;
  language: Language;
  testMode: boolean;
  currency: string;
  /** The invoice a credit note corrects; null on an invoice, or for an order completed before invoices existed. */
  invoiceNumber: string | null;
  eventName: string;
  /** Null when the organizer had not given billing information (an order the organizer placed by hand). */
  seller: {
    corporateName: string;
    legalStructure: string;
    shareCapitalCents: number | null;
    siret: string;
    rcsNumber: string;
    street: string;
    zipCode: string;
    city: string;
    vatStatus: VatStatus;
    vatNumber: string | null;
    legalMentions: string;
  } | null;
  buyer: { kind: BuyerKind; name: string; address: string; zip: string; city: string; siret: string | null };
  lines: {
    caption: string;
    isOption: boolean;
    quantity: number;
    unitExclTaxCents: number;
    unitInclTaxCents: number;
    /** Automatic discount and coupons, per unit, taxes included. */
    discountInclTaxCents: number;
    taxPercent: number | null;
    totalExclTaxCents: number;
    totalInclTaxCents: number;
  }[];
  coupons: { code: string; cents: number }[];
  taxes: { taxPercent: number | null; exclCents: number; taxCents: number; inclCents: number }[];
  totalExclTaxCents: number;
  totalInclTaxCents: number;
  paymentMethod: "card" | "bankTransfer" | "cheque" | "other";
  paidAt: string | null;
};

/**
 * The next number of each series: one row per event (the seller, as ticketing_organizers is per event), kind and
 * mode. Taken with `update ... returning` in the issuing transaction: a rollback gives the number back, and two
 * completions queue on the row's lock, so numbers are gap-free and never shared. Test orders count in a series of
 * their own, outside the legal one.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind").$type<OrderDocumentKind>().notNull(),
    testMode: boolean("test_mode").notNull(),
    /** The last number given. */
    lastSequence: integer("last_sequence").notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.kind, table.testMode] })],
);

export const orderDocuments = pgTable(
  "order_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Restrict: nothing that deletes an event, an order or a refund may take a legal document along.
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The refund a credit note is for; null for an invoice. */
    refundId: uuid("refund_id").references(() => orderRefunds.id, { onDelete: "restrict" }),
    kind: text("kind").$type<OrderDocumentKind>().notNull(),
    sequence: integer("sequence").notNull(),
    /** As printed: "F-1A2B3C4D-000042", "AV-1A2B3C4D-000003", "TEST-F-1A2B3C4D-000001". */
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    language: text("language").$type<Language>().notNull(),
    testMode: boolean("test_mode").notNull(),
    /** Taxes included; negative for a credit note. */
    amountInclTaxCents: integer("amount_incl_tax_cents").notNull(),
    snapshot: jsonb("snapshot").$type<DocumentSnapshot>().notNull(),
  },
  (table) => [
    index("order_documents_order").on(table.orderId, table.issuedAt),
    // The legal guarantee: one number per series, whatever happens to the counters.
    uniqueIndex("order_documents_number_unique").on(table.eventId, table.kind, table.testMode, table.sequence),
    // One invoice per order, one credit note per refund.
    uniqueIndex("order_documents_invoice_unique").on(table.orderId).where(sql`${table.kind} = 'invoice'`),
    uniqueIndex("order_documents_refund_unique").on(table.refundId),
    check("order_documents_kind", sql`${table.kind} in ('invoice', 'credit_note')`),
    check("order_documents_refund", sql`(${table.kind} = 'invoice') = (${table.refundId} is null)`),
  ],
);
