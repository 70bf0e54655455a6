import { stringify } from "csv-stringify/sync";
import { and, asc, eq } from "drizzle-orm";
import type { Language } from "../../../../contract/common.js";
import { translate } from "../../../../contract/error-messages.js";
import type { ImportProgress, ImportStartBody, UploadedImport } from "../../../../contract/guest-imports.js";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, notFound } from "../../../platform/errors.js";
import { spreadsheetCell } from "../../../platform/spreadsheet.js";
import { recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { requireEvent } from "../../events/events.visibility.js";
import { readCustomFields } from "../custom-fields.service.js";
import { guestImportJob } from "./imports.jobs.js";
import { checkMapping, suggestMapping } from "./imports.mapping.js";
import { detectFormat, parseImportFile } from "./imports.parse.js";
import { guestImportErrors, guestImports, type ImportProgressRow, importProgressColumns } from "./imports.tables.js";

export type UploadedFile = { fileName: string; bytes: Buffer };
type ImportRow = ImportProgressRow;

const sampleSize = 5;

export function toProgress(row: ImportRow): ImportProgress {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    onExistingEmail: row.onExistingEmail === "update" ? "update" : "skip",
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    updatedCount: row.updatedCount,
    skippedCount: row.skippedCount,
    errorCount: row.errorCount,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Step 1 of the wizard: reads the file once to check it, detect its encoding and separator, and show its columns;
 * the bytes and the rows read are kept, so the job starts from the rows without reading the file again. The event is
 * checked before the file is read, so a caller without the right never gets to send 10 MB.
 */
export async function uploadImport(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  receive: () => Promise<UploadedFile>,
  hasHeaders: boolean,
): Promise<UploadedImport> {
  await requireEvent(context.db, access, eventId, "events.update");
  const { fileName, bytes } = await receive();
  const format = detectFormat(fileName, bytes);
  const file = await parseImportFile(bytes, { format, hasHeaders });
  if (file.rows.length === 0) throw new AppError(400, "IMPORT_FILE_EMPTY");
  const sampleRows = file.rows.slice(0, sampleSize).map((row) => row.cells);
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update");
    const [row] = await tx
      .insert(guestImports)
      .values({
        eventId,
        createdBy: access.principal.kind === "user" ? access.principal.userId : null,
        fileName,
        content: bytes,
        rows: file.rows,
        format,
        encoding: file.encoding,
        delimiter: file.delimiter,
        hasHeaders,
        columns: file.columns,
        sampleRows,
        totalRows: file.rows.length,
      })
      .returning();
    if (!row) throw new Error("the import insert returned no row");
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "guests.import.uploaded",
        targetType: "guestImport",
        targetId: row.id,
        after: { fileName, format, encoding: file.encoding, totalRows: row.totalRows },
      },
      ip,
    );
    const suggestedMapping = suggestMapping(file.columns, await readCustomFields(tx, eventId));
    return { ...toProgress(row), columns: file.columns, sampleRows, suggestedMapping };
  });
}

async function requireImport(executor: Executor, eventId: string, id: string, lock = false): Promise<ImportRow> {
  const query = executor
    .select(importProgressColumns)
    .from(guestImports)
    .where(and(eq(guestImports.eventId, eventId), eq(guestImports.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

export async function getImport(context: AppContext, { access }: Caller, eventId: string, id: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  return toProgress(await requireImport(context.db, eventId, id));
}

/** Step 3: fixes the mapping and the choice for known emails, then hands the rows to the job. */
export async function startImport(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  body: ImportStartBody,
): Promise<ImportProgress> {
  const row = await context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update");
    const before = await requireImport(tx, eventId, id, true);
    if (before.status !== "uploaded") throw new AppError(409, "IMPORT_ALREADY_STARTED");
    checkMapping(body.mapping, before.columns.length, await readCustomFields(tx, eventId));
    const [queued] = await tx
      .update(guestImports)
      .set({ mapping: body.mapping, onExistingEmail: body.onExistingEmail, status: "queued" })
      .where(eq(guestImports.id, id))
      .returning();
    if (!queued) throw notFound();
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "guests.import.started",
        targetType: "guestImport",
        targetId: id,
        after: { mapping: body.mapping, onExistingEmail: body.onExistingEmail },
      },
      ip,
    );
    return queued;
  });
  // Sent once the import is committed as queued, so the job always finds it.
  await context.jobs.send(guestImportJob(context), { importId: id });
  return toProgress(row);
}

/** The refused rows as CSV: line, reason, then the row's original values under the file's own headers. */
export async function importReport(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  id: string,
  language: Language,
): Promise<{ fileName: string; csv: string }> {
  await requireEvent(context.db, access, eventId, "events.read");
  const found = await requireImport(context.db, eventId, id);
  const errors = await context.db
    .select()
    .from(guestImportErrors)
    .where(eq(guestImportErrors.importId, id))
    .orderBy(asc(guestImportErrors.rowNumber));
  const header = [translate("IMPORT_REPORT_LINE", language), translate("IMPORT_REPORT_REASON", language)];
  const csv = stringify(
    [
      [...header, ...found.columns],
      ...errors.map((error) => [String(error.rowNumber), error.reason, ...error.values]),
    ].map((row) => row.map(spreadsheetCell)),
  );
  const baseName = found.fileName.replace(/\.[^.]*$/, "").replace(/[^\w.-]+/g, "_") || "import";
  // The BOM makes Excel read the accents as UTF-8.
  return { fileName: `${baseName}-refused-rows.csv`, csv: `\uFEFF${csv}` };
}
