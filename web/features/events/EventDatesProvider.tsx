import "dayjs/locale/es";
import "dayjs/locale/fr";
import { DatesProvider } from "@mantine/dates";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toLanguage } from "../../i18n/i18n";

/** Month and day names of the pickers follow the interface language; weeks start on Monday except in English. */
export function EventDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = toLanguage(i18n.language);
  return <DatesProvider settings={{ locale, firstDayOfWeek: locale === "en" ? 0 : 1 }}>{children}</DatesProvider>;
}
