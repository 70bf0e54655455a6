import routeTable from "virtual:endpoint-routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BillingOrganizerInput,
  TicketingParams,
  TicketingParamsBody,
} from "../../../../contract/ticketing-billing";
import { clientOf } from "../../../api/client";
import { useAdminContext } from "../../../ui/admin-context";

export const ticketingBillingApi = clientOf(routeTable.billingEndpoints);
/** The path of an event's billing endpoints. */
const scope = (account: string, event: string) => ({ params: { account, event } });

export const billingKeys = {
  all: (accountId: string, eventId: string) => ["ticketing-billing", accountId, eventId] as const,
  organizer: (accountId: string, eventId: string) => ["ticketing-billing", accountId, eventId, "organizer"] as const,
  params: (accountId: string, eventId: string) => ["ticketing-billing", accountId, eventId, "params"] as const,
};

export function useBillingOrganizer(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: billingKeys.organizer(accountId, eventId),
    queryFn: () => ticketingBillingApi.organizer(scope(accountId, eventId)),
  });
}

export function useTicketingParams(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: billingKeys.params(accountId, eventId),
    queryFn: () => ticketingBillingApi.params(scope(accountId, eventId)),
  });
}

/** Params answers are exact; billing info changes what the office needs, so the params are read again after it. */
function useParamsChanged(eventId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return (params?: TicketingParams) => {
    if (params) queryClient.setQueryData(billingKeys.params(accountId, eventId), params);
    else void queryClient.invalidateQueries({ queryKey: billingKeys.params(accountId, eventId) });
  };
}

export function useSaveBillingOrganizer(eventId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  const paramsChanged = useParamsChanged(eventId);
  return useMutation({
    mutationFn: (body: BillingOrganizerInput) =>
      ticketingBillingApi.saveOrganizer({ ...scope(accountId, eventId), body }),
    onSuccess: (organizer) => {
      queryClient.setQueryData(billingKeys.organizer(accountId, eventId), organizer);
      paramsChanged();
    },
  });
}

export function useSaveTicketingParams(eventId: string) {
  const { accountId } = useAdminContext();
  const paramsChanged = useParamsChanged(eventId);
  return useMutation({
    mutationFn: (body: TicketingParamsBody) => ticketingBillingApi.saveParams({ ...scope(accountId, eventId), body }),
    onSuccess: (params) => paramsChanged(params),
    // A refusal (the office cannot open, the currency is locked) often means the page's picture is stale.
    onError: () => paramsChanged(),
  });
}

export function useUploadSalesTerms(eventId: string) {
  const { accountId } = useAdminContext();
  const paramsChanged = useParamsChanged(eventId);
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return ticketingBillingApi.uploadTerms({ ...scope(accountId, eventId), body });
    },
    onSuccess: () => paramsChanged(),
  });
}
