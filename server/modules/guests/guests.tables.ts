import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { z } from "zod";
import type {
  CustomFieldType,
  civilities,
  createdSources,
  customFieldValueSchema,
  GuestStatus,
  MailStatus,
} from "../../../contract/guests.js";
import { events } from "../events/events.tables.js";

export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;
export type CustomFieldChoice = { id: string; label: string };

export const guests = pgTable(
  "guests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    civility: text("civility").$type<(typeof civilities)[number]>(),
    email: text("email"),
    company: text("company").notNull().default(""),
    jobTitle: text("job_title").notNull().default(""),
    phone: text("phone").notNull().default(""),
    status: text("status").$type<GuestStatus>().notNull().default("not_responded"),
    mailStatus: text("mail_status").$type<MailStatus>(),
    companionsExpected: integer("companions_expected").notNull().default(0),
    namelessCompanions: integer("nameless_companions").notNull().default(0),
    prescriber: text("prescriber").notNull().default(""),
    registered: boolean("registered").notNull().default(false),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    customFields: jsonb("custom_fields").$type<Record<string, CustomFieldValue>>().notNull().default({}),
    /** Names, email and company lower-cased without accents, written with the row: PGlite has no unaccent. */
    searchText: text("search_text").notNull().default(""),
    hostId: uuid("host_id").references((): AnyPgColumn => guests.id, { onDelete: "set null" }),
    godfatherId: uuid("godfather_id").references((): AnyPgColumn => guests.id, { onDelete: "set null" }),
    createdSource: text("created_source").$type<(typeof createdSources)[number]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the event's retention period ended and the guest's personal data was replaced (retention job). */
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true }),
  },
  (table) => [
    index("guests_event_last_name").on(table.eventId, table.lastName, table.id),
    // A status filter keeps the default last-name order without a sort step.
    index("guests_event_status_last_name").on(table.eventId, table.status, table.lastName, table.id),
    // The list search is `search_text ilike '%word%'`: only a trigram index serves a pattern with a leading wildcard.
    index("guests_search_trgm").using("gin", table.searchText.op("gin_trgm_ops")),
    uniqueIndex("guests_event_email_unique")
      .on(table.eventId, sql`lower(${table.email})`)
      .where(sql`${table.email} is not null`),
    index("guests_event_created").on(table.eventId, table.createdAt),
    // Most guests have neither a host nor a godfather: partial indexes stay small and cost nothing on a bulk import.
    index("guests_host").on(table.hostId).where(sql`${table.hostId} is not null`),
    index("guests_godfather").on(table.godfatherId).where(sql`${table.godfatherId} is not null`),
  ],
);

export const customFields = pgTable(
  "custom_fields",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").$type<CustomFieldType>().notNull(),
    required: boolean("required").notNull().default(false),
    choices: jsonb("choices").$type<CustomFieldChoice[]>().notNull().default([]),
    min: doublePrecision("min"),
    max: doublePrecision("max"),
    position: integer("position").notNull().default(0),
  },
  (table) => [uniqueIndex("custom_fields_event_name_unique").on(table.eventId, sql`lower(${table.name})`)],
);
