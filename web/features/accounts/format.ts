import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** Dates and times in the interface language, in the browser's time zone. */
export function useFormatDateTime() {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
    [i18n.language],
  );
}

/** An invited organizer may have no name yet: the address stands in for it. */
export function personName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
