import { getTableColumns, sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../../auth/auth.tables.js";
import { events } from "../../events/events.tables.js";
import type { FileRow } from "./imports.parse.js";

/** Raw bytes; the uploaded file lives in the database so every instance can run the import job. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

export const importStatuses = ["uploaded", "queued", "running", "completed", "failed"] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** One CSV/XLSX import of guests: the file, the organizer's column mapping, and the job's progress and counts. */
export const guestImports = pgTable(
  "guest_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    content: bytea("content").notNull(),
    /** The file's rows as read at upload, so the job never reads the file again; emptied once the import ends. */
    rows: jsonb("rows").$type<FileRow[]>(),
    /** "csv" or "xlsx". */
    format: text("format").notNull(),
    /** Detected for CSV: "utf-8" or "windows-1252", and the separator. */
    encoding: text("encoding"),
    delimiter: text("delimiter"),
    hasHeaders: boolean("has_headers").notNull().default(true),
    /** Column headers (or "Column 1"...) and a few sample rows, for the Match fields step. */
    columns: jsonb("columns").$type<string[]>().notNull().default([]),
    sampleRows: jsonb("sample_rows").$type<string[][]>().notNull().default([]),
    /** Column index → guest field name or `customField:<id>`; absent columns are ignored. */
    mapping: jsonb("mapping").$type<Record<string, string>>().notNull().default({}),
    /** What to do with a row whose email is already in the list: "skip" or "update". */
    onExistingEmail: text("on_existing_email").notNull().default("skip"),
    status: text("status").$type<ImportStatus>().notNull().default("uploaded"),
    totalRows: integer("total_rows").notNull().default(0),
    /** Rows handled so far, committed batch by batch: a restarted job resumes after the last committed batch. */
    processedRows: integer("processed_rows").notNull().default(0),
    createdCount: integer("created_count").notNull().default(0),
    updatedCount: integer("updated_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    errorCount: integer("error_count").notNull().default(0),
    failureReason: text("failure_reason"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("guest_imports_event_created").on(table.eventId, table.createdAt)],
);

/** The refused rows of an import, with the reason per row: the downloadable report. */
export const guestImportErrors = pgTable(
  "guest_import_errors",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => guestImports.id, { onDelete: "cascade" }),
    /** 1-based line number in the file as the organizer sees it in a spreadsheet. */
    rowNumber: integer("row_number").notNull(),
    reason: text("reason").notNull(),
    values: jsonb("values").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [primaryKey({ columns: [table.importId, table.rowNumber] })],
);

// Every column but the file and its rows: progress reads and batch updates must not carry megabytes along.
const { content: _content, rows: _rows, ...progressColumns } = getTableColumns(guestImports);
export const importProgressColumns = progressColumns;
export type ImportProgressRow = Omit<typeof guestImports.$inferSelect, "content" | "rows">;
