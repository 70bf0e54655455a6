import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Language } from "../../../contract/common.js";
import { events } from "../events/events.tables.js";
import { guests } from "../guests/guests.tables.js";

/** SPEC §3 "message (unread count)": what a visitor wrote to the organizer through the public contact form. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    /** The language the sender wrote in, for the organizer's answer. */
    language: text("language").$type<Language>().notNull(),
    /** The guest of the event with the sender's email at the time of sending. */
    guestId: uuid("guest_id").references(() => guests.id, { onDelete: "set null" }),
    /** Name, email, subject and text lower-cased without accents, written with the row: PGlite has no unaccent. */
    searchText: text("search_text").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The inbox, newest first.
    index("messages_event_created").on(table.eventId, table.createdAt.desc(), table.id.desc()),
    // The unread count and the unread filter read only the unread rows.
    index("messages_event_unread").on(table.eventId, table.createdAt.desc()).where(sql`${table.readAt} is null`),
  ],
);
