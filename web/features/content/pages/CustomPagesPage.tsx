import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import type { CustomPage } from "../../../../contract/custom-pages";
import { useContentEvent } from "../ContentLayout";
import { OrderedContentList } from "../OrderedContentList";
import { CustomPageModal } from "./CustomPageModal";
import { customPagesQueries } from "./custom-pages.queries";

/**
 * An event's custom pages (SPEC §3 Page), in the order of its public menu. Each is named by its title in the event's
 * preferred language (else its first written one), with its address in each language it exists in.
 */
export function CustomPagesPage() {
  const { t } = useTranslation();
  const event = useContentEvent();
  const languages = [event.preferredLanguage, ...event.languages] as Language[];
  const nameOf = (page: CustomPage) =>
    languages.map((language) => page.versions[language]?.title).find(Boolean) ?? t("content.pages.untitled");
  return (
    <OrderedContentList
      kind="pages"
      queries={customPagesQueries}
      describe={(page) => ({
        name: nameOf(page),
        details: event.languages
          .flatMap((language) => {
            const version = page.versions[language];
            if (!version) return [];
            const hidden = version.inMenu ? "" : ` (${t("content.pages.notInMenu")})`;
            return [`${language.toUpperCase()} /pages/${version.slug}${hidden}`];
          })
          .join(" · "),
      })}
      editor={(page, onClose) => (
        <CustomPageModal key={page?.id ?? "new"} page={page} name={page ? nameOf(page) : ""} onClose={onClose} />
      )}
    />
  );
}
