import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { RecommendationStatus } from "../../../../contract/guest-recommendations.js";
import { users } from "../../auth/auth.tables.js";
import { events } from "../../events/events.tables.js";
import { guests } from "../guests.tables.js";

/** A person a guest recommends (SPEC §4 Recommendation): an organizer accepts (the person becomes a guest) or refuses. */
export const recommendations = pgTable(
  "recommendations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    recommenderId: uuid("recommender_id")
      .notNull()
      .references(() => guests.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    message: text("message").notNull().default(""),
    status: text("status").$type<RecommendationStatus>().notNull().default("pending"),
    /** The guest created on acceptance. */
    guestId: uuid("guest_id").references(() => guests.id, { onDelete: "set null" }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("recommendations_event_status").on(table.eventId, table.status),
    index("recommendations_recommender").on(table.recommenderId),
  ],
);
