import { createHash } from "node:crypto";
import type { AppContext } from "../../platform/context.js";
import type { Language } from "../../platform/language.js";
import { localizedText } from "../events/events.values.js";
import { type EventRow, requirePublicEvent } from "../events/events.visibility.js";

/**
 * "Add to calendar" from the public event page (issue 21): the event as an iCalendar file (RFC 5545) that calendar
 * apps import, timed events in UTC and all-day events as dates.
 */

const productId = "-//Eventdesk//Public event page//EN";

/** Calendar apps show a few lines of it; the page holds the rest. */
const maxDescription = 1000;

/** The RFC 5545 limit of a content line, line break excluded. */
const maxLineOctets = 75;

/** TEXT values: backslash, semicolon and comma escaped, every kind of line break written `\n`. */
export function escapeText(text: string): string {
  return text.replace(/\r\n|[\r\n\\;,]/g, (match) =>
    match === "\\" || match === ";" || match === "," ? `\\${match}` : "\\n",
  );
}

/**
 * Folds a content line into lines of at most 75 octets, each continuation starting with a space. It cuts between
 * characters (code points), never inside one's UTF-8 bytes, so every folded line is valid UTF-8 on its own.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    if (octets + size > maxLineOctets) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n");
}

/** A whole iCalendar object: each content line folded, CRLF after every one. */
export function icalendar(lines: string[]): string {
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** 2030-06-05T17:00:00.000Z → 20300605T170000Z. */
const utcDateTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The calendar date an instant falls on in a timezone, as RFC 5545 writes a DATE (YYYYMMDD). */
function localDate(instant: Date, timezone: string): string {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return format.format(instant).replaceAll("-", "");
}

type EventDates = Pick<EventRow, "startsAt" | "endsAt" | "allDay" | "timezone">;

function nextDay(date: string): string {
  const day = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)) + 1));
  return day.toISOString().slice(0, 10).replaceAll("-", "");
}

/**
 * An all-day event's days in its own timezone, the end exclusive (RFC 5545): the day after the last. The organizer's
 * form ends the last day at 23:59:59; an end at midnight sharp is read as exclusive already, so one millisecond
 * before it names the last day. Without an end, the event lasts its start day.
 */
function allDayDates(event: EventDates) {
  const start = localDate(event.startsAt, event.timezone);
  const { endsAt } = event;
  const lastDay = endsAt && endsAt > event.startsAt ? localDate(new Date(endsAt.getTime() - 1), event.timezone) : start;
  return { start, end: nextDay(lastDay) };
}

/**
 * DTSTART and DTEND. A timed event without an end gets no DTEND, which RFC 5545 reads as ending when it starts, rather
 * than an end the organizer never gave.
 */
function dateLines(event: EventDates): string[] {
  if (event.allDay) {
    const { start, end } = allDayDates(event);
    return [`DTSTART;VALUE=DATE:${start}`, `DTEND;VALUE=DATE:${end}`];
  }
  return [`DTSTART:${utcDateTime(event.startsAt)}`, ...(event.endsAt ? [`DTEND:${utcDateTime(event.endsAt)}`] : [])];
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The description as plain text: tags out (a block's end or a <br> as a line break), entities read, spaces within a
 * line collapsed, at most one blank line in a row, shortened at a word past `maxDescription` characters.
 */
export function plainDescription(text: string): string {
  const plain = text
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|blockquote)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, name: string) => {
      if (name[0] !== "#") return entities[name.toLowerCase()] ?? match;
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    })
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  const characters = Array.from(plain);
  if (characters.length <= maxDescription) return plain;
  const cut = characters.slice(0, maxDescription - 1).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${(atWord.length > maxDescription / 2 ? atWord : cut).trimEnd()}…`;
}

/**
 * The event's iCalendar file, in the asked language (404 when the public cannot see the event). Its UID stays the same
 * for the event, so importing it again updates the entry rather than adding one; it is derived from the event's id,
 * which the public side never shows.
 */
export async function publicEventCalendar(context: AppContext, slug: string, language: Language): Promise<string> {
  const event = await requirePublicEvent(context.db, slug);
  const { publicUrl } = context.config;
  const uid = createHash("sha256").update(event.id).digest("hex").slice(0, 32);
  const location = [event.venueName, event.address, event.country].filter(Boolean).join(", ");
  const description = plainDescription(localizedText(event.description, language, event.preferredLanguage));
  return icalendar([
    "BEGIN:VCALENDAR",
    `PRODID:${productId}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${uid}@${new URL(publicUrl).hostname}`,
    `DTSTAMP:${utcDateTime(new Date())}`,
    ...dateLines(event),
    `SUMMARY:${escapeText(event.name)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    `URL:${publicUrl}/${language}/${event.slug}`,
    ...(event.latitude !== null && event.longitude !== null ? [`GEO:${event.latitude};${event.longitude}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ]);
}
