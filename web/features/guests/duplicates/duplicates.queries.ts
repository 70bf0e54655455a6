import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { guestDuplicatesApi } from "../../../api/guest-duplicates";
import { useAdminContext } from "../../../ui/admin-context";

export const duplicatesPageSize = 20;

const duplicatesKey = (accountId: string, eventId: string) => ["guests", accountId, eventId, "duplicates"] as const;

/** The legacy routes name the event by its slug: the list waits for the event to be loaded. */
export function useDuplicates(eventId: string, slug: string | undefined, page: number) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...duplicatesKey(accountId, eventId), page],
    queryFn: () =>
      guestDuplicatesApi.list(slug ?? "", { limit: duplicatesPageSize, offset: (page - 1) * duplicatesPageSize }),
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
      if (kind === "merge") await guestDuplicatesApi.merge(slug, user1, user2);
      else await guestDuplicatesApi.ignore(slug, [[user1, user2]]);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["guests", accountId, eventId] }),
  });
}
