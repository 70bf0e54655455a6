import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { AppError } from "../../../platform/errors.js";

export type ImportFormat = "csv" | "xlsx";

/** One data row of the file, with the line number the organizer sees in a spreadsheet. */
export type FileRow = { line: number; cells: string[] };

export type ParsedFile = {
  format: ImportFormat;
  encoding: string | null;
  delimiter: string | null;
  columns: string[];
  rows: FileRow[];
};

const notAccepted = () => new AppError(415, "TYPE_NOT_ACCEPTED");
const unreadable = () => new AppError(400, "IMPORT_FILE_UNREADABLE");

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** CSV or XLSX from the name and the bytes; anything else (old .xls, PDF, images...) is refused with 415. */
export function detectFormat(fileName: string, bytes: Buffer): ImportFormat {
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  if (extension === "xlsx") {
    if (!isZip(bytes)) throw notAccepted();
    return "xlsx";
  }
  if (["csv", "txt", "tsv"].includes(extension)) {
    // A NUL byte never appears in text: this is a binary file renamed.
    if (bytes.includes(0)) throw notAccepted();
    return "csv";
  }
  throw notAccepted();
}

/** UTF-8 when the bytes are valid UTF-8 (the BOM dropped), else Windows-1252, as Excel writes CSV in France. */
export function decodeText(bytes: Buffer): { text: string; encoding: string } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

const delimiters = [";", "\t", ","];

/** Occurrences of `delimiter` outside double quotes in one line. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count++;
  }
  return count;
}

/**
 * The separator found the same number of times on each of the first lines wins; a semicolon beats a comma on a tie
 * since French numbers hold commas ("12,5").
 */
export function detectDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .slice(0, 10);
  let best = ",";
  let bestScore = 0;
  for (const delimiter of delimiters) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    const least = Math.min(...counts);
    const consistent = counts.every((count) => count === counts[0]);
    const score = least === 0 ? 0 : consistent ? least + 1000 : least;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

function parseCsv(text: string, delimiter: string): FileRow[] {
  try {
    const records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // Excel writes rows of bare separators below the data: they are not rows to import.
      skip_records_with_empty_values: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch {
    throw unreadable();
  }
}

/** The text a spreadsheet cell shows: dates as YYYY-MM-DD (with the time when there is one), formulas' results. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  if (typeof value !== "object") return String(value);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("text" in value) return String(value.text);
  if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
  return "";
}

async function parseXlsx(bytes: Buffer): Promise<FileRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: FileRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    // row.values starts at index 1 (column A), with holes for empty cells.
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    const cells = Array.from({ length: values.length }, (_, index) => cellText(values[index]).trim());
    if (cells.some((cell) => cell !== "")) rows.push({ line, cells });
  });
  return rows;
}

/** Reads the whole file into rows, the header row apart. Columns without a header are named "Column N". */
export async function parseImportFile(
  bytes: Buffer,
  reading: { format: ImportFormat; hasHeaders: boolean },
): Promise<ParsedFile> {
  let encoding: string | null = null;
  let delimiter: string | null = null;
  let all: FileRow[];
  if (reading.format === "csv") {
    const decoded = decodeText(bytes);
    encoding = decoded.encoding;
    delimiter = detectDelimiter(decoded.text);
    all = parseCsv(decoded.text, delimiter);
  } else {
    all = await parseXlsx(bytes);
  }
  const header = reading.hasHeaders ? (all.shift()?.cells ?? []) : [];
  const width = all.reduce((most, row) => Math.max(most, row.cells.length), header.length);
  const columns = Array.from({ length: width }, (_, index) => header[index]?.trim() || `Column ${index + 1}`);
  return { format: reading.format, encoding, delimiter, columns, rows: all };
}
