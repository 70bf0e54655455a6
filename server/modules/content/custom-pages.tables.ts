import { boolean, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { events } from "../events/events.tables.js";
import { orderedContentColumns, positionIndex } from "./ordered-content.js";

/**
 * SPEC §3 Page: an organizer's own page on the event's public side, in the menu's order. Its texts live in one row
 * per language (custom_page_versions) rather than in localized JSON fields: a slug is unique per event and language,
 * which a unique index can then hold, and the public page and the menu of one language are a plain indexed lookup.
 * The page itself stays one item, so its place in the menu and its deletion are the same in every language, and a
 * visitor switching language stays on it.
 */
export const customPages = pgTable("custom_pages", { ...orderedContentColumns() }, (table) => [
  positionIndex("custom_pages_event_position", table),
]);

export const customPageVersions = pgTable(
  "custom_page_versions",
  {
    pageId: uuid("page_id")
      .notNull()
      .references(() => customPages.id, { onDelete: "cascade" }),
    /** The page's event, copied here for the unique slug per event and language. */
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    /** Empty: the menu shows the title. */
    menuTitle: text("menu_title").notNull().default(""),
    inMenu: boolean("in_menu").notNull().default(true),
    /** Sanitized HTML (custom-pages.sanitize.ts), as visitors get it. */
    body: text("body").notNull().default(""),
  },
  (table) => [
    primaryKey({ columns: [table.pageId, table.language] }),
    uniqueIndex("custom_page_versions_slug").on(table.eventId, table.language, table.slug),
  ],
);
