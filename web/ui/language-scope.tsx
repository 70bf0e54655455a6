import { createContext, type ReactNode, use, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../contract/common";
import { hasCatalogue, loadCatalogue } from "./catalogues";

type Scope = { language: Language /** "/fr/admin", or "/admin" when the path names no language. */; adminBase: string };
const ScopeContext = createContext<Scope>({ language: "en", adminBase: "/admin" });

/**
 * Sets the interface language from the path and writes it on <html lang>, as every page needs. A language whose
 * catalogue has not arrived suspends the page: the router's transition keeps the previous page on screen meanwhile,
 * and a catalogue that fails to arrive shows the error page ("Loading chunk failed").
 */
export function LanguageScope({ language, adminBase, children }: Scope & { children: ReactNode }) {
  if (!hasCatalogue(language)) use(loadCatalogue(language));
  const { i18n } = useTranslation();
  if (i18n.language !== language) void i18n.changeLanguage(language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return <ScopeContext.Provider value={{ language, adminBase }}>{children}</ScopeContext.Provider>;
}

export const useLanguageScope = () => useContext(ScopeContext);

/**
 * Suspends a back-office page until the organizer part of its language's catalogue has arrived, as LanguageScope does
 * for the guest part: the pages outside the back office never fetch it.
 */
export function useOrganizerCatalogue() {
  const { language } = useLanguageScope();
  if (!hasCatalogue(language, "organizer")) use(loadCatalogue(language, "organizer"));
}

/** Builds back-office links that keep the language of the current path: `adminPath("/events")`. */
export function useAdminPath() {
  const { adminBase } = useLanguageScope();
  return (path = "") => `${adminBase}${path}`;
}
