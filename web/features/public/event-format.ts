import type { Language } from "../../../contract/common";
import type { PublicEvent } from "../../../contract/public";

type EventDates = Pick<PublicEvent, "startsAt" | "endsAt" | "allDay" | "timezone">;

/**
 * The event's dates as its guests expect them: in the event's own timezone (a guest abroad still reads the local
 * time of the venue), in the page's language, one range when it ends.
 */
export function formatEventDates(event: EventDates, language: Language): string {
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: "full",
    ...(!event.allDay && { timeStyle: "short" }),
    timeZone: event.timezone,
  });
  const start = new Date(event.startsAt);
  if (!event.endsAt) return format.format(start);
  return format.formatRange(start, new Date(event.endsAt));
}

/** OpenStreetMap at the venue's coordinates when the organizer set them, else a search on the address. */
export function mapUrl(event: Pick<PublicEvent, "latitude" | "longitude" | "address" | "venueName" | "country">) {
  if (event.latitude !== null && event.longitude !== null) {
    const { latitude: lat, longitude: lon } = event;
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  const place = [event.venueName, event.address, event.country].filter(Boolean).join(", ");
  return place ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}` : null;
}
