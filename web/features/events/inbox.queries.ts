import routeTable from "virtual:endpoint-routes";
import { useQuery } from "@tanstack/react-query";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";

// The event's page shows its inbox's unread count (MessagesButton); the inbox itself (web/features/messages) builds
// on the events feature, so the count and the key every query of the inbox starts with live here.

/** The start of every query key of an event's inbox: invalidating it refetches the lists and the count. */
export const inboxKey = (accountId: string, eventId: string) => ["messages", accountId, eventId] as const;

/** The unread count of the inbox: refreshed each minute, since visitors write at any time. */
export function useUnreadCount(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...inboxKey(accountId, eventId), "unread"],
    queryFn: () =>
      clientOf(routeTable.messagesEndpoints).unreadCount({ params: { account: accountId, event: eventId } }),
    refetchInterval: 60_000,
  });
}
