import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { EbadgeBlock, EbadgeFormat } from "../../../contract/ebadges.js";
import type { GuestConditions } from "../../../contract/guest-conditions.js";
import { users } from "../auth/auth.tables.js";
import { events } from "../events/events.tables.js";
import { images } from "../images/images.tables.js";

/** SPEC §3 E-badge: a design printed for the guests its conditions name (null: none set). */
export const ebadges = pgTable(
  "ebadges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    format: text("format").$type<EbadgeFormat>().notNull().default("A4"),
    orientation: text("orientation").$type<"portrait" | "landscape">().notNull().default("portrait"),
    rotation: real("rotation").notNull().default(0),
    backgroundImageId: uuid("background_image_id").references(() => images.id, { onDelete: "set null" }),
    blocks: jsonb("blocks").$type<EbadgeBlock[]>().notNull().default([]),
    conditions: jsonb("conditions").$type<GuestConditions>(),
    /** The order in which conditions are tried: a guest matched by two gets the first. */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ebadges_event").on(table.eventId, table.position)],
);

/** An event's badge settings. */
export const ebadgeSettings = pgTable("ebadge_settings", {
  eventId: uuid("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  attachToConfirmation: boolean("attach_to_confirmation").notNull().default(false),
});

/** A PDF of many badges, made by a job (pg-boss) that writes its progress here; the PDF goes to the FileStore. */
export const ebadgeBatches = pgTable(
  "ebadge_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    status: text("status").$type<"queued" | "running" | "done" | "failed">().notNull().default("queued"),
    guestIds: jsonb("guest_ids").$type<string[]>().notNull(),
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    storageKey: text("storage_key"),
    error: text("error"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [index("ebadge_batches_event").on(table.eventId, table.createdAt)],
);
