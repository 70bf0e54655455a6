import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Answers, FormItem, FormOptions, FormStatus, FormType, Localized } from "../../../contract/forms.js";
import { storedFiles } from "../../platform/files.tables.js";
import { events } from "../events/events.tables.js";
import { guests } from "../guests/guests.tables.js";

export const forms = pgTable(
  "forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    type: text("type").$type<FormType>().notNull(),
    title: jsonb("title").$type<Localized>().notNull(),
    description: jsonb("description").$type<Localized>().notNull().default({}),
    status: text("status").$type<FormStatus>().notNull().default("draft"),
    /** The working copy the builder saves. */
    items: jsonb("items").$type<FormItem[]>().notNull(),
    /** What guests see: a copy of `items` taken when the form is published; null while a draft. */
    publishedItems: jsonb("published_items").$type<FormItem[]>(),
    options: jsonb("options").$type<FormOptions>().notNull(),
    termsFileId: uuid("terms_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("forms_event_type").on(table.eventId, table.type),
    // The public page answers "the" registration (survey, companion) form: one online form of each type per event.
    uniqueIndex("forms_event_type_online").on(table.eventId, table.type).where(sql`${table.status} <> 'draft'`),
  ],
);

/** One guest's answers to one form; a new submission by the same guest (matched by email) replaces them. */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id")
      .notNull()
      .references(() => guests.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<Answers>().notNull(),
    language: text("language").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("form_submissions_form_guest").on(table.formId, table.guestId),
    index("form_submissions_form_created").on(table.formId, table.createdAt),
  ],
);

/**
 * How many submissions chose each answer: the quota check is a conditional update of this row inside the
 * submission's transaction (`set chosen = chosen + 1 where chosen < quota`), so concurrent guests never overfill it.
 */
export const formAnswerCounts = pgTable(
  "form_answer_counts",
  {
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    answerId: text("answer_id").notNull(),
    chosen: integer("chosen").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.formId, table.questionId, table.answerId] })],
);
