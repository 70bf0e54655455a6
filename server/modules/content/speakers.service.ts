import type { z } from "zod";
import type { Speaker, speakerBody } from "../../../contract/speakers.js";
import { imageExpansion } from "./ordered-content.js";
import { orderedContentService } from "./ordered-content.service.js";
import { speakers } from "./speakers.tables.js";

/* SPEC §7 speakers: an event's speakers, an ordered content list (ordered-content.service.ts). */

type SpeakerRow = typeof speakers.$inferSelect;
type SpeakerValues = z.output<typeof speakerBody>;

export const speakersService = orderedContentService<SpeakerRow, SpeakerValues, Speaker>({
  kind: "speaker",
  table: speakers,
  notReordered: "SPEAKERS_NOT_REORDERED",
  image: { field: "photoImageId", of: (item) => item.photoImageId },
  expansions: { photo: imageExpansion((row) => row.photoImageId) },
  view: (row) => ({
    id: row.id,
    eventId: row.eventId,
    position: row.position,
    name: row.name,
    job: row.job,
    company: row.company,
    biography: row.biography,
    photoImageId: row.photoImageId,
    socialUrls: row.socialUrls,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  audited: (row) => ({
    name: row.name,
    job: row.job,
    company: row.company,
    biography: row.biography,
    photoImageId: row.photoImageId,
    socialUrls: row.socialUrls,
  }),
  columns: (values) => ({
    ...values,
    socialUrls: {
      twitter: values.socialUrls.twitter ?? "",
      facebook: values.socialUrls.facebook ?? "",
      linkedin: values.socialUrls.linkedin ?? "",
    },
  }),
});
