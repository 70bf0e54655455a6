import { z } from "zod";
import { accountRoleSchema } from "./auth.js";
import {
  domainNameSchema,
  idSchema,
  languageSchema,
  listOf,
  listQuery,
  localizedTextSchema,
  optionalWebAddress,
} from "./common.js";
import { type EventFilter, type EventSort, eventFilters, eventSorts } from "./event-list.js";

/** SPEC §5: lowercase letters, digits, dashes, 3 to 50 characters. */
export const eventSlugPattern = /^[a-z0-9-]{3,50}$/;
/** Paths the platform itself uses: an event named like them would shadow a page (`checkin`: the staff's scanning app). */
export const reservedSlugs = [
  "admin",
  "api",
  "dev",
  "assets",
  "static",
  "fr",
  "en",
  "es",
  "www",
  "docs",
  "health",
  "checkin",
];

/**
 * The pages below an event on its public side, `/{lang}/{event}/{page}`, as web/app/router.tsx mounts them (its test
 * keeps the two alike): the server answers any other path below an event with 404. `pages` holds the custom pages,
 * one level further: `/{event}/pages/{slug}` (publicEventItemPages).
 */
export const publicEventPages = ["member", "attendees", "register", "survey", "contact", "shop", "pages"];

/** The pages of `publicEventPages` that only exist with one more segment naming an item: `/{event}/pages/{slug}`. */
export const publicEventItemPages = ["pages"];

export const eventSlugSchema = z
  .string()
  .trim()
  .min(1, "FIELD_REQUIRED")
  .regex(eventSlugPattern, "EVENT_URL_INVALID")
  .refine((slug) => !reservedSlugs.includes(slug), "EVENT_URL_RESERVED");

/** A missing date is "required"; a malformed one is "Date format is incorrect." */
const isoDate = z.iso.datetime({
  offset: true,
  error: (issue) => (issue.input === undefined ? "FIELD_REQUIRED" : "DATE_INVALID"),
});
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const socialUrl = optionalWebAddress(500);

export const eventFilterSchema = z.enum(eventFilters);
export type { EventFilter, EventSort };
export const eventSortSchema = z.enum(eventSorts);

export const eventListQuery = listQuery.extend({
  filter: eventFilterSchema.default("all"),
  sort: eventSortSchema.default("start_date"),
  query: z.string().trim().max(200).optional(),
});

const eventFields = {
  name: z.string().trim().min(1, "FIELD_REQUIRED").max(200),
  startsAt: isoDate,
  endsAt: isoDate.nullable().optional(),
  allDay: z.boolean().optional(),
  timezone: z.string().trim().min(1).max(64).optional(),
  venueName: optionalText(200),
  address: optionalText(500),
  country: optionalText(100),
  latitude: z.number().min(-90, "NUMBER_TOO_SMALL").max(90, "NUMBER_TOO_BIG").nullable().optional(),
  longitude: z.number().min(-180, "NUMBER_TOO_SMALL").max(180, "NUMBER_TOO_BIG").nullable().optional(),
  registrationClosesAt: isoDate.nullable().optional(),
  /** Null or absent means unlimited. */
  maxAttendees: z.number().int("NUMBER_INVALID").min(1, "NUMBER_TOO_SMALL").max(1_000_000).nullable().optional(),
  maxCompanions: z.number().int("NUMBER_INVALID").min(0, "NUMBER_TOO_SMALL").max(100, "NUMBER_TOO_BIG").optional(),
  languages: z.array(languageSchema).min(1, "FIELD_REQUIRED").optional(),
  preferredLanguage: languageSchema.optional(),
  socialUrls: z
    .object({ facebook: socialUrl, twitter: socialUrl, linkedin: socialUrl, youtube: socialUrl, instagram: socialUrl })
    .partial()
    .optional(),
  description: localizedTextSchema.optional(),
  retentionDays: z.number().int().min(30, "NUMBER_TOO_SMALL").max(3650, "NUMBER_TOO_BIG").nullable().optional(),
  /** Where the event's public page answers besides the platform's address: unique on the platform. */
  customDomains: z.array(domainNameSchema).max(10).optional(),
  whiteLabel: z.object({ event: z.boolean(), mails: z.boolean(), campaigns: z.boolean() }).optional(),
  modules: z
    .object({ multilang: z.boolean(), ebadge: z.boolean(), misc: z.boolean(), singleImagePartners: z.boolean() })
    .optional(),
  maxOfflineCheckins: z.number().int().min(0, "NUMBER_TOO_SMALL").max(1000, "NUMBER_TOO_BIG").optional(),
  ratingMax: z.number().int().min(2, "NUMBER_TOO_SMALL").max(10, "NUMBER_TOO_BIG").optional(),
  /** Signed-in guests of the event may see who else comes (first name, last name, company of confirmed guests). */
  attendeesListPublic: z.boolean().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
};

/**
 * The event's banner (the public page's cover and its link previews' picture), favicon, logo and partners image (the
 * partners shown as one picture while the singleImagePartners module is on) (SPEC §3 Event): each the id of one of the
 * event's own uploaded images, or null. Only on update: an image is uploaded to an existing event.
 */
export const eventImageRoles = ["banner", "favicon", "logo", "partners"] as const;
export type EventImageRole = (typeof eventImageRoles)[number];
const eventImageFields = {
  bannerImageId: idSchema.nullable().optional(),
  faviconImageId: idSchema.nullable().optional(),
  logoImageId: idSchema.nullable().optional(),
  partnersImageId: idSchema.nullable().optional(),
};

/** End after start: checked on create and on every update that touches a date. */
const endsAfterStart = (body: { startsAt?: string; endsAt?: string | null }) =>
  !body.startsAt || !body.endsAt || new Date(body.endsAt) >= new Date(body.startsAt);

export const eventCreateBody = z
  .object({ ...eventFields, slug: eventSlugSchema })
  .refine(endsAfterStart, { message: "EVENT_END_BEFORE_START", path: ["endsAt"] });
export type EventCreateBody = z.infer<typeof eventCreateBody>;

/**
 * Everything but the URL may change; `archived` needs the archive right. `unchangedSince`, the `updatedAt` the editor
 * read, makes the change conditional: an event changed since by someone else is not overwritten (409).
 */
export const eventUpdateBody = z
  .object({
    ...eventFields,
    ...eventImageFields,
    slug: z.string().optional(),
    archived: z.boolean().optional(),
    unchangedSince: z.iso.datetime({ error: "DATE_INVALID" }).optional(),
  })
  .partial()
  .refine(endsAfterStart, { message: "EVENT_END_BEFORE_START", path: ["endsAt"] });
export type EventUpdateBody = z.infer<typeof eventUpdateBody>;

export const eventDuplicateBody = z.object({ name: eventFields.name, slug: eventSlugSchema });

export const eventStatusSchema = z.enum(["upcoming", "in_progress", "past"]);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const eventSummarySchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  slug: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  allDay: z.boolean(),
  timezone: z.string(),
  venueName: z.string().nullable(),
  archived: z.boolean(),
  status: eventStatusSchema,
  createdAt: z.string(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;
export const eventList = listOf(eventSummarySchema);

export const eventAccessSchema = z.object({
  administrators: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      role: accountRoleSchema,
      /** True when given one by one; false when the access comes only from teams. */
      direct: z.boolean(),
      viaTeams: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type EventAccess = z.infer<typeof eventAccessSchema>;

export const eventSchema = eventSummarySchema.extend({
  address: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  registrationClosesAt: z.string().nullable(),
  maxAttendees: z.number().nullable(),
  maxCompanions: z.number(),
  languages: z.array(languageSchema),
  preferredLanguage: languageSchema,
  socialUrls: z.record(z.string(), z.string()),
  description: localizedTextSchema,
  /** The description in the request's language, falling back to the event's preferred language. */
  localizedDescription: z.string(),
  retentionDays: z.number().nullable(),
  customDomains: z.array(z.string()),
  whiteLabel: z.object({ event: z.boolean(), mails: z.boolean(), campaigns: z.boolean() }),
  modules: z.object({
    multilang: z.boolean(),
    ebadge: z.boolean(),
    misc: z.boolean(),
    singleImagePartners: z.boolean(),
  }),
  maxOfflineCheckins: z.number(),
  ratingMax: z.number(),
  attendeesListPublic: z.boolean(),
  bannerImageId: z.string().nullable(),
  faviconImageId: z.string().nullable(),
  logoImageId: z.string().nullable(),
  partnersImageId: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
  /** Present with `expand=access`. */
  access: eventAccessSchema.optional(),
});
export type Event = z.infer<typeof eventSchema>;

export const eventParams = z.object({ account: idSchema, id: idSchema });
export const eventGetQuery = z.object({
  /** Joined by comma; `access` adds who can reach the event. */
  expand: z
    .string()
    .optional()
    .transform((value) => new Set(value?.split(",").map((part) => part.trim()) ?? [])),
});
export const eventAdministratorParams = z.object({ account: idSchema, id: idSchema, adminId: idSchema });
export const eventTeamParams = z.object({ account: idSchema, id: idSchema, teamId: idSchema });
