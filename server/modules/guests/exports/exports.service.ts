import { and, eq, inArray, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Language } from "../../../../contract/common.js";
import { exportColumns, exportLabels, type guestExportQuery } from "../../../../contract/guest-export.js";
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
import { requireEvent } from "../../events/events.visibility.js";
import type { CustomFieldRow } from "../custom-field-values.js";
import { readCustomFields } from "../custom-fields.service.js";
import { type GuestRow, guestListConditions, guestOrder } from "../guests.list.js";
import { type CustomFieldValue, guests } from "../guests.tables.js";

type ExportQuery = z.infer<typeof guestExportQuery>;

/** Rows fetched per query: big enough for throughput, small enough that memory stays flat at any list size. */
export const exportPageSize = 1_000;

const host = alias(guests, "host");
const godfather = alias(guests, "godfather");
const nameOf = (table: Record<"firstName" | "lastName" | "email", AnyPgColumn>) =>
  sql<string | null>`coalesce(nullif(trim(${table.firstName} || ' ' || ${table.lastName}), ''), ${table.email})`;

type ExportRow = { guest: GuestRow; sortKey: string | null; host: string | null; godfather: string | null };

/** One page of the matching guests in the list's order, after the last row of the page before (`guestOrder`). */
function guestPageReader(executor: Executor, eventId: string, query: ExportQuery) {
  const order = guestOrder(query.sort, query.direction);
  const where = and(
    guestListConditions(eventId, query),
    query.ids.length > 0 ? inArray(guests.id, query.ids) : undefined,
  );
  return (last: ExportRow | undefined): Promise<ExportRow[]> =>
    executor
      .select({
        guest: guests,
        sortKey: order.key,
        host: nameOf(host),
        godfather: nameOf(godfather),
      })
      .from(guests)
      .leftJoin(host, eq(host.id, guests.hostId))
      .leftJoin(godfather, eq(godfather.id, guests.godfatherId))
      .where(and(where, last && order.after({ key: last.sortKey, id: last.guest.id })))
      .orderBy(...order.orderBy)
      .limit(exportPageSize);
}

/** Turns stored values into what a reader expects in a spreadsheet: labels, not codes; dates in the event's zone. */
function guestColumns(language: Language, fields: CustomFieldRow[], timeZone: string): SpreadsheetColumn<ExportRow>[] {
  const labels = exportLabels[language];
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short", timeZone });
  const dateOnly = new Intl.DateTimeFormat(language, { dateStyle: "short", timeZone: "UTC" });
  const when = (date: Date | null) => (date ? dateTime.format(date) : "");
  const custom = (field: CustomFieldRow, value: CustomFieldValue | undefined): CellValue => {
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
  const cellOf: Record<(typeof exportColumns)[number], (row: ExportRow) => CellValue> = {
    id: ({ guest }) => guest.id,
    civility: ({ guest }) => (guest.civility ? labels.civility[guest.civility] : ""),
    firstName: ({ guest }) => guest.firstName,
    lastName: ({ guest }) => guest.lastName,
    email: ({ guest }) => guest.email ?? "",
    company: ({ guest }) => guest.company,
    jobTitle: ({ guest }) => guest.jobTitle,
    phone: ({ guest }) => guest.phone,
    status: ({ guest }) => labels.status[guest.status],
    mailStatus: ({ guest }) => (guest.mailStatus ? labels.mailStatus[guest.mailStatus] : ""),
    registered: ({ guest }) => (guest.registered ? labels.yes : labels.no),
    registeredAt: ({ guest }) => when(guest.registeredAt),
    companionsExpected: ({ guest }) => guest.companionsExpected,
    namelessCompanions: ({ guest }) => guest.namelessCompanions,
    host: ({ host }) => host ?? "",
    godfather: ({ godfather }) => godfather ?? "",
    prescriber: ({ guest }) => guest.prescriber,
    createdSource: ({ guest }) => labels.createdSource[guest.createdSource],
    createdAt: ({ guest }) => when(guest.createdAt),
    updatedAt: ({ guest }) => when(guest.updatedAt),
  };
  return [
    ...exportColumns.map((column) => ({ header: labels.columns[column], cell: cellOf[column] })),
    ...fields.map((field) => ({
      header: field.name,
      cell: ({ guest }: ExportRow) => custom(field, guest.customFields[field.id]),
    })),
  ];
}

/** The guests the list's filters (or the selection) pick, in the list's order, as `guests-<event slug>.csv|xlsx`. */
export async function exportGuests(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  query: ExportQuery,
  language: Language,
): Promise<SpreadsheetFile> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const fields = await readCustomFields(context.db, eventId);
  return writeSpreadsheet({
    format: query.format,
    name: `guests-${event.slug}`,
    sheetName: exportLabels[language].sheet,
    language,
    columns: guestColumns(language, fields, event.timezone),
    rows: await exportRows(exportPageSize, guestPageReader(context.db, eventId, query)),
    onError: (error) => context.logger.error({ err: error, eventId }, "guest export stopped"),
  });
}
