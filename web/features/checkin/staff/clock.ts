/** "14:05": a check-in's time at the event's place, as staff at the door read their watches. */
export function clockTime(iso: string, language: string, timezone: string) {
  return new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit", timeZone: timezone }).format(
    new Date(iso),
  );
}
