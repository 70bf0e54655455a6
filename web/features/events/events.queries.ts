import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  Event,
  EventAccess,
  EventCreateBody,
  EventUpdateBody,
  eventDuplicateBody,
} from "../../../contract/events";
import { type EventListQuery, eventsApi } from "../../api/events";
import { useAdminContext } from "../../ui/admin-context";
import { accountKeys } from "../accounts/accounts.queries";

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
    queryFn: () => eventsApi.list(accountId, query),
    // Keeps the previous page on screen while the next filter or page loads, instead of flashing an empty list.
    placeholderData: keepPreviousData,
  });
}

export function useEvent(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: eventKeys.detail(accountId, eventId),
    queryFn: () => eventsApi.get(accountId, eventId),
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
    mutationFn: (body: EventCreateBody) => eventsApi.create(accountId, body),
    onSuccess: changed,
  });
}

export function useUpdateEvent(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (body: EventUpdateBody) => eventsApi.update(accountId, eventId, body),
    onSuccess: changed,
  });
}

/** Archive and unarchive from a list row or the edit page, whichever event it is. */
export function useSetArchived() {
  const { accountId } = useAdminContext();
  const changed = useEventChanged();
  return useMutation({
    mutationFn: ({ eventId, archived }: { eventId: string; archived: boolean }) =>
      eventsApi.update(accountId, eventId, { archived }),
    onSuccess: changed,
  });
}

export function useDeleteEvent() {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (eventId: string) => eventsApi.remove(accountId, eventId),
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
    mutationFn: (body: z.input<typeof eventDuplicateBody>) => eventsApi.duplicate(accountId, eventId, body),
    onSuccess: changed,
  });
}

export function useEventAccess(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: eventKeys.access(accountId, eventId),
    queryFn: () => eventsApi.access(accountId, eventId),
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
          ? eventsApi.grantAdministrator(accountId, eventId, id)
          : eventsApi.revokeAdministrator(accountId, eventId, id);
      }
      return grant ? eventsApi.grantTeam(accountId, eventId, id) : eventsApi.revokeTeam(accountId, eventId, id);
    },
    onSuccess: (access, { kind }) => {
      queryClient.setQueryData(eventKeys.access(accountId, eventId), access);
      // A team's page counts its events.
      if (kind === "team") void queryClient.invalidateQueries({ queryKey: accountKeys.teams(accountId) });
    },
  });
}
