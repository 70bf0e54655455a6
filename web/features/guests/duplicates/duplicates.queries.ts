import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clientOf } from "../../../api/client";
import { useAdminContext } from "../../../ui/admin-context";

const guestDuplicatesApi = clientOf(routeTable.guestDuplicatesEndpoints);

export const duplicatesPageSize = 20;

const duplicatesKey = (accountId: string, eventId: string) => ["guests", accountId, eventId, "duplicates"] as const;

/** The legacy routes name the event by its slug: the list waits for the event to be loaded. */
export function useDuplicates(eventId: string, slug: string | undefined, page: number) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...duplicatesKey(accountId, eventId), page],
    queryFn: () =>
      guestDuplicatesApi.list({
        params: { event: slug ?? "" },
        query: { limit: duplicatesPageSize, offset: (page - 1) * duplicatesPageSize },
      }),
    enabled: slug !== undefined,
    placeholderData: keepPreviousData,
  });
}

type Decision = { kind: "merge" | "ignore"; user1: string; user2: string };

/** A merge or an ignore removes the pair; a merge also changes the guest list. */
export function useDecideDuplicate(eventId: string, slug: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, user1, user2 }: Decision) => {
      const params = { event: slug };
      // A merge keeps user1 and folds user2 into it.
      if (kind === "merge") await guestDuplicatesApi.merge({ params, query: { user1, user2 } });
      else await guestDuplicatesApi.ignore({ params, body: { selectedIds: [[user1, user2]] } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["guests", accountId, eventId] }),
  });
}
