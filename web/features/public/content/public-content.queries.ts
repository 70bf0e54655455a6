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

/**
 * Whether the page has any content section to show (custom pages are not sections: the event's menu, EventMenu, links
 * to them): without, it never fetches the sections' code.
 */
export const hasSections = ({ speakers, partners, partnersImage, program, documents, photos }: PublicContent) =>
  partnersImage !== null || [speakers, partners, program, documents, photos].some((items) => items.length > 0);
