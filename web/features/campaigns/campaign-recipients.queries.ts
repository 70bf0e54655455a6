import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RecipientListQuery, RecipientSelection } from "../../../contract/campaign-recipients";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";

export const recipientsPageSize = 50;

const recipientsApi = clientOf(routeTable.campaignRecipientsEndpoints);

const recipientKeys = {
  all: (accountId: string, eventId: string, campaignId: string) =>
    ["campaign-recipients", accountId, eventId, campaignId] as const,
  list: (accountId: string, eventId: string, campaignId: string, params: RecipientListQuery) =>
    [...recipientKeys.all(accountId, eventId, campaignId), "list", params] as const,
  summary: (accountId: string, eventId: string, campaignId: string) =>
    [...recipientKeys.all(accountId, eventId, campaignId), "summary"] as const,
};

export function useRecipients(eventId: string, campaignId: string, params: RecipientListQuery) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: recipientKeys.list(accountId, eventId, campaignId, params),
    queryFn: () =>
      recipientsApi.list({ params: { account: accountId, event: eventId, id: campaignId }, query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaignSummary(eventId: string, campaignId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: recipientKeys.summary(accountId, eventId, campaignId),
    queryFn: () => recipientsApi.summary({ params: { account: accountId, event: eventId, id: campaignId } }),
  });
}

/** A change of selection or status moves the lists, counts and summary of the campaign, and the campaigns list. */
function useCampaignChanged(eventId: string, campaignId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: recipientKeys.all(accountId, eventId, campaignId) });
    await queryClient.invalidateQueries({ queryKey: ["campaigns"] });
  };
}

export function useSaveSelection(eventId: string, campaignId: string) {
  const { accountId } = useAdminContext();
  const changed = useCampaignChanged(eventId, campaignId);
  return useMutation({
    mutationFn: (selection: RecipientSelection) =>
      recipientsApi.select({ params: { account: accountId, event: eventId, id: campaignId }, body: selection }),
    onSuccess: changed,
  });
}

export function useSendCampaign(eventId: string, campaignId: string) {
  const { accountId } = useAdminContext();
  const changed = useCampaignChanged(eventId, campaignId);
  return useMutation({
    mutationFn: (at: string | undefined) =>
      recipientsApi.send({ params: { account: accountId, event: eventId, id: campaignId }, body: at ? { at } : {} }),
    onSettled: changed,
  });
}

export function useCancelCampaign(eventId: string, campaignId: string) {
  const { accountId } = useAdminContext();
  const changed = useCampaignChanged(eventId, campaignId);
  return useMutation({
    mutationFn: () => recipientsApi.cancel({ params: { account: accountId, event: eventId, id: campaignId } }),
    onSettled: changed,
  });
}
