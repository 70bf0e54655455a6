import { Outlet, useParams } from "react-router";
import { browserLanguage, toLanguage } from "../../i18n/i18n";
import { AlertProvider } from "../../ui/alert";
import { LanguageScope } from "../../ui/language-scope";
import { NotFoundPage } from "../../ui/NotFoundPage";
import { domainEventSlug } from "../../ui/public-layout/event-domain";

/**
 * The language of a public event page: the path's (`/de/…` reads English, SPEC §1) or the browser's. Event slugs are
 * 3 to 50 characters, so a two-letter first segment is a language and anything else in its place is no page (on the
 * event's own domain, where the path names no event, that segment comes first).
 */
export function PublicScope() {
  const { lang, event = domainEventSlug() ?? "" } = useParams();
  const language = lang === undefined ? browserLanguage() : toLanguage(lang);
  const isPage = lang === undefined ? event.length > 2 : lang.length === 2;
  return (
    <LanguageScope language={language} adminBase={`/${language}/admin`}>
      <AlertProvider>{isPage ? <Outlet /> : <NotFoundPage />}</AlertProvider>
    </LanguageScope>
  );
}
