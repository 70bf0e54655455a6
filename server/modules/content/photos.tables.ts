import { jsonb, pgTable, uuid } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../events/events.tables.js";
import { images } from "../images/images.tables.js";
import { orderedContentColumns, positionIndex } from "./ordered-content.js";

/** SPEC §3 Photo: one of the event's images (purpose `photo`, with its resized copies) in the public gallery. */
export const photos = pgTable(
  "photos",
  {
    ...orderedContentColumns(),
    /** The photo owns its image: deleting the photo deletes it, and the image never outlives the event. */
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    caption: jsonb("caption").$type<LocalizedText>().notNull().default({}),
  },
  (table) => [positionIndex("photos_event_position", table)],
);
