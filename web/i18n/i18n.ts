import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { type Language, languages } from "../../contract/languages";
import { loadChunk } from "../app/lazy-page";

/**
 * Each language's catalogue is a chunk of its own, fetched when a page first needs that language: a guest reads
 * one language, and each catalogue weighs as much as a page's code.
 */
const catalogueChunks: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import("./en.json"),
  fr: () => import("./fr.json"),
  es: () => import("./es.json"),
};

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
  // for a page in another.
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const hasCatalogue = (language: Language) => i18n.hasResourceBundle(language, "translation");

const loadingCatalogues = new Map<Language, Promise<void>>();

/** Fetches a language's catalogue once; a failed fetch (ChunkLoadError) is tried again at the next call. */
export function loadCatalogue(language: Language): Promise<void> {
  let loading = loadingCatalogues.get(language);
  if (!loading) {
    loading = loadChunk(catalogueChunks[language]).then((chunk) => {
      i18n.addResourceBundle(language, "translation", chunk.default);
    });
    loading.catch(() => loadingCatalogues.delete(language));
    loadingCatalogues.set(language, loading);
  }
  return loading;
}

export default i18n;
