import { jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../events/events.tables.js";
import { images } from "../images/images.tables.js";
import { orderedContentColumns, positionIndex } from "./ordered-content.js";

export type SpeakerSocialUrls = { twitter: string; facebook: string; linkedin: string };

/** SPEC §3 Speaker: someone who speaks at the event, shown on its public page in the organizer's order. */
export const speakers = pgTable(
  "speakers",
  {
    ...orderedContentColumns(),
    name: text("name").notNull(),
    job: text("job").notNull().default(""),
    company: text("company").notNull().default(""),
    biography: jsonb("biography").$type<LocalizedText>().notNull().default({}),
    /** The image stays the event's when the speaker goes; deleting the image leaves the speaker without a photo. */
    photoImageId: uuid("photo_image_id").references(() => images.id, { onDelete: "set null" }),
    socialUrls: jsonb("social_urls")
      .$type<SpeakerSocialUrls>()
      .notNull()
      .default({ twitter: "", facebook: "", linkedin: "" }),
  },
  (table) => [positionIndex("speakers_event_position", table)],
);
