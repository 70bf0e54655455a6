import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Arrival, CheckinCheckBody, CheckinSessionBody } from "../../../contract/checkin";
import type { SpreadsheetFormat } from "../../../contract/spreadsheet";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";

export const checkinApi = clientOf(routeTable.checkinEndpoints);
export const checkinScansApi = clientOf(routeTable.checkinScanEndpoints);

export const checkinKeys = {
  all: (accountId: string, eventId: string) => ["checkin", accountId, eventId] as const,
  sessions: (accountId: string, eventId: string) => ["checkin", accountId, eventId, "sessions"] as const,
  session: (accountId: string, eventId: string, id: string) => ["checkin", accountId, eventId, "session", id] as const,
  statistics: (accountId: string, eventId: string) => ["checkin", accountId, eventId, "statistics"] as const,
};

const scope = (account: string, event: string) => ({ params: { account, event } });
const sessionScope = (account: string, event: string, id: string) => ({ params: { account, event, id } });

/** The connection times and counts move while doors are open: the list refreshes each half minute. */
const listRefreshMs = 30_000;

export function useCheckinSessions(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: checkinKeys.sessions(accountId, eventId),
    queryFn: () => checkinApi.list(scope(accountId, eventId)),
    refetchInterval: listRefreshMs,
  });
}

export function useCheckinSession(eventId: string, id: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: checkinKeys.session(accountId, eventId, id),
    queryFn: () => checkinApi.get(sessionScope(accountId, eventId, id)),
  });
}

export function useSaveSession(eventId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CheckinSessionBody }) => {
      if (!id) return checkinApi.create({ ...scope(accountId, eventId), body });
      const { mode: _fixed, ...changes } = body;
      return checkinApi.update({ ...sessionScope(accountId, eventId, id), body: changes });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkinKeys.all(accountId, eventId) }),
  });
}

export function useDeleteSession(eventId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => checkinApi.remove(sessionScope(accountId, eventId, id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkinKeys.sessions(accountId, eventId) }),
  });
}

// A session's page: its access code, its devices, its counts and arrivals.

const devicesRefreshMs = 15_000;

export function useAccessCode(eventId: string, sessionId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...checkinKeys.session(accountId, eventId, sessionId), "code"],
    queryFn: () => checkinApi.lastCode({ ...scope(accountId, eventId), query: { checkinId: sessionId } }),
  });
}

/** A new code, or the current one revoked (its devices are signed out): either way the code and devices reload. */
export function useAccessCodeChange(eventId: string, sessionId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { revoke: string } | "new"): Promise<unknown> =>
      change === "new"
        ? checkinApi.createCode({ ...scope(accountId, eventId), body: { checkinId: sessionId } })
        : checkinApi.removeCode(sessionScope(accountId, eventId, change.revoke)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkinKeys.session(accountId, eventId, sessionId) }),
  });
}

export function useDevices(eventId: string, sessionId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...checkinKeys.session(accountId, eventId, sessionId), "devices"],
    queryFn: () => checkinApi.devices({ ...scope(accountId, eventId), query: { checkinId: sessionId } }),
    refetchInterval: devicesRefreshMs,
  });
}

export const statsKey = (accountId: string, eventId: string, sessionId: string) =>
  [...checkinKeys.session(accountId, eventId, sessionId), "stats"] as const;
export const arrivalsKey = (accountId: string, eventId: string, sessionId: string) =>
  [...checkinKeys.session(accountId, eventId, sessionId), "arrivals"] as const;

export const arrivalsShown = 50;

export function useSessionStats(eventId: string, sessionId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: statsKey(accountId, eventId, sessionId),
    queryFn: () => checkinScansApi.stats(sessionScope(accountId, eventId, sessionId)),
  });
}

export function useArrivals(eventId: string, sessionId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: arrivalsKey(accountId, eventId, sessionId),
    queryFn: async (): Promise<Arrival[]> =>
      (
        await checkinScansApi.arrivals({
          ...sessionScope(accountId, eventId, sessionId),
          query: { limit: arrivalsShown },
        })
      ).items,
    placeholderData: keepPreviousData,
  });
}

/** A check-in by the organizer (a guest picked by name) or an undo; the live stream brings the new counts. */
export function useCheck(eventId: string, sessionId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckinCheckBody) =>
      checkinScansApi.check({ ...sessionScope(accountId, eventId, sessionId), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkinKeys.session(accountId, eventId, sessionId) }),
  });
}

// The event's check-in statistics.

export function useCheckinStatistics(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: checkinKeys.statistics(accountId, eventId),
    queryFn: () => checkinScansApi.statistics(scope(accountId, eventId)),
    refetchInterval: listRefreshMs,
  });
}

export function useExportStatistics(eventId: string) {
  const { accountId } = useAdminContext();
  return (format: SpreadsheetFormat) =>
    checkinScansApi.exportStatistics({ ...scope(accountId, eventId), query: { format } }) as Promise<Blob>;
}
