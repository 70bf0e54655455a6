import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CheckinMode } from "../../../contract/checkin.js";
import type { GuestConditions } from "../../../contract/guest-conditions.js";
import { users } from "../auth/auth.tables.js";
import { events } from "../events/events.tables.js";
import { guests } from "../guests/guests.tables.js";
import { orderItems } from "../ticketing/ticketing.tables.js";

/** SPEC §3 Check-in session: a door, live or offline, with who it lets in and what its screen shows. */
export const checkinSessions = pgTable(
  "checkin_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mode: text("mode").$type<CheckinMode>().notNull(),
    conditions: jsonb("conditions").$type<GuestConditions>().notNull(),
    displayedFields: jsonb("displayed_fields").$type<string[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("checkin_sessions_event").on(table.eventId, table.createdAt)],
);

/** An access code of a session: staff type it (or scan it) on their phone to join, no account needed. */
export const checkinCodes = pgTable(
  "checkin_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => checkinSessions.id, { onDelete: "cascade" }),
    /** Eight characters without look-alikes; unique among all codes, so a code alone finds its session. */
    code: text("code").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("checkin_codes_code").on(table.code), index("checkin_codes_session").on(table.sessionId)],
);

/** A phone that joined a session with a code ("last connections"); deleting the code signs it out. */
export const checkinDevices = pgTable(
  "checkin_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => checkinSessions.id, { onDelete: "cascade" }),
    codeId: uuid("code_id")
      .notNull()
      .references(() => checkinCodes.id, { onDelete: "cascade" }),
    /** SHA-256 of the device token: a leaked table does not let anyone scan. */
    tokenHash: text("token_hash").notNull(),
    label: text("label").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("checkin_devices_token").on(table.tokenHash),
    index("checkin_devices_session").on(table.sessionId),
  ],
);

/**
 * A check-in: a pass (a guest, or one ticket of theirs) let in at a session. Its id is the device's scan id, so a scan
 * sent twice (a retry, an offline upload replayed) is one row. At most one standing check-in per pass: a second scan
 * at another door is refused live, and recorded `flagged` when it arrives from an offline device (not lost).
 */
export const checkins = pgTable(
  "checkins",
  {
    id: uuid("id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Set null when the session is deleted: its check-ins stay in the event's statistics under `sessionName`. */
    sessionId: uuid("session_id").references(() => checkinSessions.id, { onDelete: "set null" }),
    sessionName: text("session_name").notNull(),
    guestId: uuid("guest_id")
      .notNull()
      .references(() => guests.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    /** `g:<guest id>` or `t:<order item id>`: what one entry is for. */
    passKey: text("pass_key").notNull(),
    deviceId: uuid("device_id").references(() => checkinDevices.id, { onDelete: "set null" }),
    source: text("source").$type<"live" | "offline" | "organizer">().notNull(),
    /** The device's clock when it scanned. */
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    flagged: boolean("flagged").notNull().default(false),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("checkins_pass_standing")
      .on(table.eventId, table.passKey)
      .where(sql`${table.undoneAt} is null and not ${table.flagged}`),
    index("checkins_event_scanned").on(table.eventId, table.scannedAt),
    index("checkins_session_scanned").on(table.sessionId, table.scannedAt),
    index("checkins_guest").on(table.guestId),
  ],
);
