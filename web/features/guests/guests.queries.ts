import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { GuestBulkBody } from "../../../contract/guest-export";
import type { CustomFieldBody, Guest, GuestCreateBody, GuestUpdateBody } from "../../../contract/guests";
import type { SpreadsheetFormat } from "../../../contract/spreadsheet";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";
import { customFieldsKey, guestsKey } from "../../ui/custom-fields.queries";
import { type GuestListParams, type GuestTarget, listQuery } from "./guest-list-params";

const guestsApi = clientOf(routeTable.guestsEndpoints);
const guestExportApi = clientOf(routeTable.guestExportEndpoints);
const guestTicketsApi = clientOf(routeTable.guestTicketsEndpoints);

export const guestKeys = {
  all: guestsKey,
  list: (accountId: string, eventId: string, params: GuestListParams) =>
    ["guests", accountId, eventId, "list", params] as const,
  detail: (accountId: string, eventId: string, guestId: string) =>
    ["guests", accountId, eventId, "detail", guestId] as const,
  customFields: customFieldsKey,
};

export function useGuestList(eventId: string, params: GuestListParams) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: guestKeys.list(accountId, eventId, params),
    queryFn: () => guestsApi.list({ params: { account: accountId, event: eventId }, query: listQuery(params) }),
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
    queryFn: () => guestsApi.get({ params: { account: accountId, event: eventId, id: guestId } }),
    enabled: guestId !== "",
  });
}

/** The tickets a guest holds (GET users/{id}/tickets), one page; under the guest's key so it is refetched with it. */
export function useGuestTickets(eventId: string, guestId: string, page: { limit: number; offset: number }) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...guestKeys.detail(accountId, eventId, guestId), "tickets", page],
    queryFn: () =>
      guestTicketsApi.guestTickets({ params: { account: accountId, event: eventId, id: guestId }, query: page }),
    placeholderData: keepPreviousData,
  });
}

/** The orders a guest placed (GET users/{id}/orders), one page. */
export function useGuestOrders(eventId: string, guestId: string, page: { limit: number; offset: number }) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...guestKeys.detail(accountId, eventId, guestId), "orders", page],
    queryFn: () =>
      guestTicketsApi.guestOrders({ params: { account: accountId, event: eventId, id: guestId }, query: page }),
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
    mutationFn: (body: Partial<GuestCreateBody>) =>
      guestsApi.create({ params: { account: accountId, event: eventId }, body }),
    onSuccess: changed,
  });
}

export function useUpdateGuest(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useGuestsChanged(eventId);
  return useMutation({
    mutationFn: ({ guestId, body }: { guestId: string; body: GuestUpdateBody }) =>
      guestsApi.update({ params: { account: accountId, event: eventId, id: guestId }, body }),
    onSuccess: changed,
  });
}

/** The server reads the filter in its query-string shape, in the body as in the address. */
const selectionOf = (target: GuestTarget): GuestBulkBody["selection"] =>
  "ids" in target ? { ids: target.ids } : { filter: listQuery(target.filter) };

/** A grouped status change or deletion, in one call whatever the number of guests. */
export function useBulkGuests(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useGuestsChanged(eventId);
  return useMutation({
    mutationFn: ({ target, action }: { target: GuestTarget; action: GuestBulkBody["action"] }) =>
      guestExportApi.bulk({
        params: { account: accountId, event: eventId },
        body: { selection: selectionOf(target), action },
      }),
    onSettled: () => changed(),
  });
}

type EventScope = { account: string; event: string };

/** Custom field changes refetch the fields; guests' values are keyed by field id and need no refetch. */
function useFieldsMutation<Input, Output>(eventId: string, call: (scope: EventScope, input: Input) => Promise<Output>) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call({ account: accountId, event: eventId }, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestKeys.customFields(accountId, eventId) }),
  });
}

export const useSaveCustomField = (eventId: string) =>
  useFieldsMutation(eventId, (scope, { id, body }: { id?: string; body: CustomFieldBody }) =>
    id
      ? guestsApi.updateCustomField({ params: { ...scope, id }, body })
      : guestsApi.createCustomField({ params: scope, body }),
  );

export const useDeleteCustomField = (eventId: string) =>
  useFieldsMutation(eventId, (scope, id: string) => guestsApi.deleteCustomField({ params: { ...scope, id } }));

export const useReorderCustomFields = (eventId: string) =>
  useFieldsMutation(eventId, (scope, ids: string[]) => guestsApi.reorderCustomFields({ params: scope, body: { ids } }));

/** The guests' file as a blob: the download needs the Bearer header, which a plain link cannot send. */
export const fetchGuestFile = (
  scope: { accountId: string; eventId: string },
  target: GuestTarget,
  order: Pick<GuestListParams, "sort" | "direction">,
  format: SpreadsheetFormat,
) =>
  guestExportApi.download({
    params: { account: scope.accountId, event: scope.eventId },
    query: { ...("ids" in target ? { ids: target.ids.join(",") } : listQuery(target.filter)), ...order, format },
  });
