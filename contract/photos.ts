import { z } from "zod";
import { commaList, listOf, localizedTextSchema } from "./common.js";
import { imageSchema, imageVariantSchema } from "./images.js";

/**
 * SPEC §3 Photo, as an organizer captions it: a caption per language, optional, which the public gallery shows under
 * the photo and reads out as its alternate text.
 */
export const photoBody = z.object({
  caption: z
    .object({
      fr: z.string().trim().max(500).optional(),
      en: z.string().trim().max(500).optional(),
      es: z.string().trim().max(500).optional(),
    })
    .default({}),
});
export type PhotoBody = z.input<typeof photoBody>;

/** What a list may add to each photo: `image`, its size and resized copies (the back office's thumbnails). */
export const photoExpansions = ["image"] as const;
export const photoListQuery = z.object({ expand: commaList(z.enum(photoExpansions)) });

export const photoSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  position: z.number().int(),
  /** The event's image (purpose `photo`) holding the bytes and the resized copies. */
  imageId: z.string(),
  caption: localizedTextSchema,
  /** With `expand=image`, and in an upload's answer. */
  image: imageSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;
export const photoList = listOf(photoSchema);

/** A photo of the public gallery, in the visitor's language. */
export const publicPhotoSchema = z.object({
  id: z.string(),
  /** The caption in the visitor's language, else the event's preferred one, else any; "" when there is none. */
  caption: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The largest JPEG/PNG copy. */
  url: z.string(),
  /** Every resized copy (320, 640 and 1280 px wide at most, JPEG/PNG and WebP): a thumbnail's srcset, the lightbox's. */
  variants: z.array(imageVariantSchema),
});
export type PublicPhoto = z.infer<typeof publicPhotoSchema>;
