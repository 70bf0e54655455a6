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
import type { Caller } from "../../events/events.service.js";
import type { LocalizedText } from "../../events/events.tables.js";
import { localizedText } from "../../events/events.values.js";
import { type EventRow, requireEvent } from "../../events/events.visibility.js";
import { csvStream, type ExportFile, xlsxStream } from "../../guests/exports/exports.service.js";
import { guests } from "../../guests/guests.tables.js";
import { invoiceNumberText } from "../invoices/invoices.view.js";
import { orderItems, orders, tickets } from "../ticketing.tables.js";
import { orderListConditions, taxLines } from "./order-view.js";
import { orderCoupons } from "./orders.tables.js";

/*
 * GET orders/export: every order the list's filters select, one row each, with its items, coupons, VAT breakdown,
 * payment method and status in words. Read in pages by (created, id) rather than an offset and streamed as CSV or
 * XLSX (the guests export's writers), so memory stays flat whatever the number of orders.
 */

type ExportQuery = z.infer<typeof orderExportQuery>;
type Cell = string | number;

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

async function* orderPages(executor: Executor, eventId: string, query: ExportQuery): AsyncGenerator<ExportRow[]> {
  const where = orderListConditions(eventId, query);
  let last: { createdAt: string; id: string } | undefined;
  for (;;) {
    const after = last
      ? sql`(${orders.createdAt}, ${orders.id}) > (${last.createdAt}::timestamptz, ${last.id}::uuid)`
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
    if (rows.length === 0) return;
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
    yield rows.map((row) => ({
      ...row,
      items: items.filter(({ item }) => item.orderId === row.order.id),
      coupons: coupons.filter((coupon) => coupon.orderId === row.order.id),
    }));
    const tail = rows.at(-1);
    if (!tail || rows.length < orderExportPageSize) return;
    last = { createdAt: tail.key, id: tail.order.id };
  }
}

/** Amounts in the currency's units (12.50), dates in the event's zone, codes as words of the language. */
function rowFormatter(language: Language, event: EventRow) {
  const labels = orderExportLabels[language];
  const dateTime = new Intl.DateTimeFormat(language, {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: event.timezone,
  });
  const when = (date: Date | null) => (date ? dateTime.format(date) : "");
  const money = (cents: number) => cents / 100;
  const header = orderExportColumns.map((column) => labels.columns[column]);
  const format = (row: ExportRow): Cell[] => {
    const { order } = row;
    const counts = new Map<string, number>();
    for (const { caption } of row.items) {
      const name = localizedText(caption, language, event.preferredLanguage);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const lines = taxLines(
      row.items.map(({ item }) => ({
        taxPercent: item.taxPercent,
        netInclTaxCents: item.unitPriceInclTaxCents - item.discountInclTaxCents,
        netExclTaxCents: item.unitPriceExclTaxCents - item.discountExclTaxCents,
      })),
    );
    const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const cells: Record<OrderExportColumn, Cell> = {
      id: order.id,
      createdAt: when(order.createdAt),
      completedAt: when(order.completedAt),
      status: labels.status[order.status],
      paymentMethod: order.otherPaymentKind
        ? labels.paymentMethod[order.otherPaymentKind]
        : order.paymentMethod
          ? labels.paymentMethod[order.paymentMethod]
          : "",
      testMode: order.testMode ? labels.yes : labels.no,
      buyerName: [row.buyerFirstName, row.buyerLastName].filter(Boolean).join(" "),
      buyerEmail: row.buyerEmail ?? "",
      buyerKind: labels.buyerKind[order.buyerKind],
      billingName: order.billingName,
      billingAddress: order.billingAddress,
      billingZip: order.billingZip,
      billingCity: order.billingCity,
      billingSiret: order.billingSiret ?? "",
      items: [...counts].map(([name, count]) => `${count} × ${name}`).join("; "),
      coupons: row.coupons.map((coupon) => coupon.code).join(", "),
      totalExclTax: money(order.totalExclTaxCents),
      taxes: lines
        .map(
          (line) =>
            `${line.taxPercent === null ? labels.noVat : `${line.taxPercent} %`}: ${number.format(money(line.taxCents))}`,
        )
        .join("; "),
      totalInclTax: money(order.totalInclTaxCents),
      refunded: money(row.items.reduce((sum, { item }) => sum + item.refundedCents, 0)),
      currency: order.currency,
      invoiceNumber: row.invoiceNumber ?? "",
    };
    return orderExportColumns.map((column) => cells[column]);
  };
  return { header, format };
}

/**
 * Checks the caller and reads the first page before anything is sent, so those failures still get a proper answer;
 * the rest is read page by page as the client takes it.
 */
export async function exportOrders(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  query: ExportQuery,
  language: Language,
): Promise<ExportFile> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const { header, format } = rowFormatter(language, event);
  const pages = orderPages(context.db, eventId, query);
  const first = await pages.next();
  async function* rows() {
    yield header;
    if (first.done) return;
    for (const row of first.value) yield format(row);
    for await (const page of pages) for (const row of page) yield format(row);
  }
  const filename = `orders-${event.slug}.${query.format}`;
  const onError = (error: unknown) => context.logger.error({ err: error, eventId }, "order export stopped");
  if (query.format === "csv") {
    return { filename, contentType: "text/csv; charset=utf-8", stream: csvStream(rows(), language, onError) };
  }
  return {
    filename,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    stream: xlsxStream(rows(), orderExportLabels[language].sheet, onError),
  };
}
