import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Language } from "../../../../contract/common.js";
import {
  type OrderExportColumn,
  orderExportColumns,
  orderExportLabels,
} from "../../../../contract/ticketing-order-export.js";
import type { orderExportQuery } from "../../../../contract/ticketing-orders.js";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import {
  type CellValue,
  exportRows,
  type SpreadsheetColumn,
  type SpreadsheetFile,
  writeSpreadsheet,
} from "../../../platform/spreadsheet.js";
import type { Caller } from "../../events/events.service.js";
import type { LocalizedText } from "../../events/events.tables.js";
import { localizedText } from "../../events/events.values.js";
import { type EventRow, requireEvent } from "../../events/events.visibility.js";
import { guests } from "../../guests/guests.tables.js";
import { invoiceNumberText } from "../invoices/invoices.view.js";
import { orderItems, orders, tickets } from "../ticketing.tables.js";
import { orderListConditions, taxLines } from "./order-view.js";
import { orderCoupons } from "./orders.tables.js";

/*
 * GET orders/export: every order the list's filters select, one row each, with its items, coupons, VAT breakdown,
 * payment method and status in words. Read in pages by (created, id) rather than an offset and streamed as CSV or
 * XLSX (the platform's spreadsheet writer), so memory stays flat whatever the number of orders.
 */

type ExportQuery = z.infer<typeof orderExportQuery>;

export const orderExportPageSize = 500;

type ExportRow = {
  order: typeof orders.$inferSelect;
  key: string;
  buyerFirstName: string | null;
  buyerLastName: string | null;
  buyerEmail: string | null;
  /** As printed (the test series included). */
  invoiceNumber: string | null;
  items: { item: typeof orderItems.$inferSelect; caption: LocalizedText }[];
  coupons: (typeof orderCoupons.$inferSelect)[];
};

/** One page of the orders after the last of the page before, by (created, id), with their items and coupons. */
function orderPageReader(executor: Executor, eventId: string, query: ExportQuery) {
  const where = orderListConditions(eventId, query);
  return async (last: ExportRow | undefined): Promise<ExportRow[]> => {
    const after = last
      ? sql`(${orders.createdAt}, ${orders.id}) > (${last.key}::timestamptz, ${last.order.id}::uuid)`
      : undefined;
    const rows = await executor
      .select({
        order: orders,
        // As text: a JavaScript Date would drop the microseconds and skip rows between pages.
        key: sql<string>`${orders.createdAt}::text`,
        buyerFirstName: guests.firstName,
        buyerLastName: guests.lastName,
        buyerEmail: guests.email,
        invoiceNumber: invoiceNumberText,
      })
      .from(orders)
      .leftJoin(guests, eq(guests.id, orders.buyerGuestId))
      .where(and(where, after))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(orderExportPageSize);
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.order.id);
    const [items, coupons] = await Promise.all([
      executor
        .select({ item: orderItems, caption: tickets.caption })
        .from(orderItems)
        .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
      executor.select().from(orderCoupons).where(inArray(orderCoupons.orderId, ids)),
    ]);
    return rows.map((row) => ({
      ...row,
      items: items.filter(({ item }) => item.orderId === row.order.id),
      coupons: coupons.filter((coupon) => coupon.orderId === row.order.id),
    }));
  };
}

/** Amounts in the currency's units (12.50), dates in the event's zone, codes as words of the language. */
function orderColumns(language: Language, event: EventRow): SpreadsheetColumn<ExportRow>[] {
  const labels = orderExportLabels[language];
  const dateTime = new Intl.DateTimeFormat(language, {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: event.timezone,
  });
  const when = (date: Date | null) => (date ? dateTime.format(date) : "");
  const money = (cents: number) => cents / 100;
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const items = (row: ExportRow) => {
    const counts = new Map<string, number>();
    for (const { caption } of row.items) {
      const name = localizedText(caption, language, event.preferredLanguage);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return [...counts].map(([name, count]) => `${count} × ${name}`).join("; ");
  };
  const taxes = (row: ExportRow) =>
    taxLines(
      row.items.map(({ item }) => ({
        taxPercent: item.taxPercent,
        netInclTaxCents: item.unitPriceInclTaxCents - item.discountInclTaxCents,
        netExclTaxCents: item.unitPriceExclTaxCents - item.discountExclTaxCents,
      })),
    )
      .map(
        (line) =>
          `${line.taxPercent === null ? labels.noVat : `${line.taxPercent} %`}: ${number.format(money(line.taxCents))}`,
      )
      .join("; ");
  const cellOf: Record<OrderExportColumn, (row: ExportRow) => CellValue> = {
    id: ({ order }) => order.id,
    createdAt: ({ order }) => when(order.createdAt),
    completedAt: ({ order }) => when(order.completedAt),
    status: ({ order }) => labels.status[order.status],
    paymentMethod: ({ order }) =>
      order.otherPaymentKind
        ? labels.paymentMethod[order.otherPaymentKind]
        : order.paymentMethod
          ? labels.paymentMethod[order.paymentMethod]
          : "",
    testMode: ({ order }) => (order.testMode ? labels.yes : labels.no),
    buyerName: (row) => [row.buyerFirstName, row.buyerLastName].filter(Boolean).join(" "),
    buyerEmail: (row) => row.buyerEmail ?? "",
    buyerKind: ({ order }) => labels.buyerKind[order.buyerKind],
    billingName: ({ order }) => order.billingName,
    billingAddress: ({ order }) => order.billingAddress,
    billingZip: ({ order }) => order.billingZip,
    billingCity: ({ order }) => order.billingCity,
    billingSiret: ({ order }) => order.billingSiret ?? "",
    items,
    coupons: (row) => row.coupons.map((coupon) => coupon.code).join(", "),
    totalExclTax: ({ order }) => money(order.totalExclTaxCents),
    taxes,
    totalInclTax: ({ order }) => money(order.totalInclTaxCents),
    refunded: (row) => money(row.items.reduce((sum, { item }) => sum + item.refundedCents, 0)),
    currency: ({ order }) => order.currency,
    invoiceNumber: (row) => row.invoiceNumber ?? "",
  };
  return orderExportColumns.map((column) => ({ header: labels.columns[column], cell: cellOf[column] }));
}

/** The orders the list's filters pick, oldest first, as `orders-<event slug>.csv|xlsx`. */
export async function exportOrders(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  query: ExportQuery,
  language: Language,
): Promise<SpreadsheetFile> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return writeSpreadsheet({
    format: query.format,
    name: `orders-${event.slug}`,
    sheetName: orderExportLabels[language].sheet,
    language,
    columns: orderColumns(language, event),
    rows: await exportRows(orderExportPageSize, orderPageReader(context.db, eventId, query)),
    onError: (error) => context.logger.error({ err: error, eventId }, "order export stopped"),
  });
}
