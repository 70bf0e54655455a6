import { once } from "node:events";
import { PassThrough, pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import ExcelJS from "exceljs";
import type { z } from "zod";
import type { Language } from "../../../../contract/common.js";
import { exportColumns, exportLabels, type guestExportQuery } from "../../../../contract/guest-export.js";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { spreadsheetCell } from "../../../platform/spreadsheet.js";
import type { Caller } from "../../events/events.service.js";
import { requireEvent } from "../../events/events.visibility.js";
import type { CustomFieldRow } from "../custom-field-values.js";
import { readCustomFields } from "../custom-fields.service.js";
import { type GuestRow, guestListConditions, guestOrder } from "../guests.list.js";
import { type CustomFieldValue, guests } from "../guests.tables.js";

type ExportQuery = z.infer<typeof guestExportQuery>;
type Cell = string | number;

/** Rows fetched per query: big enough for throughput, small enough that memory stays flat at any list size. */
export const exportPageSize = 1_000;

const host = alias(guests, "host");
const godfather = alias(guests, "godfather");
const nameOf = (table: Record<"firstName" | "lastName" | "email", AnyPgColumn>) =>
  sql<string | null>`coalesce(nullif(trim(${table.firstName} || ' ' || ${table.lastName}), ''), ${table.email})`;

/**
 * The matching guests in pages of `exportPageSize`, in the list's order, each page after the last row of the one
 * before (`guestOrder`) rather than at an offset, so page 100 costs what page 1 costs.
 */
async function* guestPages(executor: Executor, eventId: string, query: ExportQuery) {
  const order = guestOrder(query.sort, query.direction);
  const where = and(
    guestListConditions(eventId, query),
    query.ids.length > 0 ? inArray(guests.id, query.ids) : undefined,
  );
  let last: { key: string | null; id: string } | undefined;
  for (;;) {
    const rows = await executor
      .select({
        guest: guests,
        sortKey: order.key,
        host: nameOf(host),
        godfather: nameOf(godfather),
      })
      .from(guests)
      .leftJoin(host, eq(host.id, guests.hostId))
      .leftJoin(godfather, eq(godfather.id, guests.godfatherId))
      .where(and(where, last && order.after(last)))
      .orderBy(...order.orderBy)
      .limit(exportPageSize);
    if (rows.length > 0) yield rows;
    const tail = rows.at(-1);
    if (!tail || rows.length < exportPageSize) return;
    last = { key: tail.sortKey, id: tail.guest.id };
  }
}

type ExportRow = { guest: GuestRow; host: string | null; godfather: string | null };

/** Turns stored values into what a reader expects in a spreadsheet: labels, not codes; dates in the event's zone. */
function rowFormatter(language: Language, fields: CustomFieldRow[], timeZone: string) {
  const labels = exportLabels[language];
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short", timeZone });
  const dateOnly = new Intl.DateTimeFormat(language, { dateStyle: "short", timeZone: "UTC" });
  const when = (date: Date | null) => (date ? dateTime.format(date) : "");
  const custom = (field: CustomFieldRow, value: CustomFieldValue | undefined): Cell => {
    if (value === undefined || value === null) return "";
    const label = (id: string) => field.choices.find((choice) => choice.id === id)?.label ?? id;
    if (Array.isArray(value)) return value.map(label).join(", ");
    if (typeof value === "number") return value;
    if (field.type === "unique_choice" || field.type === "dropdown") return label(value);
    if (field.type === "date") {
      const date = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? value : dateOnly.format(date);
    }
    return value;
  };
  const header = [...exportColumns.map((column) => labels.columns[column]), ...fields.map((field) => field.name)];
  const format = ({ guest, host, godfather }: ExportRow): Cell[] => {
    const cells: Record<(typeof exportColumns)[number], Cell> = {
      id: guest.id,
      civility: guest.civility ? labels.civility[guest.civility] : "",
      firstName: guest.firstName,
      lastName: guest.lastName,
      email: guest.email ?? "",
      company: guest.company,
      jobTitle: guest.jobTitle,
      phone: guest.phone,
      status: labels.status[guest.status],
      mailStatus: guest.mailStatus ? labels.mailStatus[guest.mailStatus] : "",
      registered: guest.registered ? labels.yes : labels.no,
      registeredAt: when(guest.registeredAt),
      companionsExpected: guest.companionsExpected,
      namelessCompanions: guest.namelessCompanions,
      host: host ?? "",
      godfather: godfather ?? "",
      prescriber: guest.prescriber,
      createdSource: labels.createdSource[guest.createdSource],
      createdAt: when(guest.createdAt),
      updatedAt: when(guest.updatedAt),
    };
    return [
      ...exportColumns.map((column) => cells[column]),
      ...fields.map((field) => custom(field, guest.customFields[field.id])),
    ];
  };
  return { header, format };
}

export type ExportFile = { filename: string; contentType: string; stream: Readable };

/**
 * Checks the caller and reads the first page before anything is sent, so those failures still get a proper answer;
 * the rest of the rows are read page by page as the client takes them.
 */
export async function exportGuests(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  query: ExportQuery,
  language: Language,
): Promise<ExportFile> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const fields = await readCustomFields(context.db, eventId);
  const { header, format } = rowFormatter(language, fields, event.timezone);
  const pages = guestPages(context.db, eventId, query);
  const first = await pages.next();
  async function* rows() {
    yield header;
    if (first.done) return;
    for (const row of first.value) yield format(row);
    for await (const page of pages) for (const row of page) yield format(row);
  }
  const filename = `guests-${event.slug}.${query.format}`;
  const onError = (error: unknown) => context.logger.error({ err: error, eventId }, "guest export stopped");
  if (query.format === "csv") {
    return { filename, contentType: "text/csv; charset=utf-8", stream: csvStream(rows(), language, onError) };
  }
  return {
    filename,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    stream: xlsxStream(rows(), exportLabels[language].sheet, onError),
  };
}

/** The rows with every text cell neutralized for spreadsheets (`spreadsheetCell`). */
async function* spreadsheetRows(rows: AsyncIterable<Cell[]>) {
  for await (const row of rows) yield row.map(spreadsheetCell);
}

/** `;` and a byte-order mark: what Excel expects to open a UTF-8 file with accents in France. */
export function csvStream(rows: AsyncIterable<Cell[]>, language: Language, onError: (error: unknown) => void) {
  const number = new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 20 });
  const output = stringify({ delimiter: ";", bom: true, cast: { number: (value) => number.format(value) } });
  pipeline(Readable.from(spreadsheetRows(rows)), output, (error) => {
    if (error) onError(error);
  });
  return output;
}

/** exceljs's streaming writer commits each row to the zip as it goes; waiting on `drain` keeps the buffer small. */
export function xlsxStream(rows: AsyncIterable<Cell[]>, sheetName: string, onError: (error: unknown) => void) {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  (async () => {
    for await (const row of spreadsheetRows(rows)) {
      sheet.addRow(row).commit();
      if (output.writableNeedDrain) await once(output, "drain");
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
