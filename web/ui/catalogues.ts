import type { Language } from "../../contract/languages";
import i18n from "../i18n/i18n";
import { loadChunk } from "./lazy-page";

/**
 * Each language's catalogue comes in two parts, each a chunk of its own fetched when a page first needs it: the guest
 * part holds the texts of every page outside the signed-in back office (the event's public pages, the shop, the
 * member area, the check-in app, the sign-in pages, error pages and web/ui's pieces); the organizer part holds the
 * back office's. A guest reads one language, and never downloads the organizer screens' texts, which weigh several
 * times the guest's. Both parts fill the same namespace, so a key is read the same way from either
 * (catalogues.test.ts checks that a guest-facing page only reads keys of the guest part).
 */
export type CataloguePart = "guest" | "organizer";

const catalogueChunks: Record<CataloguePart, Record<Language, () => Promise<{ default: object }>>> = {
  guest: {
    en: () => import("../i18n/guest/en.json"),
    fr: () => import("../i18n/guest/fr.json"),
    es: () => import("../i18n/guest/es.json"),
  },
  organizer: {
    en: () => import("../i18n/organizer/en.json"),
    fr: () => import("../i18n/organizer/fr.json"),
    es: () => import("../i18n/organizer/es.json"),
  },
};

const loadedCatalogues = new Set<string>();
const loadingCatalogues = new Map<string, Promise<void>>();

export const hasCatalogue = (language: Language, part: CataloguePart = "guest") =>
  loadedCatalogues.has(`${part}/${language}`);

/** Fetches one part of a language's catalogue once; a failed fetch (ChunkLoadError) is tried again at the next call. */
export function loadCatalogue(language: Language, part: CataloguePart = "guest"): Promise<void> {
  const name = `${part}/${language}`;
  let loading = loadingCatalogues.get(name);
  if (!loading) {
    loading = loadChunk(catalogueChunks[part][language]).then((chunk) => {
      // Deep and overwriting: the parts share the top-level sections ("app", "ticketing"…), each with its own keys.
      i18n.addResourceBundle(language, "translation", chunk.default, true, true);
      loadedCatalogues.add(name);
    });
    loading.catch(() => loadingCatalogues.delete(name));
    loadingCatalogues.set(name, loading);
  }
  return loading;
}
