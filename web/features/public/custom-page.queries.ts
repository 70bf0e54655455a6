import routeTable from "virtual:endpoint-routes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Language } from "../../../contract/common";
import type { PublicCustomPage } from "../../../contract/custom-pages";
import { clientOf } from "../../api/client";

const customPagesApi = clientOf(routeTable.publicCustomPagesEndpoints);

const customPageKey = (slug: string, language: Language, pageSlug: string) =>
  ["public", slug, "page", language, pageSlug] as const;

/** A custom page of the event in the page's language (404 when it is not written in it). */
export function usePublicCustomPage(slug: string, pageSlug: string, language: Language) {
  return useQuery({
    queryKey: customPageKey(slug, language, pageSlug),
    queryFn: () => customPagesApi.page({ params: { slug, pageSlug }, query: { lang: language } }),
  });
}

/**
 * Where the page a visitor just read lives in `language`: a page's slug differs by language, so the language menu,
 * which keeps the path, lands on a slug the language may not have. The versions read before tell its own.
 */
export function useSlugInLanguage(slug: string, pageSlug: string, language: Language): string | undefined {
  const read = useQueryClient().getQueriesData<PublicCustomPage>({ queryKey: ["public", slug, "page"] });
  for (const [, page] of read) {
    if (page?.slug !== pageSlug) continue;
    const other = page.otherVersions.find((version) => version.language === language);
    if (other) return other.slug;
  }
  return undefined;
}
