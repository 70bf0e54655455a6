import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import type { Language } from "../../../contract/common.js";
import { orderedContentColumns, positionIndex } from "./ordered-content.js";

/**
 * SPEC §3 Document: a file the event's public page offers for download (a program in PDF, a map, a press kit), in the
 * organizer's order. The bytes live in the file store under `storageKey`, removed once the row's deletion commits.
 */
export const documents = pgTable(
  "documents",
  {
    ...orderedContentColumns(),
    name: text("name").notNull(),
    /**
     * The language the file is written in; null: every language (contract/documents.ts says why one). Not `language`:
     * that name makes a kind listed per language (ordered-content.ts), and documents are one list per event.
     */
    fileLanguage: text("file_language").$type<Language>(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull(),
  },
  (table) => [positionIndex("documents_event_position", table)],
);
