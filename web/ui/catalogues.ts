import type { Language } from "../../contract/languages";
import i18n from "../i18n/i18n";
import { loadChunk } from "./lazy-page";

/**
 * Each language's catalogue is a chunk of its own, fetched when a page first needs that language: a guest reads
 * one language, and each catalogue weighs as much as a page's code.
 */
const catalogueChunks: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import("../i18n/en.json"),
  fr: () => import("../i18n/fr.json"),
  es: () => import("../i18n/es.json"),
};

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
