import routeTable from "virtual:endpoint-routes";
import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import type { Language } from "../../../contract/common";
import { clientOf } from "../../api/client";
import { domainEventSlug } from "./event-domain";
import { memberToken } from "./member-session";

// What every page of an event's public side reads, whichever feature it belongs to: the event's slug and address,
// the event (PublicLayout loads it), and the signed-in guest's registration.

/** The event page and the member area: public calls never carry the organizer's session, member calls the guest's. */
export const publicApi = clientOf(routeTable.publicEndpoints);

export const publicKeys = {
  event: (slug: string, language: Language) => ["public", slug, "event", language] as const,
  member: (slug: string) => ["public", slug, "member"] as const,
  attendees: (slug: string, page: number) => ["public", slug, "attendees", page] as const,
};

/** The event slug of the current public page (`/:lang/:event/…` or `/:event/…`, or the domain's event). */
export function useEventSlug(): string {
  return useParams().event ?? domainEventSlug() ?? "";
}

/**
 * Where the event's pages live: with the language of the path when it names one, so links keep it. On the event's
 * own domain without a language that is the root, "": a link to the event's home is then `base || "/"`.
 */
export function usePublicBase(): string {
  const { lang, event } = useParams();
  const eventPath = event === undefined ? "" : `/${event}`;
  return lang ? `/${lang}${eventPath}` : eventPath;
}

/**
 * Whom the page's personal registration link (`?invitation=<token>`) invites: their names and email, to greet them
 * and pre-fill the registration form. No token, or one the server does not know: no data, and the page as for anyone.
 */
export function useInvitation(slug: string) {
  const token = useSearchParams()[0].get("invitation") ?? "";
  const query = useQuery({
    queryKey: ["public", slug, "invitation", token] as const,
    queryFn: () => publicApi.invitation({ params: { slug, token } }),
    enabled: token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { token, invitation: query.data, pending: token !== "" && query.isPending };
}

export function usePublicEvent(slug: string, language: Language) {
  return useQuery({
    queryKey: publicKeys.event(slug, language),
    queryFn: () => publicApi.event({ params: { slug }, query: { lang: language } }),
  });
}

/** The signed-in guest's registration; only asked for while a member session exists. */
export function useMemberRegistration(slug: string, signedIn: boolean) {
  return useQuery({
    queryKey: publicKeys.member(slug),
    queryFn: () => publicApi.registration({ params: { slug }, token: memberToken(slug) }),
    enabled: signedIn,
  });
}
