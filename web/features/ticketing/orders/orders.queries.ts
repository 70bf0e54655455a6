import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Order } from "../../../../contract/ticketing-orders";
import { type OrderListParams, ordersApi } from "../../../api/ticketing-orders";
import { useAdminContext } from "../../../ui/admin-context";
import { guestKeys } from "../../guests/guests.queries";

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
    queryFn: () => ordersApi.list(accountId, eventId, params),
    // The table keeps its rows while the next page or filter loads, rather than blinking empty.
    placeholderData: keepPreviousData,
  });
}

export function useOrder(eventId: string, orderId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: orderKeys.detail(accountId, eventId, orderId),
    queryFn: () => ordersApi.get(accountId, eventId, orderId),
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
      if (change.action === "refund") return ordersApi.refund(accountId, eventId, orderId, change.items);
      return ordersApi[change.action](accountId, eventId, orderId);
    },
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(accountId, eventId, orderId), order),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(accountId, eventId) });
      void queryClient.invalidateQueries({ queryKey: guestKeys.all(accountId, eventId) });
    },
  });
}
