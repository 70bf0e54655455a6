import { useTranslation } from "react-i18next";
import { useContentEvent } from "../ContentLayout";

/** A document's language choices: every language ("" stands for none), then each of the event's. */
export function useLanguageOptions() {
  const { t } = useTranslation();
  const event = useContentEvent();
  return [
    { value: "", label: t("content.documents.allLanguages") },
    ...event.languages.map((language) => ({ value: language, label: t(`events.languages.${language}`) })),
  ];
}
