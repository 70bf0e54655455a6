import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ErrorMailBody } from "../../../../contract/error-mails";
import type { MailHistoryStatus } from "../../../../contract/mail-history";
import type { SenderBody } from "../../../../contract/senders";
import { clientOf } from "../../../api/client";

export const sendersApi = clientOf(routeTable.sendersEndpoints);
const errorMailsApi = clientOf(routeTable.errorMailsEndpoints);
const mailHistoryApi = clientOf(routeTable.mailHistoryEndpoints);

const keys = {
  senders: (accountId: string) => ["senders", accountId] as const,
  errorMails: (accountId: string) => ["errorMails", accountId] as const,
  mails: (accountId: string) => ["mailHistory", accountId] as const,
};

export function useSenders(accountId: string) {
  return useQuery({
    queryKey: keys.senders(accountId),
    queryFn: () => sendersApi.list({ params: { account: accountId } }),
  });
}

function useSenderMutation<Input, Output>(accountId: string, run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.senders(accountId) }),
  });
}

export const useCreateSender = (accountId: string) =>
  useSenderMutation(accountId, (body: SenderBody) => sendersApi.create({ params: { account: accountId }, body }));
export const useResendSender = (accountId: string) =>
  useSenderMutation(accountId, (id: string) => sendersApi.resend({ params: { account: accountId, id } }));
export const useDeleteSender = (accountId: string) =>
  useSenderMutation(accountId, (id: string) => sendersApi.remove({ params: { account: accountId, id } }));

export const errorMailsPageSize = 20;

export function useErrorMails(accountId: string, page: number, search: string) {
  return useQuery({
    queryKey: [...keys.errorMails(accountId), page, search],
    queryFn: () =>
      errorMailsApi.list({
        params: { account: accountId },
        query: {
          limit: errorMailsPageSize,
          offset: (page - 1) * errorMailsPageSize,
          ...(search && { query: search }),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

function useErrorMailMutation<Input, Output>(accountId: string, run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.errorMails(accountId) }),
  });
}

export const useCreateErrorMail = (accountId: string) =>
  useErrorMailMutation(accountId, (body: ErrorMailBody) =>
    errorMailsApi.create({ params: { account: accountId }, body }),
  );
export const useUnlockErrorMail = (accountId: string) =>
  useErrorMailMutation(accountId, (id: string) => errorMailsApi.unlock({ params: { account: accountId, id } }));

export const mailHistoryPageSize = 25;

export function useAccountMails(
  accountId: string,
  page: number,
  filters: { status?: MailHistoryStatus | undefined; query?: string },
) {
  return useQuery({
    queryKey: [...keys.mails(accountId), page, filters],
    queryFn: () =>
      mailHistoryApi.account({
        params: { account: accountId },
        query: {
          limit: mailHistoryPageSize,
          offset: (page - 1) * mailHistoryPageSize,
          ...(filters.status && { status: filters.status }),
          ...(filters.query && { query: filters.query }),
        },
      }),
    placeholderData: keepPreviousData,
  });
}
