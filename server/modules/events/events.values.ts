import type { Language } from "../../../contract/common.js";
import type { Event, EventAccess, EventCreateBody, EventSummary, EventUpdateBody } from "../../../contract/events.js";
import { fieldError } from "../../platform/errors.js";
import { isLanguage } from "../../platform/language.js";
import type { events, LocalizedText } from "./events.tables.js";
import type { EventRow } from "./events.visibility.js";

export type EventValues = Partial<typeof events.$inferInsert>;
type EventFields = Omit<EventUpdateBody, "slug" | "archived"> | Omit<EventCreateBody, "slug">;

/** Turns the fields a body carries into column values; absent fields stay absent so they keep their current value. */
export function columnValues(body: EventFields): EventValues {
  const { startsAt, endsAt, registrationClosesAt, languages, timezone, customDomains, ...rest } = body;
  const values: EventValues = { ...rest };
  if (startsAt !== undefined) values.startsAt = new Date(startsAt);
  if (endsAt !== undefined) values.endsAt = endsAt === null ? null : new Date(endsAt);
  if (registrationClosesAt !== undefined)
    values.registrationClosesAt = registrationClosesAt === null ? null : new Date(registrationClosesAt);
  if (languages !== undefined) values.languages = [...new Set(languages)];
  if (customDomains !== undefined) values.customDomains = [...new Set(customDomains)];
  if (timezone !== undefined) values.timezone = canonicalTimezone(timezone);
  return values;
}

/**
 * The IANA name of a timezone, as both the browser and the database know it. Anything else would make the status of
 * the event (computed in SQL with its timezone) fail, so it is refused on the way in.
 */
export function canonicalTimezone(timezone: string): string {
  if (/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(timezone)) {
    try {
      const resolved = new Intl.DateTimeFormat("en", { timeZone: timezone }).resolvedOptions().timeZone;
      // Fixes the case ("europe/paris") but keeps an alias as chosen ("America/Montreal", not "America/Toronto").
      return resolved.toLowerCase() === timezone.toLowerCase() ? resolved : timezone;
    } catch {
      // falls through to the field error
    }
  }
  throw fieldError("timezone", "FIELD_INVALID");
}

/**
 * Checks the rules that span several fields on the values an event will have once written (stored values merged
 * with the change), so changing only one date cannot slip an end before the start.
 */
export function checkEventValues(merged: EventValues, explicitPreferredLanguage: boolean): EventValues {
  const { startsAt, endsAt, languages, preferredLanguage } = merged;
  if (startsAt && endsAt && endsAt < startsAt) throw fieldError("endsAt", "EVENT_END_BEFORE_START");
  if (!languages || !preferredLanguage || languages.includes(preferredLanguage)) return {};
  // A preferred language the event no longer offers: refused when typed, quietly moved when left as it was.
  if (explicitPreferredLanguage) throw fieldError("preferredLanguage", "FIELD_INVALID");
  return { preferredLanguage: languages[0] };
}

/** Compares JSON values whatever the key order (jsonb reorders object keys). */
export function sameValue(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([x], [y]) => x.localeCompare(y)))
      : item,
  );
}

/** The fields whose new value differs from the stored one, with both sides for the audit log. */
export function changedValues(current: EventValues, next: EventValues) {
  const keys = (Object.keys(next) as (keyof EventValues)[]).filter((key) => !sameValue(current[key], next[key]));
  return {
    keys,
    before: Object.fromEntries(keys.map((key) => [key, current[key]])),
    after: Object.fromEntries(keys.map((key) => [key, next[key]])),
  };
}

/** The description in the reader's language, else in the event's preferred one, else any written one. */
export function localizedText(text: LocalizedText, language: Language, preferred: string): string {
  const written = (candidate: unknown) => (typeof candidate === "string" && candidate.trim() ? candidate : undefined);
  return (
    written(text[language]) ??
    (isLanguage(preferred) ? written(text[preferred]) : undefined) ??
    Object.values(text).map(written).find(Boolean) ??
    ""
  );
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export type EventSummaryRow = Pick<EventRow, keyof EventSummary & keyof EventRow>;

export function toEventSummary(row: EventSummaryRow): EventSummary {
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    slug: row.slug,
    startsAt: row.startsAt.toISOString(),
    endsAt: iso(row.endsAt),
    allDay: row.allDay,
    timezone: row.timezone,
    venueName: row.venueName,
    archived: row.archived,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toEvent(row: EventRow, language: Language, access?: EventAccess): Event {
  return {
    ...toEventSummary(row),
    address: row.address,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    registrationClosesAt: iso(row.registrationClosesAt),
    maxAttendees: row.maxAttendees,
    maxCompanions: row.maxCompanions,
    languages: row.languages.filter(isLanguage),
    preferredLanguage: isLanguage(row.preferredLanguage) ? row.preferredLanguage : "en",
    socialUrls: Object.fromEntries(Object.entries(row.socialUrls).filter(([, url]) => typeof url === "string")),
    description: row.description,
    localizedDescription: localizedText(row.description, language, row.preferredLanguage),
    retentionDays: row.retentionDays,
    customDomains: row.customDomains,
    whiteLabel: row.whiteLabel,
    modules: row.modules,
    maxOfflineCheckins: row.maxOfflineCheckins,
    ratingMax: row.ratingMax,
    attendeesListPublic: row.attendeesListPublic,
    bannerImageId: row.bannerImageId,
    faviconImageId: row.faviconImageId,
    logoImageId: row.logoImageId,
    partnersImageId: row.partnersImageId,
    params: row.params,
    updatedAt: row.updatedAt.toISOString(),
    ...(access && { access }),
  };
}
