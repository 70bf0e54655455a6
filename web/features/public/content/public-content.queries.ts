import { useQuery } from "@tanstack/react-query";
import type { Language } from "../../../../contract/common";
import type { PublicContent } from "../../../../contract/public-content";
import { publicApi } from "../../../ui/public-layout/public-event.queries";

export const publicContentKey = (slug: string, language: Language) => ["public", slug, "content", language] as const;

/** The event's content in the page's language, one request for every kind (speakers, partners…). */
export function usePublicContent(slug: string, language: Language) {
  return useQuery({
    queryKey: publicContentKey(slug, language),
    queryFn: () => publicApi.content({ params: { slug }, query: { lang: language } }),
  });
}

/** Whether the page has any content to show: without, it never fetches the sections' code. */
export const hasContent = (content: PublicContent) => Object.values(content).some((items) => items.length > 0);
