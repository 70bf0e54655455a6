import { integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../events/events.tables.js";
import { images } from "../images/images.tables.js";
import { orderedContentColumns, positionIndex } from "./ordered-content.js";

/** SPEC §3 Partner: a sponsor or exhibitor whose logo the event's public page shows, in the organizer's order. */
export const partners = pgTable(
  "partners",
  {
    ...orderedContentColumns(),
    name: text("name").notNull(),
    link: text("link").notNull().default(""),
    /** The image stays the event's when the partner goes; deleting the image leaves the partner without a logo. */
    logoImageId: uuid("logo_image_id").references(() => images.id, { onDelete: "set null" }),
    width: integer("width"),
    altText: jsonb("alt_text").$type<LocalizedText>().notNull().default({}),
  },
  (table) => [positionIndex("partners_event_position", table)],
);
