import { sql } from "drizzle-orm";
import type { OrderDocument } from "../../../../contract/ticketing-orders.js";
import { orders } from "../ticketing.tables.js";
import { orderDocuments } from "./invoices.tables.js";

/*
 * The documents of an order as the orders' answers read them: subqueries beside the order's row (`orders` in the
 * query), in the same round trip.
 */

/** An order's documents as the API answers them, oldest first: a subquery beside the order's row. */
export const orderDocumentsJson = sql<(Omit<OrderDocument, "issuedAt"> & { issuedAt: string })[]>`(select
    coalesce(json_agg(json_build_object('id', d.id, 'kind', d.kind, 'number', d.number, 'issuedAt', d.issued_at,
      'amountInclTaxCents', d.amount_incl_tax_cents, 'testMode', d.test_mode) order by d.issued_at, d.sequence),
      '[]'::json)
    from ${orderDocuments} d where d.order_id = ${orders}.id)`;

/** The sequence of the order's legal invoice (null for a test order or before completion): the API's invoiceNumber. */
export const invoiceSequence = sql<number | null>`(select d.sequence from ${orderDocuments} d
    where d.order_id = ${orders}.id and d.kind = 'invoice' and not d.test_mode)`;

/** The number the order's invoice prints (test series included), for exports. */
export const invoiceNumberText = sql<string | null>`(select d.number from ${orderDocuments} d
    where d.order_id = ${orders}.id and d.kind = 'invoice')`;
