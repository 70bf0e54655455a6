import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { type Language, languages } from "../../contract/common";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";

export const catalogues = { en, fr, es } as const;

/** Any language other than fr or es reads the English catalogue (SPEC §1). */
export function toLanguage(value: string | undefined | null): Language {
  const primary = value?.toLowerCase().split("-")[0];
  return (languages as readonly string[]).includes(primary ?? "") ? (primary as Language) : "en";
}

export function browserLanguage(): Language {
  return toLanguage(navigator.languages?.[0] ?? navigator.language);
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, fr: { translation: fr }, es: { translation: es } },
  lng: toLanguage(document.documentElement.lang || navigator.language),
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
