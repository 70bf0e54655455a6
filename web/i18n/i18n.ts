import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { type Language, languages } from "../../contract/languages";

/** Any language other than fr or es reads the English catalogue (SPEC §1). */
export function toLanguage(value: string | undefined | null): Language {
  const primary = value?.toLowerCase().split("-")[0];
  return (languages as readonly string[]).includes(primary ?? "") ? (primary as Language) : "en";
}

export function browserLanguage(): Language {
  return toLanguage(navigator.languages?.[0] ?? navigator.language);
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: toLanguage(document.documentElement.lang || navigator.language),
  // Every catalogue holds every key (catalogues.test.ts): no language falls back on another, so none is fetched
  // for a page in another (web/ui/catalogues.ts fetches them).
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
