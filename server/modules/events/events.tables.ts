import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts, teams } from "../accounts/accounts.tables.js";
import { users } from "../auth/auth.tables.js";

/** Text organizers write in several languages: `{ fr, en, es }`, any of them optional. */
export type LocalizedText = Partial<Record<"fr" | "en" | "es", string>>;
export type SocialUrls = Partial<Record<"facebook" | "twitter" | "linkedin" | "youtube" | "instagram", string>>;
export type EventWhiteLabel = { event: boolean; mails: boolean; campaigns: boolean };
export type EventModules = { multilang: boolean; ebadge: boolean; misc: boolean; singleImagePartners: boolean };

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The event's URL slug: unique on the platform, fixed once created. */
    slug: text("slug").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    allDay: boolean("all_day").notNull().default(false),
    timezone: text("timezone").notNull().default("Europe/Paris"),
    venueName: text("venue_name"),
    address: text("address"),
    country: text("country"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    registrationClosesAt: timestamp("registration_closes_at", { withTimezone: true }),
    /** Null means unlimited. */
    maxAttendees: integer("max_attendees"),
    maxCompanions: integer("max_companions").notNull().default(0),
    languages: jsonb("languages").$type<string[]>().notNull().default(["fr", "en"]),
    preferredLanguage: text("preferred_language").notNull().default("en"),
    socialUrls: jsonb("social_urls").$type<SocialUrls>().notNull().default({}),
    description: jsonb("description").$type<LocalizedText>().notNull().default({}),
    archived: boolean("archived").notNull().default(false),
    retentionDays: integer("retention_days"),
    customDomains: jsonb("custom_domains").$type<string[]>().notNull().default([]),
    whiteLabel: jsonb("white_label")
      .$type<EventWhiteLabel>()
      .notNull()
      .default({ event: false, mails: false, campaigns: false }),
    modules: jsonb("modules")
      .$type<EventModules>()
      .notNull()
      .default({ multilang: true, ebadge: true, misc: true, singleImagePartners: false }),
    maxOfflineCheckins: integer("max_offline_checkins").notNull().default(3),
    ratingMax: integer("rating_max").notNull().default(5),
    /** The public attendees list, shown to the event's signed-in guests only. */
    attendeesListPublic: boolean("attendees_list_public").notNull().default(false),
    /**
     * The banner, favicon, logo and partners image (the partners as one picture, shown instead of their list while the
     * singleImagePartners module is on): ids of the event's own images, checked when saved. No foreign key: the images
     * module sits above this one (its table references events), and an image lives as long as its event.
     */
    bannerImageId: uuid("banner_image_id"),
    faviconImageId: uuid("favicon_image_id"),
    logoImageId: uuid("logo_image_id"),
    partnersImageId: uuid("partners_image_id"),
    /** Free parameters copied from the account's default event params, then edited per event. */
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("events_slug_unique").on(table.slug),
    index("events_account_starts").on(table.accountId, table.startsAt),
    index("events_name_search").on(sql`lower(${table.name})`),
  ],
);

/**
 * The custom domain names of events, one row each beside `events.custom_domains` (the list as the organizer ordered
 * it): the key keeps a domain to one event even when two organizers save at once, and a page request finds the event
 * of its host by it.
 */
export const eventDomains = pgTable(
  "event_domains",
  {
    domain: text("domain").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
  },
  (table) => [index("event_domains_event").on(table.eventId)],
);

/** Organizers given access to an event one by one. */
export const eventAdministrators = pgTable(
  "event_administrators",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId] }),
    index("event_administrators_user").on(table.userId),
  ],
);

/** Teams given access to an event: every member of the team gets it. */
export const eventTeams = pgTable(
  "event_teams",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.teamId] }), index("event_teams_team").on(table.teamId)],
);
