import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { storedFiles } from "../../platform/files.tables.js";
import { events } from "../events/events.tables.js";
import { guests } from "../guests/guests.tables.js";

/**
 * SPEC §3 Shared file: a file the organizer shares with one guest of the event (`user_id`), who downloads it from the
 * member area. The bytes are a stored file (purpose `content.shared_file`); the two dates make the states of SPEC §4.
 */
export const sharedFiles = pgTable(
  "shared_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id")
      .notNull()
      .references(() => guests.id, { onDelete: "cascade" }),
    /** The name the guest downloads it under: given at creation, else the uploaded file's; renamed at will. */
    name: text("name").notNull().default(""),
    /** Null until uploaded. */
    fileId: uuid("file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    lastNotifiedAt: timestamp("last_notified_at", { withTimezone: true }),
    lastDownloadedAt: timestamp("last_downloaded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The back office lists an event's files newest first; the member area reads one guest's.
  (table) => [
    index("shared_files_event_created").on(table.eventId, table.createdAt),
    index("shared_files_guest").on(table.guestId),
  ],
);
