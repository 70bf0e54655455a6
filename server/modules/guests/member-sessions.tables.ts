import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { events } from "../events/events.tables.js";
import { guests } from "./guests.tables.js";

export const memberTokenPurposes = ["link", "session"] as const;
export type MemberTokenPurpose = (typeof memberTokenPurposes)[number];

/**
 * The member area's secrets, apart from the organizers' `user_tokens` so neither kind can ever pass for the other:
 * the emailed sign-in link and the session it opens. Each belongs to one guest of one event; only its SHA-256 is kept.
 */
export const memberTokens = pgTable(
  "member_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id")
      .notNull()
      .references(() => guests.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: memberTokenPurposes }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("member_tokens_hash_unique").on(table.tokenHash),
    index("member_tokens_guest_purpose").on(table.guestId, table.purpose),
    index("member_tokens_expires").on(table.expiresAt).where(sql`used_at is null`),
  ],
);
