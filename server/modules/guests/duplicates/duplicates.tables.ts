import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../../auth/auth.tables.js";
import { events } from "../../events/events.tables.js";

/**
 * Pairs an organizer decided on (SPEC §4 Duplicates: merged or ignored). An ignored pair is never proposed again;
 * a merged pair keeps the history of which guest absorbed which. Ids are stored smaller first.
 */
export const duplicateDecisions = pgTable(
  "duplicate_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Not foreign keys: a merged guest is deleted, its decision stays. */
    guestA: uuid("guest_a").notNull(),
    guestB: uuid("guest_b").notNull(),
    decision: text("decision").$type<"merged" | "ignored">().notNull(),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("duplicate_decisions_pair").on(table.eventId, table.guestA, table.guestB),
    index("duplicate_decisions_event").on(table.eventId),
  ],
);
