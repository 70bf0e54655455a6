import { once } from "node:events";
import { PassThrough, pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import type { Language } from "../../contract/common.js";
import { type SpreadsheetFormat, spreadsheetContentTypes } from "../../contract/spreadsheet.js";

/*
 * The one way the platform writes a list to a spreadsheet (the guest, order and form answer exports): each feature
 * gives its columns and its rows; the file's writing, its neutralized cells, its name and its answer are here.
 */

/**
 * A spreadsheet reads a cell that begins with `=`, `+`, `-` or `@` (or a tab or carriage return before one) as a
 * formula: a guest who names themself `=HYPERLINK(...)` would run it on the organizer's machine when the export is
 * opened. Such a text cell is written with a leading `'`, as OWASP recommends (CSV injection), in every CSV and XLSX
 * the platform writes. Numbers stay numbers: a negative amount is a value, not a formula.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === "string" && formulaStart.test(value) ? `'${value}` : value;
}

export type CellValue = string | number;
export type SpreadsheetColumn<Row> = { header: string; cell: (row: Row) => CellValue };
export type SpreadsheetFile = { fileName: string; format: SpreadsheetFormat; stream: Readable };

/**
 * The rows of an export, read in pages of `pageSize` by `readPage(the last row of the page before)`: after a key
 * rather than at an offset, so page 100 costs what page 1 costs and memory stays flat at any list size. The first
 * page is read before this resolves, that is before anything is sent, so a failing query still gets a proper error
 * answer; the rest is read page by page as the client takes the file.
 */
export async function exportRows<Row>(
  pageSize: number,
  readPage: (last: Row | undefined) => Promise<Row[]>,
): Promise<AsyncIterable<Row>> {
  async function* pages() {
    let last: Row | undefined;
    for (;;) {
      const rows = await readPage(last);
      if (rows.length > 0) yield rows;
      last = rows.at(-1);
      if (!last || rows.length < pageSize) return;
    }
  }
  const remaining = pages();
  const first = await remaining.next();
  return (async function* () {
    if (first.done) return;
    yield* first.value;
    for await (const page of remaining) yield* page;
  })();
}

/**
 * The header line, then one line per row with every text cell neutralized (`spreadsheetCell`), streamed as the
 * client reads. `onError` hears a failure after the answer has started (the client then gets a cut file).
 */
export function writeSpreadsheet<Row>({
  format,
  name,
  sheetName,
  language,
  columns,
  rows,
  onError,
}: {
  format: SpreadsheetFormat;
  /** The file's name without its extension. */
  name: string;
  /** The worksheet's name in an XLSX file. */
  sheetName?: string;
  /** CSV numbers are written as this language writes them (`12,5` in French). */
  language: Language;
  columns: SpreadsheetColumn<Row>[];
  rows: AsyncIterable<Row>;
  onError: (error: unknown) => void;
}): SpreadsheetFile {
  async function* lines() {
    yield columns.map((column) => spreadsheetCell(column.header));
    for await (const row of rows) yield columns.map((column) => spreadsheetCell(column.cell(row)));
  }
  const stream = format === "csv" ? csvStream(lines(), language, onError) : xlsxStream(lines(), sheetName, onError);
  return { fileName: `${name}.${format}`, format, stream };
}

/** `;` and a byte-order mark: what Excel expects to open a UTF-8 file with accents in France. */
function csvStream(lines: AsyncIterable<CellValue[]>, language: Language, onError: (error: unknown) => void) {
  const number = new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 20 });
  const output = stringify({ delimiter: ";", bom: true, cast: { number: (value) => number.format(value) } });
  pipeline(Readable.from(lines), output, (error) => {
    if (error) onError(error);
  });
  return output;
}

/** exceljs's streaming writer commits each row to the zip as it goes; waiting on `drain` keeps the buffer small. */
function xlsxStream(
  lines: AsyncIterable<CellValue[]>,
  sheetName: string | undefined,
  onError: (error: unknown) => void,
) {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  (async () => {
    for await (const line of lines) {
      sheet.addRow(line).commit();
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

/**
 * Answers with the file as a download: its content type, its name made safe for a quoted header value (anything but
 * printable ASCII, quotes and backslashes become `_`), and never cached, by the browser or anything in between, as
 * it holds guests' and buyers' data.
 */
export function sendSpreadsheet(reply: FastifyReply, file: SpreadsheetFile) {
  return reply
    .headers({
      "content-type": spreadsheetContentTypes[file.format],
      "content-disposition": `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_")}"`,
      "cache-control": "no-store",
    })
    .send(file.stream);
}
