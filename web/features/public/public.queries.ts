import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MemberLinkBody } from "../../../contract/public";
import { memberToken } from "../../ui/public-layout/member-session";
import { publicApi, publicKeys } from "../../ui/public-layout/public-event.queries";

export function useRequestMemberLink(slug: string) {
  return useMutation({ mutationFn: (body: MemberLinkBody) => publicApi.requestMemberLink({ params: { slug }, body }) });
}

export function useUnregister(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publicApi.unregister({ params: { slug }, token: memberToken(slug) }),
    onSuccess: (registration) => queryClient.setQueryData(publicKeys.member(slug), registration),
  });
}

export const attendeesPageSize = 100;

export function useAttendees(slug: string, page: number, signedIn: boolean) {
  return useQuery({
    queryKey: publicKeys.attendees(slug, page),
    queryFn: () =>
      publicApi.attendees({
        params: { slug },
        query: { limit: attendeesPageSize, offset: (page - 1) * attendeesPageSize },
        token: memberToken(slug),
      }),
    enabled: signedIn,
  });
}
