import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RecommendationStatus } from "../../../../contract/guest-recommendations";
import { clientOf } from "../../../api/client";
import { useAdminContext } from "../../../ui/admin-context";

const guestRecommendationsApi = clientOf(routeTable.guestRecommendationsEndpoints);

export const recommendationsPageSize = 50;

export function useRecommendations(
  eventId: string,
  slug: string | undefined,
  status: RecommendationStatus | undefined,
  page: number,
) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: ["guests", accountId, eventId, "recommendations", status ?? "all", page],
    queryFn: () =>
      guestRecommendationsApi.list({
        params: { event: slug ?? "" },
        query: { status, limit: recommendationsPageSize, offset: (page - 1) * recommendationsPageSize },
      }),
    enabled: slug !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Accepting may add a guest: the guest lists are refetched with the recommendations. */
export function useDecideRecommendation(eventId: string, slug: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: "accept" | "refuse" }) =>
      guestRecommendationsApi[decision]({ params: { event: slug, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["guests", accountId, eventId] }),
  });
}
