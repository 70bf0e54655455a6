import { z } from "zod";
import { commaList, idSchema, listOf, localizedTextSchema, optionalWebAddress } from "./common.js";
import { imageSchema } from "./images.js";

/** SPEC §3 Partner, as an organizer saves it (a creation and an update send the whole partner). */
export const partnerBody = z.object({
  name: z.string().trim().min(1, "FIELD_REQUIRED").max(200),
  /** Where the logo leads: the partner's site. */
  link: optionalWebAddress(500).default(""),
  /** One of the event's images (JPEG, PNG or WebP, like its banner). */
  logoImageId: idSchema.nullable().default(null),
  /** The logo's width on the page in pixels; null: its own width, within the page's. */
  width: z
    .number()
    .int("NUMBER_INVALID")
    .min(20, "NUMBER_TOO_SMALL")
    .max(1200, "NUMBER_TOO_BIG")
    .nullable()
    .default(null),
  /** The logo's alternate text in each of the event's languages (what a screen reader says of it). */
  altText: localizedTextSchema.default({}),
});

/** What a list may add to each partner: `logo`, the logo with its resized copies (what a public page shows). */
export const partnerExpansions = ["logo"] as const;
export const partnerListQuery = z.object({ expand: commaList(z.enum(partnerExpansions)) });

export const partnerSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  position: z.number().int(),
  name: z.string(),
  link: z.string(),
  logoImageId: z.string().nullable(),
  width: z.number().int().nullable(),
  altText: localizedTextSchema,
  /** Only with `expand=logo`. */
  logo: imageSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;
export const partnerList = listOf(partnerSchema);
