/**
 * When a section takes place, in the event's time zone and the reader's language: "Fri, Jun 5, 09:00 – 09:30", a start
 * alone, or null for a section without times.
 */
export function formatProgramTime(
  section: { startsAt: string | null; endsAt: string | null },
  zone: string,
  language: string,
): string | null {
  const format = new Intl.DateTimeFormat(language, {
    timeZone: zone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
  const { startsAt, endsAt } = section;
  if (startsAt && endsAt) return format.formatRange(new Date(startsAt), new Date(endsAt));
  const only = startsAt ?? endsAt;
  return only ? format.format(new Date(only)) : null;
}
