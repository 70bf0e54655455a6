import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { GuestBulkBody } from "../../../contract/guest-export";
import type { CustomFieldBody, Guest, GuestCreateBody, GuestUpdateBody } from "../../../contract/guests";
import { type GuestTarget, guestExportApi } from "../../api/guest-export";
import { type GuestListParams, guestsApi } from "../../api/guests";
import { ticketingApi } from "../../api/ticketing";
import { useAdminContext } from "../../ui/admin-context";

export const guestKeys = {
  all: (accountId: string, eventId: string) => ["guests", accountId, eventId] as const,
  list: (accountId: string, eventId: string, params: GuestListParams) =>
    ["guests", accountId, eventId, "list", params] as const,
  detail: (accountId: string, eventId: string, guestId: string) =>
    ["guests", accountId, eventId, "detail", guestId] as const,
  customFields: (accountId: string, eventId: string) => ["guests", accountId, eventId, "customFields"] as const,
};

export function useGuestList(eventId: string, params: GuestListParams) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: guestKeys.list(accountId, eventId, params),
    queryFn: () => guestsApi.list(accountId, eventId, params),
    // Keeps the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * Page `page` of the guest list (from 1): by the cursor of the page before it when that page was read here, as one
 * turns pages, since a keyset page costs the same at any depth; by offset otherwise (a page opened from its address,
 * or a page link far ahead).
 */
export function useGuestListPage(
  eventId: string,
  params: Omit<GuestListParams, "limit" | "offset" | "cursor">,
  page: number,
  pageSize: number,
) {
  const cursors = useRef(new Map<string, string>());
  const order = JSON.stringify(params);
  const cursor = page > 1 ? cursors.current.get(`${order}#${page}`) : undefined;
  const list = useGuestList(
    eventId,
    cursor ? { ...params, limit: pageSize, cursor } : { ...params, limit: pageSize, offset: (page - 1) * pageSize },
  );
  const nextCursor = list.isPlaceholderData ? undefined : list.data?.nextCursor;
  useEffect(() => {
    if (nextCursor) cursors.current.set(`${order}#${page + 1}`, nextCursor);
  }, [nextCursor, order, page]);
  return list;
}

export function useGuest(eventId: string, guestId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: guestKeys.detail(accountId, eventId, guestId),
    queryFn: () => guestsApi.get(accountId, eventId, guestId),
    enabled: guestId !== "",
  });
}

/** The tickets a guest holds (GET users/{id}/tickets), one page; under the guest's key so it is refetched with it. */
export function useGuestTickets(eventId: string, guestId: string, page: { limit: number; offset: number }) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...guestKeys.detail(accountId, eventId, guestId), "tickets", page],
    queryFn: () => ticketingApi.guestTickets(accountId, eventId, guestId, page),
    placeholderData: keepPreviousData,
  });
}

/** The orders a guest placed (GET users/{id}/orders), one page. */
export function useGuestOrders(eventId: string, guestId: string, page: { limit: number; offset: number }) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...guestKeys.detail(accountId, eventId, guestId), "orders", page],
    queryFn: () => ticketingApi.guestOrders(accountId, eventId, guestId, page),
    placeholderData: keepPreviousData,
  });
}

/** Any change to guests may move them between pages and filters: every list of the event is refetched. */
function useGuestsChanged(eventId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return (guest?: Guest) => {
    if (guest) queryClient.setQueryData(guestKeys.detail(accountId, eventId, guest.id), guest);
    void queryClient.invalidateQueries({ queryKey: [...guestKeys.all(accountId, eventId), "list"] });
  };
}

export function useCreateGuest(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useGuestsChanged(eventId);
  return useMutation({
    mutationFn: (body: Partial<GuestCreateBody>) => guestsApi.create(accountId, eventId, body),
    onSuccess: changed,
  });
}

export function useUpdateGuest(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useGuestsChanged(eventId);
  return useMutation({
    mutationFn: ({ guestId, body }: { guestId: string; body: GuestUpdateBody }) =>
      guestsApi.update(accountId, eventId, guestId, body),
    onSuccess: changed,
  });
}

/** A grouped status change or deletion, in one call whatever the number of guests. */
export function useBulkGuests(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useGuestsChanged(eventId);
  return useMutation({
    mutationFn: ({ target, action }: { target: GuestTarget; action: GuestBulkBody["action"] }) =>
      guestExportApi.bulk(accountId, eventId, target, action),
    onSettled: () => changed(),
  });
}

export function useCustomFields(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: guestKeys.customFields(accountId, eventId),
    queryFn: () => guestsApi.listCustomFields(accountId, eventId),
    select: (list) => [...list.items].sort((a, b) => a.position - b.position),
  });
}

/** Custom field changes refetch the fields; guests' values are keyed by field id and need no refetch. */
function useFieldsMutation<Input, Output>(eventId: string, call: (accountId: string, input: Input) => Promise<Output>) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(accountId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestKeys.customFields(accountId, eventId) }),
  });
}

export const useSaveCustomField = (eventId: string) =>
  useFieldsMutation(eventId, (accountId, { id, body }: { id?: string; body: CustomFieldBody }) =>
    id
      ? guestsApi.updateCustomField(accountId, eventId, id, body)
      : guestsApi.createCustomField(accountId, eventId, body),
  );

export const useDeleteCustomField = (eventId: string) =>
  useFieldsMutation(eventId, (accountId, id: string) => guestsApi.deleteCustomField(accountId, eventId, id));

export const useReorderCustomFields = (eventId: string) =>
  useFieldsMutation(eventId, (accountId, ids: string[]) => guestsApi.reorderCustomFields(accountId, eventId, ids));
