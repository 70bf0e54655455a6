import { z } from "zod";
import { customPageMenuEntrySchema } from "./custom-pages.js";
import { publicDocumentSchema } from "./documents.js";
import { publicPhotoSchema } from "./photos.js";
import { publicProgramSchema } from "./programs.js";
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
  /** The one image of every partner, shown instead of their list while the single-image partners module is on. */
  partnersImage: publicImageSchema.nullable(),
  /** The sections written in the page's language, in order. */
  program: z.array(publicProgramSchema),
  /** The documents of the page's language and those of every language; none while the misc module is off. */
  documents: z.array(publicDocumentSchema),
  /** None while the misc module is off. */
  photos: z.array(publicPhotoSchema),
  /** The custom pages of the event's menu in the page's language; none while its misc module is off. */
  pages: z.array(customPageMenuEntrySchema),
});
export type PublicContent = z.infer<typeof publicContentSchema>;
