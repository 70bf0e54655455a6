import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RecipientStatus } from "../../../contract/campaigns";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";

/** A campaign's statistics and recipients; the page downloads the recipients export through it too. */
export const campaignStatisticsApi = clientOf(routeTable.campaignStatisticsEndpoints);

export const recipientsPageSize = 25;
/** The recipients list's query string: statuses, words searched, page. */
export type RecipientListParams = { status?: RecipientStatus[]; query?: string; limit: number; offset: number };

const statisticsKey = (accountId: string, eventId: string, campaignId: string) =>
  ["campaign-statistics", accountId, eventId, campaignId] as const;

/** Opens and clicks keep arriving after a send: the numbers refresh each minute while the page is open. */
const refreshMs = 60_000;

export function useCampaignStatistics(eventId: string, campaignId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: statisticsKey(accountId, eventId, campaignId),
    queryFn: () => campaignStatisticsApi.statistics({ params: { account: accountId, event: eventId, id: campaignId } }),
    refetchInterval: refreshMs,
  });
}

export function useCampaignRecipients(eventId: string, campaignId: string, params: RecipientListParams) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...statisticsKey(accountId, eventId, campaignId), "recipients", params],
    queryFn: () =>
      campaignStatisticsApi.recipients({
        params: { account: accountId, event: eventId, id: campaignId },
        query: { ...params, status: params.status?.join(",") || undefined },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}

/** The event's campaigns with their sent, open and click figures (the campaigns list's summary). */
export function useEventCampaignStatistics(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: ["campaign-statistics", accountId, eventId, "event"],
    queryFn: () => campaignStatisticsApi.eventSummary({ params: { account: accountId, event: eventId } }),
  });
}
