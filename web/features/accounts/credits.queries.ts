import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreditAddBody, CreditDebitBody, CreditKind } from "../../../contract/credits";
import { clientOf } from "../../api/client";

const creditsApi = clientOf(routeTable.creditsEndpoints);

export const creditKeys = {
  all: (accountId: string) => ["credits", accountId] as const,
  balance: (accountId: string, kind: CreditKind) => ["credits", accountId, kind, "balance"] as const,
  ledger: (accountId: string, kind: CreditKind, page: object) => ["credits", accountId, kind, "ledger", page] as const,
};

/** The spendable balance of one kind of credits, with what expires soon. */
export function useCreditBalance(accountId: string, kind: CreditKind) {
  return useQuery({
    queryKey: creditKeys.balance(accountId, kind),
    queryFn: () =>
      kind === "event"
        ? creditsApi.eventRemaining({ params: { account: accountId } })
        : creditsApi.campaignRemaining({ params: { account: accountId } }),
  });
}

/** The ledger of one kind of credits, newest first, a page at a time. */
export function useCreditLedger(accountId: string, kind: CreditKind, query: { limit: number; offset: number }) {
  return useQuery({
    queryKey: creditKeys.ledger(accountId, kind, query),
    queryFn: () =>
      kind === "event"
        ? creditsApi.eventList({ params: { account: accountId }, query })
        : creditsApi.campaignList({ params: { account: accountId }, query }),
    placeholderData: keepPreviousData,
  });
}

/** A platform administrator adds a lot of credits of one kind. */
export function useAddCredits(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: CreditKind; body: CreditAddBody }) =>
      kind === "event"
        ? creditsApi.eventAdd({ params: { account: accountId }, body })
        : creditsApi.campaignAdd({ params: { account: accountId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all(accountId) }),
  });
}

/** A platform administrator takes credits of one kind out of the account. */
export function useDebitCredits(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: CreditKind; body: CreditDebitBody }) =>
      kind === "event"
        ? creditsApi.eventDebit({ params: { account: accountId }, body })
        : creditsApi.campaignDebit({ params: { account: accountId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all(accountId) }),
  });
}
