import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AutoMailKind, AutoMailText } from "../../../../contract/auto-mails.js";
import type { Language } from "../../../../contract/common.js";
import { users } from "../../auth/auth.tables.js";
import { events } from "../../events/events.tables.js";
import { guests } from "../../guests/guests.tables.js";

/**
 * An event's settings of one auto-mail (SPEC §2 "auto-mail settings"). No row: the defaults (the confirmation on, the
 * reminder and thank-you off, the default texts), so only the rows of switched-on reminders are ever scanned.
 */
export const autoMails = pgTable(
  "auto_mails",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AutoMailKind>().notNull(),
    enabled: boolean("enabled").notNull(),
    days: integer("days").notNull().default(1),
    /** The organizer's subject and body per language; a language left out reads the default text. */
    texts: jsonb("texts").$type<Partial<Record<Language, AutoMailText>>>().notNull().default({}),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.kind] }),
    index("auto_mails_enabled").on(table.kind).where(sql`${table.enabled}`),
  ],
);

/**
 * One row per guest an auto-mail of the hourly job went to: the unique (event, kind, guest) key is what makes a guest
 * get a reminder or a thank-you once, whatever the number of runs or instances (INSERT … ON CONFLICT DO NOTHING, then
 * a mail for each row inserted, in the same transaction).
 */
export const autoMailSends = pgTable(
  "auto_mail_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AutoMailKind>().notNull(),
    guestId: uuid("guest_id")
      .notNull()
      .references(() => guests.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    language: text("language").$type<Language>().notNull(),
    /** The platform mail (mails.id) that carried it. */
    mailId: uuid("mail_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("auto_mail_sends_event_kind_guest").on(table.eventId, table.kind, table.guestId)],
);
