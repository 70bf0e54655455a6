import routeTable from "virtual:endpoint-routes";
import { useQuery } from "@tanstack/react-query";
import { clientOf } from "../api/client";
import { useAdminContext } from "./admin-context";

const guestsApi = clientOf(routeTable.guestsEndpoints);

/** The root of the event's guests' queries: other features refetch them too (an order changes its buyer's tickets). */
export const guestsKey = (accountId: string, eventId: string) => ["guests", accountId, eventId] as const;

/**
 * The event's custom fields belong to its guests, and badges, forms and check-in read them too: the query lives here so
 * every feature can, under the guests' key, which the guests' field changes refetch.
 */
export const customFieldsKey = (accountId: string, eventId: string) =>
  [...guestsKey(accountId, eventId), "customFields"] as const;

/** The event's custom fields in their order. */
export function useCustomFields(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: customFieldsKey(accountId, eventId),
    queryFn: () => guestsApi.listCustomFields({ params: { account: accountId, event: eventId } }),
    select: (list) => [...list.items].sort((a, b) => a.position - b.position),
  });
}
