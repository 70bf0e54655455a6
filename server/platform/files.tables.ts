import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Uploaded files (form answers, terms PDFs; later images, documents): the bytes live in the file store (local disk
 * under DATA_DIR/files, or an S3-compatible bucket), this row says what they are and whom they belong to.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The event the file belongs to; every read checks it so a file id never crosses events. */
    eventId: uuid("event_id").notNull(),
    /** What the file is for: `form.answer`, `form.terms`… */
    purpose: text("purpose").notNull(),
    name: text("name").notNull(),
    /** The type read from the bytes, not the one the browser claimed. */
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** Where the store keeps the bytes (a relative path or an object key). */
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("stored_files_event").on(table.eventId, table.purpose)],
);
