import { z } from "zod";
import { commaList, idSchema, languageSchema, listOf } from "./common.js";
import { contentReorderBody } from "./ordered-content.js";

/** A start or end time: an instant, sent in UTC (or with its offset), shown in the event's timezone. */
const instant = z.iso.datetime({ offset: true, error: "DATE_INVALID" });
const text = (max: number) => z.string().trim().max(max);

/**
 * SPEC §3 Program section, as an organizer saves it (a creation and an update send the whole section). A section is
 * written in one of the event's languages and listed with that language's sections.
 */
export const programBody = z
  .object({
    /** One of the event's languages, else a field error (checked against the event on the server). */
    language: languageSchema,
    title: text(200).min(1, "FIELD_REQUIRED"),
    startsAt: instant.nullable().default(null),
    endsAt: instant.nullable().default(null),
    location: text(200).default(""),
    /** Plain text; line breaks are kept. */
    description: text(5000).default(""),
    /** The event's speakers who take part, in this order. */
    speakerIds: z.array(idSchema).max(100).default([]),
  })
  .refine((body) => !body.startsAt || !body.endsAt || new Date(body.endsAt) > new Date(body.startsAt), {
    message: "PROGRAM_ENDS_BEFORE_START",
    path: ["endsAt"],
  })
  .refine((body) => new Set(body.speakerIds).size === body.speakerIds.length, {
    message: "FIELD_INVALID",
    path: ["speakerIds"],
  });
export type ProgramBody = z.input<typeof programBody>;

/** What a list may add to each section: `speakers`, each speaker's name, job and photo id (what a public page shows). */
export const programExpansions = ["speakers"] as const;
/** SPEC §7: the list takes only the language; it answers that language's sections in their order. */
export const programListQuery = z.object({ language: languageSchema, expand: commaList(z.enum(programExpansions)) });
/** The new order of one language's sections: every section of the event in that language, each once. */
export const programReorderBody = contentReorderBody.extend({ language: languageSchema });

export const programSpeakerSchema = z.object({
  id: z.string(),
  name: z.string(),
  job: z.string(),
  company: z.string(),
  photoImageId: z.string().nullable(),
});
export type ProgramSpeaker = z.infer<typeof programSpeakerSchema>;

export const programSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  language: languageSchema,
  position: z.number().int(),
  title: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  location: z.string(),
  description: z.string(),
  speakerIds: z.array(z.string()),
  /** Only with `expand=speakers`, in the order of `speakerIds`. */
  speakers: z.array(programSpeakerSchema).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Program = z.infer<typeof programSchema>;
export const programList = listOf(programSchema);

/** A section as the public page shows it, in the page's language, with its speakers' names. */
export const publicProgramSchema = programSchema
  .pick({ id: true, title: true, startsAt: true, endsAt: true, location: true, description: true })
  .extend({ speakers: z.array(programSpeakerSchema.pick({ id: true, name: true, job: true, company: true })) });
export type PublicProgram = z.infer<typeof publicProgramSchema>;
