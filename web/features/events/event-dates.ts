import type { TFunction } from "i18next";

/**
 * Dates travel as UTC ISO strings, but organizers think in the event's own time zone: the pickers show and take the
 * wall-clock time of that zone (`YYYY-MM-DD HH:mm:ss`, the Mantine dates format), converted here both ways.
 */

/** What every picker of an event's date and time says, in the reader's language, and the format it shows. */
export function dateTimePickerLabels(t: TFunction) {
  return {
    previousLabel: t("common.previous"),
    nextLabel: t("common.next"),
    valueFormat: "D MMM YYYY HH:mm",
    clearable: true,
    timePickerProps: { hoursInputLabel: t("events.fields.hours"), minutesInputLabel: t("events.fields.minutes") },
    submitButtonProps: { "aria-label": t("common.confirm") },
  };
}

/** Zones offered first; the browser's and the event's own zone are added when missing. */
export const commonTimeZones = [
  "Europe/Paris",
  "Europe/London",
  "Europe/Madrid",
  "Europe/Brussels",
  "Europe/Berlin",
  "Europe/Rome",
  "Europe/Lisbon",
  "Europe/Zurich",
  "Europe/Amsterdam",
  "Atlantic/Canary",
  "Africa/Casablanca",
  "Africa/Abidjan",
  "Africa/Dakar",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Toronto",
  "America/Montreal",
  "America/Mexico_City",
  "America/Bogota",
  "America/Lima",
  "America/Santiago",
  "America/Argentina/Buenos_Aires",
  "America/Sao_Paulo",
  "America/Martinique",
  "America/Guadeloupe",
  "America/Cayenne",
  "Indian/Reunion",
  "Indian/Mayotte",
  "Pacific/Noumea",
  "Pacific/Tahiti",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Shanghai",
  "Asia/Tokyo",
  "Australia/Sydney",
  "UTC",
];

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** "Europe/Paris (GMT+01:00)" — the offset now, which is what an organizer recognises. */
export function timeZoneOptions(extra: (string | undefined)[] = []) {
  const zones = [...new Set([...commonTimeZones, ...extra.filter((zone): zone is string => !!zone)])];
  return zones.map((zone) => ({ value: zone, label: `${zone.replaceAll("_", " ")} (${currentOffset(zone)})` }));
}

function currentOffset(zone: string): string {
  try {
    const part = new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? "GMT";
  } catch {
    return "GMT";
  }
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>();
function wallFormatter(zone: string) {
  let formatter = wallFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `zone` at an instant, as `YYYY-MM-DD HH:mm:ss`. */
export function toWallTime(instant: string | Date, zone: string): string {
  const parts = Object.fromEntries(
    wallFormatter(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

function wallTimeAsUtc(wall: string): number {
  const [date = "", time = "00:00:00"] = wall.trim().split(/[ T]/);
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0, second = 0] = time.split(":").map(Number);
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** How far `zone` is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  return wallTimeAsUtc(toWallTime(new Date(instant), zone)) - instant;
}

/**
 * The UTC ISO instant of a wall-clock time in `zone`. The offset is checked a second time at the result so that a
 * time next to a daylight-saving change lands on the right side of it.
 */
export function fromWallTime(wall: string, zone: string): string {
  const guess = wallTimeAsUtc(wall);
  const first = guess - offsetAt(guess, zone);
  const second = guess - offsetAt(first, zone);
  return new Date(second).toISOString();
}

type EventDates = { startsAt: string; endsAt: string | null; allDay: boolean; timezone: string };

/** "5 Jun 2026, 19:00 – 23:00 CEST", in the interface language and the event's zone. */
export function formatEventDates(event: EventDates, language: string): string {
  const options: Intl.DateTimeFormatOptions = event.allDay
    ? { timeZone: event.timezone, year: "numeric", month: "short", day: "numeric", weekday: "short" }
    : {
        timeZone: event.timezone,
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      };
  const format = new Intl.DateTimeFormat(language, options);
  const start = new Date(event.startsAt);
  return event.endsAt ? format.formatRange(start, new Date(event.endsAt)) : format.format(start);
}
