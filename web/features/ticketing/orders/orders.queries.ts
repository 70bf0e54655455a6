import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Order } from "../../../../contract/ticketing-orders";
import { clientOf } from "../../../api/client";
import { useAdminContext } from "../../../ui/admin-context";
import { guestsKey } from "../../../ui/custom-fields.queries";
import { type OrderListParams, queryOf } from "./order-list-params";

export const ordersApi = clientOf(routeTable.ordersEndpoints);

export const orderKeys = {
  all: (accountId: string, eventId: string) => ["ticketing-orders", accountId, eventId] as const,
  list: (accountId: string, eventId: string, params: OrderListParams) =>
    ["ticketing-orders", accountId, eventId, "list", params] as const,
  detail: (accountId: string, eventId: string, orderId: string) =>
    ["ticketing-orders", accountId, eventId, "detail", orderId] as const,
};

export function useOrders(eventId: string, params: OrderListParams) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: orderKeys.list(accountId, eventId, params),
    queryFn: () => ordersApi.list({ params: { account: accountId, event: eventId }, query: queryOf(params) }),
    // The table keeps its rows while the next page or filter loads, rather than blinking empty.
    placeholderData: keepPreviousData,
  });
}

export function useOrder(eventId: string, orderId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: orderKeys.detail(accountId, eventId, orderId),
    queryFn: () => ordersApi.get({ params: { account: accountId, event: eventId, id: orderId } }),
  });
}

/** What the organizer does to one order (SPEC §4 Order actions). */
export type OrderChange = { action: "cancel" | "confirm" | "await" } | { action: "refund"; items?: string[] };

/**
 * One action on an order. The answer is the order as it now is; lists (the event's orders, the guests' Orders tabs)
 * total and filter by status, so they are read again.
 */
export function useOrderChange(eventId: string, orderId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OrderChange): Promise<Order> => {
      const params = { account: accountId, event: eventId, id: orderId };
      switch (change.action) {
        // SPEC §7: cancelling is an edit of the order's status.
        case "cancel":
          return ordersApi.edit({ params, body: { status: "cancelled" } });
        // Without `items` the server refunds everything left; an empty list is refused.
        case "refund":
          return ordersApi.refund({ params, body: { items: change.items } });
        default:
          return ordersApi[change.action]({ params });
      }
    },
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(accountId, eventId, orderId), order),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(accountId, eventId) });
      void queryClient.invalidateQueries({ queryKey: guestsKey(accountId, eventId) });
    },
  });
}
