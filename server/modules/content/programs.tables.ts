import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Language } from "../../../contract/common.js";
import { orderedContentColumns, positionIndex } from "./ordered-content.js";
import { speakers } from "./speakers.tables.js";

/**
 * SPEC §3 Program section: a part of the event's program, written in one of its languages and listed with that
 * language's sections in the organizer's order (positions per event and language).
 */
export const programs = pgTable(
  "programs",
  {
    ...orderedContentColumns(),
    language: text("language").$type<Language>().notNull(),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    location: text("location").notNull().default(""),
    description: text("description").notNull().default(""),
  },
  (table) => [positionIndex("programs_event_language_position", table)],
);

/** The speakers of a section, in the organizer's order; a deleted speaker leaves the sections it spoke in. */
export const programSpeakers = pgTable(
  "program_speakers",
  {
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    speakerId: uuid("speaker_id")
      .notNull()
      .references(() => speakers.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.programId, table.speakerId] })],
);
