import { z } from "zod";
import { emailSchema, languageSchema, listOf, listQuery } from "./common.js";
import { publicFontSchema } from "./fonts.js";
import { customFieldTypeSchema, guestStatusSchema } from "./guests.js";
import { imageSchema } from "./images.js";

/**
 * The public side of an event (SPEC §2 "Public event page"): what anyone may read of it, and the member area where a
 * guest signed in by an emailed link sees their own registration. Nothing here ever carries another guest's data.
 */

export const publicEventParams = z.object({ slug: z.string().min(1).max(100) });

/** `lang` wins over Accept-Language; anything but fr or es reads English (SPEC §1). */
export const publicEventQuery = z.object({ lang: z.string().max(20).optional() });

/** Which public pages of the event exist, so the event page links only to those. */
export const publicModulesSchema = z.object({
  registration: z.boolean(),
  survey: z.boolean(),
  contact: z.boolean(),
  attendees: z.boolean(),
  memberArea: z.boolean(),
});
export type PublicModules = z.infer<typeof publicModulesSchema>;

/** One of the page's pictures: its size (to reserve its place) and its resized copies, to pick from by width. */
export const publicImageSchema = imageSchema.pick({ width: true, height: true, url: true, variants: true });
export type PublicImage = z.infer<typeof publicImageSchema>;

export const publicEventSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** UTC ISO dates; `timezone` is the one to show them in. */
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  allDay: z.boolean(),
  timezone: z.string(),
  venueName: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Plain text written by the organizer, in the asked language when written in it. */
  description: z.string(),
  languages: z.array(languageSchema),
  preferredLanguage: languageSchema,
  socialUrls: z.record(z.string(), z.string()),
  maxCompanions: z.number().int(),
  modules: publicModulesSchema,
  /** The event's white label "event" (SPEC §3): its public pages carry no platform branding. */
  whiteLabel: z.boolean(),
  /**
   * The event's multilang module (SPEC §3): off, its pages speak only `preferredLanguage`, which is then the one
   * language in `languages`, and a page asked in another language moves to it.
   */
  multilang: z.boolean(),
  /** The account's active fonts, the page's type when there are some (SPEC §3 Font). */
  fonts: z.array(publicFontSchema),
  /** The organizer's banner (the page's cover), logo and favicon, each null when not set. */
  images: z.object({
    banner: publicImageSchema.nullable(),
    logo: publicImageSchema.nullable(),
    favicon: publicImageSchema.nullable(),
  }),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

/** A guest's personal registration link: `?invitation=<token>` on the event page (the token is signed, never stored). */
export const invitationParams = publicEventParams.extend({ token: z.string().min(1).max(200) });
export const invitationSchema = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;

export const memberLinkBody = z.object({ email: emailSchema, language: languageSchema.optional() });
export type MemberLinkBody = z.infer<typeof memberLinkBody>;
export const memberLinkAccepted = z.object({ ok: z.literal(true) });

export const memberSessionBody = z.object({ token: z.string().trim().min(1, "LINK_INVALID").max(200, "LINK_INVALID") });
export const memberSessionSchema = z.object({ sessionToken: z.string() });

export const memberAnswerSchema = z.object({
  fieldId: z.string(),
  name: z.string(),
  type: customFieldTypeSchema,
  /** Choice answers come as their labels, not their ids. */
  value: z.union([z.string(), z.number(), z.array(z.string())]),
});
export type MemberAnswer = z.infer<typeof memberAnswerSchema>;

export const memberRegistrationSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: guestStatusSchema,
  registered: z.boolean(),
  registeredAt: z.string().nullable(),
  companionsExpected: z.number().int(),
  namelessCompanions: z.number().int(),
  companions: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
  answers: z.array(memberAnswerSchema),
});
export type MemberRegistration = z.infer<typeof memberRegistrationSchema>;

export const attendeesQuery = listQuery;
export const attendeeSchema = z.object({ firstName: z.string(), lastName: z.string(), company: z.string() });
export const attendeeList = listOf(attendeeSchema);
export type AttendeeList = z.infer<typeof attendeeList>;
