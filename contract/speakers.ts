import { z } from "zod";
import { commaList, idSchema, listOf, localizedTextSchema, optionalWebAddress } from "./common.js";
import { imageSchema } from "./images.js";

const text = (max: number) => z.string().trim().max(max);
const socialUrl = optionalWebAddress(500);

/** SPEC §3 Speaker, as an organizer saves it (a creation and an update send the whole speaker). */
export const speakerBody = z.object({
  name: text(200).min(1, "FIELD_REQUIRED"),
  job: text(200).default(""),
  company: text(200).default(""),
  /** In each of the event's languages, as the event's description. */
  biography: localizedTextSchema.default({}),
  /** One of the event's images (JPEG, PNG or WebP, like its banner). */
  photoImageId: idSchema.nullable().default(null),
  socialUrls: z.object({ twitter: socialUrl, facebook: socialUrl, linkedin: socialUrl }).partial().default({}),
});

/** What a list may add to each speaker: `photo`, the photo with its resized copies (what a public page shows). */
export const speakerExpansions = ["photo"] as const;
export const speakerListQuery = z.object({ expand: commaList(z.enum(speakerExpansions)) });

export const speakerSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  position: z.number().int(),
  name: z.string(),
  job: z.string(),
  company: z.string(),
  biography: localizedTextSchema,
  photoImageId: z.string().nullable(),
  socialUrls: z.object({ twitter: z.string(), facebook: z.string(), linkedin: z.string() }),
  /** Only with `expand=photo`. */
  photo: imageSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Speaker = z.infer<typeof speakerSchema>;
export const speakerList = listOf(speakerSchema);
