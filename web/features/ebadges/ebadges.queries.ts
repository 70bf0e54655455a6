import routeTable from "virtual:endpoint-routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { EbadgeBatch, ebadgeConditionsBody, ebadgeCreateBody, ebadgeUpdateBody } from "../../../contract/ebadges";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";
import { useEvent } from "../events/events.queries";

const ebadgesApi = clientOf(routeTable.ebadgesEndpoints);
const fontsApi = clientOf(routeTable.fontsEndpoints);

export const ebadgeKeys = {
  all: (accountId: string, eventId: string) => ["ebadges", accountId, eventId] as const,
  list: (accountId: string, eventId: string) => [...ebadgeKeys.all(accountId, eventId), "list"] as const,
  detail: (accountId: string, eventId: string, id: string) =>
    [...ebadgeKeys.all(accountId, eventId), "detail", id] as const,
  conditions: (accountId: string, eventId: string) => [...ebadgeKeys.all(accountId, eventId), "conditions"] as const,
  settings: (accountId: string, eventId: string) => [...ebadgeKeys.all(accountId, eventId), "settings"] as const,
  batch: (accountId: string, eventId: string, id: string) =>
    [...ebadgeKeys.all(accountId, eventId), "batch", id] as const,
  account: (accountId: string) => ["ebadges", accountId, "account"] as const,
  fonts: (accountId: string) => ["fonts", accountId] as const,
};

/** The event's scope as the routes name it, from the signed-in context. */
function useScope(eventId: string) {
  const { accountId } = useAdminContext();
  return { accountId, params: { account: accountId, event: eventId } };
}

export function useEbadges(eventId: string) {
  const { accountId, params } = useScope(eventId);
  return useQuery({ queryKey: ebadgeKeys.list(accountId, eventId), queryFn: () => ebadgesApi.list({ params }) });
}

export function useEbadge(eventId: string, id: string) {
  const { accountId, params } = useScope(eventId);
  return useQuery({
    queryKey: ebadgeKeys.detail(accountId, eventId, id),
    queryFn: () => ebadgesApi.get({ params: { ...params, id } }),
  });
}

/** Whether the guests' pages offer badges: the event's e-badge module is on and it has a design at least. */
export function useBadgesOffered(eventId: string) {
  const event = useEvent(eventId);
  const badges = useEbadges(eventId);
  return event.data?.modules.ebadge === true && (badges.data?.total ?? 0) > 0;
}

/** Every badge of the account, to start a new one from (any of its events). */
export function useAccountEbadges(enabled: boolean) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: ebadgeKeys.account(accountId),
    queryFn: () => ebadgesApi.accountList({ params: { account: accountId } }),
    enabled,
  });
}

/** The account's fonts a block may use: only the active ones are offered. */
export function useBadgeFonts() {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: ebadgeKeys.fonts(accountId),
    queryFn: () => fontsApi.list({ params: { account: accountId } }),
    select: (list) => list.items.filter((font) => font.active),
  });
}

/** A change to the event's badges refetches all of them: the list, the designs and who gets which. */
function useChanged(eventId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ebadgeKeys.all(accountId, eventId) }),
      queryClient.invalidateQueries({ queryKey: ebadgeKeys.account(accountId) }),
    ]);
}

export function useCreateEbadge(eventId: string) {
  const { params } = useScope(eventId);
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: (body: z.input<typeof ebadgeCreateBody>) => ebadgesApi.create({ params, body }),
    onSuccess: changed,
  });
}

export function useUpdateEbadge(eventId: string, id: string) {
  const { accountId, params } = useScope(eventId);
  const queryClient = useQueryClient();
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: (body: z.input<typeof ebadgeUpdateBody>) => ebadgesApi.update({ params: { ...params, id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ebadgeKeys.detail(accountId, eventId, id), saved);
      return changed();
    },
  });
}

export function useDeleteEbadge(eventId: string) {
  const { params } = useScope(eventId);
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: (id: string) => ebadgesApi.remove({ params: { ...params, id } }),
    onSuccess: changed,
  });
}

export function useEbadgeConditions(eventId: string) {
  const { accountId, params } = useScope(eventId);
  return useQuery({
    queryKey: ebadgeKeys.conditions(accountId, eventId),
    queryFn: () => ebadgesApi.conditions({ params }),
  });
}

export function useSetEbadgeConditions(eventId: string) {
  const { accountId, params } = useScope(eventId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ebadgeConditionsBody>) => ebadgesApi.setConditions({ params, body }),
    onSuccess: (answer) => queryClient.setQueryData(ebadgeKeys.conditions(accountId, eventId), answer),
  });
}

export function useEbadgeSettings(eventId: string) {
  const { accountId, params } = useScope(eventId);
  return useQuery({
    queryKey: ebadgeKeys.settings(accountId, eventId),
    queryFn: () => ebadgesApi.settings({ params }),
  });
}

export function useSetEbadgeSettings(eventId: string) {
  const { accountId, params } = useScope(eventId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachToConfirmation: boolean) => ebadgesApi.setSettings({ params, body: { attachToConfirmation } }),
    onSuccess: (answer) => queryClient.setQueryData(ebadgeKeys.settings(accountId, eventId), answer),
  });
}

/** The PDF of one design for a guest, or for a sample guest when none is named. */
export function useEbadgePdf(eventId: string) {
  const { params } = useScope(eventId);
  return (id: string, guestId?: string) =>
    ebadgesApi.pdf({ params: { ...params, id }, query: guestId ? { guestId } : {} });
}

/** A guest's badge as the conditions give it. */
export function useGuestBadgePdf(eventId: string) {
  const { params } = useScope(eventId);
  return (guestId: string) => ebadgesApi.guestBadge({ params: { ...params, guestId } });
}

export function useCreateBadgeBatch(eventId: string) {
  const { params } = useScope(eventId);
  return useMutation({
    mutationFn: (guestIds: string[] | undefined) =>
      ebadgesApi.createBatch({ params, body: guestIds ? { guestIds } : {} }),
  });
}

const finished = (batch: EbadgeBatch | undefined) => batch?.status === "done" || batch?.status === "failed";

/** A batch's progress, read every second until it is done or has failed. */
export function useBadgeBatch(eventId: string, started: EbadgeBatch | null) {
  const { accountId, params } = useScope(eventId);
  const id = started?.id ?? "";
  return useQuery({
    queryKey: ebadgeKeys.batch(accountId, eventId, id),
    queryFn: () => ebadgesApi.batch({ params: { ...params, id } }),
    enabled: started !== null,
    initialData: started ?? undefined,
    refetchInterval: (query) => (finished(query.state.data) ? false : 1000),
  });
}

export function useBadgeBatchFile(eventId: string) {
  const { params } = useScope(eventId);
  return (id: string) => ebadgesApi.batchFile({ params: { ...params, id } });
}
