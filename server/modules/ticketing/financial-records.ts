import { and, eq, inArray } from "drizzle-orm";
import type { Language } from "../../../contract/common.js";
import { type MessageCode, translate } from "../../../contract/error-messages.js";
import type { OrderDocumentKind } from "../../../contract/ticketing-orders.js";
import type { Executor } from "../../db/connection.js";
import { events } from "../events/events.tables.js";
import { orderDocuments } from "./invoices/invoices.tables.js";
import { orderPayments } from "./orders/orders.tables.js";
import { orders } from "./ticketing.tables.js";

/*
 * What an event keeps of its sales: orders (in any state, test ones too), the card payments taken for them, their
 * invoices and credit notes. Invoices and credit notes are legal records kept at least ten years, and an order is the
 * history behind them, so an event holding any of these is archived, never deleted; the database's foreign keys
 * refuse the deletion too (migration 0014).
 */

export type FinancialRecords = { orders: number; payments: number; invoices: number; creditNotes: number };

/** Counted in one statement, in the caller's transaction (which holds the event's row locked). */
export async function countFinancialRecords(executor: Executor, eventId: string): Promise<FinancialRecords> {
  const documents = (kind: OrderDocumentKind) =>
    executor.$count(orderDocuments, and(eq(orderDocuments.eventId, eventId), eq(orderDocuments.kind, kind)));
  const [row] = await executor
    .select({
      orders: executor.$count(orders, eq(orders.eventId, eventId)),
      payments: executor.$count(
        orderPayments,
        and(
          eq(orderPayments.status, "succeeded"),
          inArray(
            orderPayments.orderId,
            executor.select({ id: orders.id }).from(orders).where(eq(orders.eventId, eventId)),
          ),
        ),
      ),
      invoices: documents("invoice"),
      creditNotes: documents("credit_note"),
    })
    .from(events)
    .where(eq(events.id, eventId));
  return row ?? { orders: 0, payments: 0, invoices: 0, creditNotes: 0 };
}

export const holdsFinancialRecords = (records: FinancialRecords) => records.orders > 0;

/** The catalogue's words for each count, singular and plural; listed in this order. */
const recordWords: [keyof FinancialRecords, { one: MessageCode; other: MessageCode }][] = [
  ["orders", { one: "HELD_ORDERS_ONE", other: "HELD_ORDERS_OTHER" }],
  ["payments", { one: "HELD_PAYMENTS_ONE", other: "HELD_PAYMENTS_OTHER" }],
  ["invoices", { one: "HELD_INVOICES_ONE", other: "HELD_INVOICES_OTHER" }],
  ["creditNotes", { one: "HELD_CREDIT_NOTES_ONE", other: "HELD_CREDIT_NOTES_OTHER" }],
];

/** "it holds 3 orders, 2 payments and 1 invoice, kept as financial records; …", in the caller's language. */
export function financialRecordsReason(records: FinancialRecords, language: Language): string {
  const plural = new Intl.PluralRules(language);
  const counts = recordWords
    .filter(([key]) => records[key] > 0)
    .map(([key, words]) => {
      const count = records[key];
      return translate(plural.select(count) === "one" ? words.one : words.other, language, count);
    });
  const list = new Intl.ListFormat(language, { type: "conjunction" }).format(counts);
  return translate("EVENT_HOLDS_FINANCIAL_RECORDS", language, list);
}

/** An event that has sold is archived, never deleted: the reason, or null when it holds no sale. */
export async function salesStopEventDeletion(executor: Executor, eventId: string, language: Language) {
  const records = await countFinancialRecords(executor, eventId);
  return holdsFinancialRecords(records) ? financialRecordsReason(records, language) : null;
}
