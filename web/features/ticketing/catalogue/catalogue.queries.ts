import routeTable from "virtual:endpoint-routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CategoryBody,
  CategoryPositionsBody,
  couponBody,
  discountBody,
  Ticket,
  TicketUpdateBody,
  ticketBody,
} from "../../../../contract/ticketing-catalogue";
import { clientOf } from "../../../api/client";
import { useAdminContext } from "../../../ui/admin-context";

const ticketsApi = clientOf(routeTable.ticketsEndpoints);
const categoriesApi = clientOf(routeTable.categoriesEndpoints);
const couponsApi = clientOf(routeTable.couponsEndpoints);
const discountsApi = clientOf(routeTable.discountsEndpoints);

/** The path parameters of an event's catalogue, and of one item of it. */
const catalogueOf = (account: string, event: string) => ({ params: { account, event } });
const itemOf = (account: string, event: string, id: string) => ({ params: { account, event, id } });

export const catalogueKeys = {
  all: (accountId: string, eventId: string) => ["ticketing-catalogue", accountId, eventId] as const,
  of: (accountId: string, eventId: string, part: "tickets" | "categories" | "coupons" | "discounts") =>
    ["ticketing-catalogue", accountId, eventId, part] as const,
};

export function useTickets(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: catalogueKeys.of(accountId, eventId, "tickets"),
    queryFn: () => ticketsApi.list(catalogueOf(accountId, eventId)),
  });
}

export function useCategories(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: catalogueKeys.of(accountId, eventId, "categories"),
    queryFn: () => categoriesApi.list(catalogueOf(accountId, eventId)),
  });
}

export function useCoupons(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: catalogueKeys.of(accountId, eventId, "coupons"),
    queryFn: () => couponsApi.list(catalogueOf(accountId, eventId)),
  });
}

export function useDiscounts(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: catalogueKeys.of(accountId, eventId, "discounts"),
    queryFn: () => discountsApi.list(catalogueOf(accountId, eventId)),
  });
}

/**
 * A change to the catalogue. Parts lean on each other (a category move realigns tickets, a deleted ticket leaves
 * the coupons naming it), so every part of the event's catalogue is refetched after any change.
 */
function useCatalogueChange<Variables, Result>(
  eventId: string,
  call: (accountId: string, variables: Variables) => Promise<Result>,
) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => call(accountId, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all(accountId, eventId) }),
  });
}

/** A drag's new order shows at once, before the server confirms it (and is put back if it refuses). */
function useReorder<Variables>(
  eventId: string,
  part: "tickets" | "categories",
  call: (accountId: string, variables: Variables) => Promise<unknown>,
  reorder: <T extends { id: string }>(items: T[], variables: Variables) => T[],
) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  const key = catalogueKeys.of(accountId, eventId, part);
  return useMutation({
    mutationFn: (variables: Variables) => call(accountId, variables),
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<{ items: { id: string }[]; total: number }>(
        key,
        (current) => current && { ...current, items: reorder(current.items, variables) },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all(accountId, eventId) }),
  });
}

const inOrderOf = <T extends { id: string }>(items: T[], ids: string[]) =>
  ids.map((id) => items.find((item) => item.id === id)).filter((item): item is T => item !== undefined);

export const useCreateTicket = (eventId: string) =>
  useCatalogueChange(eventId, (accountId, body: z.input<typeof ticketBody>) =>
    ticketsApi.create({ ...catalogueOf(accountId, eventId), body }),
  );

export const useUpdateTicket = (eventId: string) =>
  useCatalogueChange(eventId, (accountId, { id, body }: { id: string; body: TicketUpdateBody }) =>
    ticketsApi.update({ ...itemOf(accountId, eventId, id), body }),
  );

export const useDeleteTicket = (eventId: string) =>
  useCatalogueChange(eventId, (accountId, ticket: Ticket) => ticketsApi.remove(itemOf(accountId, eventId, ticket.id)));

export const useReorderTickets = (eventId: string) =>
  useReorder(
    eventId,
    "tickets",
    (accountId, ids: string[]) => ticketsApi.positions({ ...catalogueOf(accountId, eventId), body: { ids } }),
    inOrderOf,
  );

export const useSaveCategory = (eventId: string) =>
  useCatalogueChange(eventId, (accountId, { id, body }: { id?: string; body: CategoryBody }) =>
    id
      ? categoriesApi.update({ ...itemOf(accountId, eventId, id), body })
      : categoriesApi.create({ ...catalogueOf(accountId, eventId), body }),
  );

export const useDeleteCategory = (eventId: string) =>
  useCatalogueChange(eventId, (accountId, id: string) => categoriesApi.remove(itemOf(accountId, eventId, id)));

export const useReorderCategories = (eventId: string) =>
  useReorder(
    eventId,
    "categories",
    (accountId, body: CategoryPositionsBody) => categoriesApi.positions({ ...catalogueOf(accountId, eventId), body }),
    (items, body) =>
      inOrderOf(
        items.map((item) => ({
          ...item,
          parentId: body.items.find((moved) => moved.id === item.id)?.parentId ?? null,
        })),
        body.items.map((moved) => moved.id),
      ),
  );

export const useSaveCoupon = (eventId: string) =>
  useCatalogueChange(eventId, (accountId, { id, body }: { id?: string; body: z.input<typeof couponBody> }) =>
    id
      ? couponsApi.update({ ...itemOf(accountId, eventId, id), body })
      : couponsApi.create({ ...catalogueOf(accountId, eventId), body }),
  );

export const useDeleteCoupon = (eventId: string) =>
  useCatalogueChange(eventId, (accountId, id: string) => couponsApi.remove(itemOf(accountId, eventId, id)));

export const useSaveDiscount = (eventId: string) =>
  useCatalogueChange(eventId, (accountId, { id, body }: { id?: string; body: z.input<typeof discountBody> }) =>
    id
      ? discountsApi.update({ ...itemOf(accountId, eventId, id), body })
      : discountsApi.create({ ...catalogueOf(accountId, eventId), body }),
  );

export const useDeleteDiscount = (eventId: string) =>
  useCatalogueChange(eventId, (accountId, id: string) => discountsApi.remove(itemOf(accountId, eventId, id)));
