import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  Event,
  EventAccess,
  EventCreateBody,
  EventUpdateBody,
  eventDuplicateBody,
  eventListQuery,
} from "../../../contract/events";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";
import { accountKeys } from "../accounts/accounts.queries";

const eventsApi = clientOf(routeTable.eventsEndpoints);
type EventListQuery = z.input<typeof eventListQuery>;

export const eventKeys = {
  all: (accountId: string) => ["events", accountId] as const,
  list: (accountId: string, query: EventListQuery) => ["events", accountId, "list", query] as const,
  detail: (accountId: string, eventId: string) => ["events", accountId, "detail", eventId] as const,
  access: (accountId: string, eventId: string) => ["events", accountId, "access", eventId] as const,
};

export function useEventList(query: EventListQuery) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: eventKeys.list(accountId, query),
    queryFn: () => eventsApi.list({ params: { account: accountId }, query }),
    // Keeps the previous page on screen while the next filter or page loads, instead of flashing an empty list.
    placeholderData: keepPreviousData,
  });
}

export function useEvent(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: eventKeys.detail(accountId, eventId),
    queryFn: () => eventsApi.get({ params: { account: accountId, id: eventId } }),
  });
}

/** After any change, the edited event is known exactly and every list may have moved. */
function useEventChanged() {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return (event?: Event) => {
    if (event) queryClient.setQueryData(eventKeys.detail(accountId, event.id), event);
    void queryClient.invalidateQueries({ queryKey: [...eventKeys.all(accountId), "list"] });
  };
}

export function useCreateEvent() {
  const { accountId } = useAdminContext();
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (body: EventCreateBody) => eventsApi.create({ params: { account: accountId }, body }),
    onSuccess: changed,
  });
}

export function useUpdateEvent(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (body: EventUpdateBody) => eventsApi.update({ params: { account: accountId, id: eventId }, body }),
    onSuccess: changed,
  });
}

/** Archive and unarchive from a list row or the edit page, whichever event it is. */
export function useSetArchived() {
  const { accountId } = useAdminContext();
  const changed = useEventChanged();
  return useMutation({
    mutationFn: ({ eventId, archived }: { eventId: string; archived: boolean }) =>
      eventsApi.update({ params: { account: accountId, id: eventId }, body: { archived } }),
    onSuccess: changed,
  });
}

export function useDeleteEvent() {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (eventId: string) => eventsApi.remove({ params: { account: accountId, id: eventId } }),
    onSuccess: (_, eventId) => {
      queryClient.removeQueries({ queryKey: eventKeys.detail(accountId, eventId) });
      changed();
    },
  });
}

export function useDuplicateEvent(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (body: z.input<typeof eventDuplicateBody>) =>
      eventsApi.duplicate({ params: { account: accountId, id: eventId }, body }),
    onSuccess: changed,
  });
}

export function useEventAccess(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: eventKeys.access(accountId, eventId),
    queryFn: () => eventsApi.access({ params: { account: accountId, id: eventId } }),
  });
}

type AccessChange = { kind: "administrator" | "team"; id: string; grant: boolean };

/** Gives or removes access; the server answers with the event's whole access list, which replaces ours. */
export function useChangeEventAccess(eventId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, grant }: AccessChange): Promise<EventAccess> => {
      if (kind === "administrator") {
        return grant
          ? eventsApi.grantAdministrator({ params: { account: accountId, id: eventId, adminId: id } })
          : eventsApi.revokeAdministrator({ params: { account: accountId, id: eventId, adminId: id } });
      }
      return grant
        ? eventsApi.grantTeam({ params: { account: accountId, id: eventId, teamId: id } })
        : eventsApi.revokeTeam({ params: { account: accountId, id: eventId, teamId: id } });
    },
    onSuccess: (access, { kind }) => {
      queryClient.setQueryData(eventKeys.access(accountId, eventId), access);
      // A team's page counts its events.
      if (kind === "team") void queryClient.invalidateQueries({ queryKey: accountKeys.teams(accountId) });
    },
  });
}
