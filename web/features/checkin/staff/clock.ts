/** "14:05": a check-in's time at the event's place, on the 24-hour clock in every language (no AM/PM to misread). */
export function clockTime(iso: string, language: string, timezone: string) {
  return new Intl.DateTimeFormat(language, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: timezone,
  }).format(new Date(iso));
}
