import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "../accounts/accounts.tables.js";
import { users } from "../auth/auth.tables.js";
import { events } from "../events/events.tables.js";

/** One resized copy of an image: its width and height in pixels, where the store keeps it, its type. */
export type ImageVariant = { width: number; height: number; key: string; contentType: string; size: number };

/**
 * An event's uploaded image (SPEC §7 images): the original as sent, and its resized variants keyed by their name
 * (`320`, `640`, `1280` in the original's mail-safe format, `320.webp`…). Variants are made at upload, never on read,
 * so the public route only streams bytes.
 */
export const images = pgTable(
  "images",
  {
    /** Random, unguessable: the public route serves an image to whoever knows its id (mail readers). */
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Where the upload is kept untouched. */
    originalKey: text("original_key").notNull(),
    /** The type read from the bytes: image/jpeg, image/png, image/webp or image/gif. */
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** What the image is for (`general`, `campaign`…): it chose the size limit. */
    purpose: text("purpose").notNull().default("general"),
    variants: jsonb("variants").$type<Record<string, ImageVariant>>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("images_event").on(table.eventId, table.createdAt)],
);
