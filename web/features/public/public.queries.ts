import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import type { Language } from "../../../contract/common";
import type { MemberLinkBody } from "../../../contract/public";
import { publicApi } from "../../api/public";

export const publicKeys = {
  event: (slug: string, language: Language) => ["public", slug, "event", language] as const,
  member: (slug: string) => ["public", slug, "member"] as const,
  attendees: (slug: string, page: number) => ["public", slug, "attendees", page] as const,
};

/** The event slug of the current public page (`/:lang/:event/…` or `/:event/…`). */
export function useEventSlug(): string {
  return useParams().event ?? "";
}

/** Where the event's pages live: with the language of the path when it names one, so links keep it. */
export function usePublicBase(): string {
  const { lang, event } = useParams();
  return lang ? `/${lang}/${event}` : `/${event}`;
}

export function usePublicEvent(slug: string, language: Language) {
  return useQuery({ queryKey: publicKeys.event(slug, language), queryFn: () => publicApi.event(slug, language) });
}

export function useRequestMemberLink(slug: string) {
  return useMutation({ mutationFn: (body: MemberLinkBody) => publicApi.requestMemberLink(slug, body) });
}

/** The signed-in guest's registration; only asked for while a member session exists. */
export function useMemberRegistration(slug: string, signedIn: boolean) {
  return useQuery({
    queryKey: publicKeys.member(slug),
    queryFn: () => publicApi.registration(slug),
    enabled: signedIn,
  });
}

export function useUnregister(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publicApi.unregister(slug),
    onSuccess: (registration) => queryClient.setQueryData(publicKeys.member(slug), registration),
  });
}

export const attendeesPageSize = 100;

export function useAttendees(slug: string, page: number, signedIn: boolean) {
  return useQuery({
    queryKey: publicKeys.attendees(slug, page),
    queryFn: () => publicApi.attendees(slug, { limit: attendeesPageSize, offset: (page - 1) * attendeesPageSize }),
    enabled: signedIn,
  });
}
