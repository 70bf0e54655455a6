import routeTable from "virtual:endpoint-routes";
import { useQuery } from "@tanstack/react-query";
import { clientOf } from "../../../api/client";
import { memberToken } from "../../../ui/public-layout/member-session";

const sharedFilesApi = clientOf(routeTable.sharedFilesEndpoints);

/** Under the member key, so signing out (useMemberSession().end) forgets them. */
export function useMemberSharedFiles(slug: string) {
  return useQuery({
    queryKey: ["public", slug, "member", "sharedFiles"],
    queryFn: () => sharedFilesApi.memberList({ params: { slug }, token: memberToken(slug) }),
  });
}

export const memberSharedFile = (slug: string, id: string) =>
  sharedFilesApi.memberDownload({ params: { slug, id }, token: memberToken(slug) });
