import { z } from "zod";
import { publicImageSchema } from "./public.js";

/*
 * An event's content as its public page shows it (issue 21): everything in one answer, in the page's language, so a
 * phone makes one request for the whole page. Only what a visitor sees: no positions, dates or image ids.
 */

export const publicSpeakerSchema = z.object({
  id: z.string(),
  name: z.string(),
  job: z.string(),
  company: z.string(),
  /** Plain text in the page's language, else the event's preferred language, else any written one. */
  biography: z.string(),
  photo: publicImageSchema.nullable(),
  /** Only the networks the speaker has a link for. */
  socialUrls: z.object({ twitter: z.string(), facebook: z.string(), linkedin: z.string() }).partial(),
});
export type PublicSpeaker = z.infer<typeof publicSpeakerSchema>;

export const publicPartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The partner's site, or "" when the logo leads nowhere. */
  link: z.string(),
  /** The logo's width on the page in pixels; null: its own, within the page's. */
  width: z.number().int().nullable(),
  /** The logo's alternate text in the page's language (with the biography's fallback), else the partner's name. */
  altText: z.string(),
  logo: publicImageSchema.nullable(),
});
export type PublicPartner = z.infer<typeof publicPartnerSchema>;

export const publicContentSchema = z.object({
  speakers: z.array(publicSpeakerSchema),
  /** Empty when the event shows its partners as one image (`partnersImage`). */
  partners: z.array(publicPartnerSchema),
});
export type PublicContent = z.infer<typeof publicContentSchema>;
