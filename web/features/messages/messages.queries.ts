import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";
import { inboxKey } from "../events/inbox.queries";

export const messagesPageSize = 25;

const messagesApi = clientOf(routeTable.messagesEndpoints);
/** The inbox's query string: words searched, read state, page. */
export type MessageListParams = { query?: string; unread?: "true" | "false"; limit: number; offset: number };

const messageKeys = {
  all: inboxKey,
  list: (accountId: string, eventId: string, params: MessageListParams) =>
    [...inboxKey(accountId, eventId), "list", params] as const,
};

export function useMessages(eventId: string, params: MessageListParams) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: messageKeys.list(accountId, eventId, params),
    queryFn: () => messagesApi.list({ params: { account: accountId, event: eventId }, query: params }),
    placeholderData: keepPreviousData,
  });
}

/** Reading or deleting a message changes the lists and the unread count: all of the event's are refetched. */
function useInboxChanged(eventId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messageKeys.all(accountId, eventId) });
}

export function useMarkRead(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useInboxChanged(eventId);
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      messagesApi.markRead({ params: { account: accountId, event: eventId, id }, body: { read } }),
    onSuccess: changed,
  });
}

export function useDeleteMessage(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useInboxChanged(eventId);
  return useMutation({
    mutationFn: (id: string) => messagesApi.remove({ params: { account: accountId, event: eventId, id } }),
    onSuccess: changed,
  });
}
