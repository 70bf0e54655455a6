import routeTable from "virtual:endpoint-routes";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { z } from "zod";
import type {
  Arrival,
  CheckinLiveMessage,
  checkinDeviceSessionSchema,
  checkinJoinBody,
} from "../../../../contract/checkin";
import { endpointPath } from "../../../../contract/endpoint";
import { clientOf } from "../../../api/client";
import { deviceSessionStore, deviceTokenStore } from "./device-token";

const deviceApi = clientOf(routeTable.checkinDeviceEndpoints);
const scanApi = clientOf(routeTable.checkinScanEndpoints);

export type DeviceSession = z.infer<typeof checkinDeviceSessionSchema>["session"];
type ArrivalPage = { items: Arrival[]; total: number };

export const staffKeys = {
  session: (token: string) => ["checkin-staff", token, "session"] as const,
  arrivals: (token: string) => ["checkin-staff", token, "arrivals"] as const,
  search: (token: string, query: string) => ["checkin-staff", token, "search", query] as const,
};

const deviceHeaders = (token: string) => ({ "x-checkin-device": token });

/** Joining keeps the device's token and already holds the session the scan page opens with. */
export function useJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof checkinJoinBody>) => deviceApi.join({ body }),
    onSuccess: ({ deviceToken, session }) => {
      deviceTokenStore.set(deviceToken);
      deviceSessionStore.set(deviceToken, { session });
      queryClient.setQueryData(staffKeys.session(deviceToken), { session });
    },
  });
}

/**
 * The joined session, read again every minute: a revoked code then answers 401 even on a quiet door. The page opens
 * with the last answer kept on the phone (read again at once), so it opens with no network too.
 */
export function useDeviceSession(token: string) {
  return useQuery({
    queryKey: staffKeys.session(token),
    queryFn: async () => {
      const answer = await deviceApi.session({ headers: deviceHeaders(token) });
      deviceSessionStore.set(token, answer);
      return answer;
    },
    initialData: () => deviceSessionStore.get<z.infer<typeof checkinDeviceSessionSchema>>(token),
    initialDataUpdatedAt: 0,
    select: (answer) => answer.session,
    refetchInterval: 60_000,
  });
}

export const arrivalsShown = 8;

export function useArrivals(token: string) {
  return useQuery({
    queryKey: staffKeys.arrivals(token),
    queryFn: () => scanApi.deviceArrivals({ headers: deviceHeaders(token), query: { limit: arrivalsShown } }),
  });
}

/** The session's figures and arrivals as one live message changes them. */
function applyLiveMessage(queryClient: QueryClient, token: string, message: CheckinLiveMessage) {
  queryClient.setQueryData<{ session: DeviceSession }>(
    staffKeys.session(token),
    (answer) => answer && { session: { ...answer.session, checkedIn: message.checkedIn } },
  );
  const { arrival } = message;
  if (!arrival) {
    // An undo: which arrival left the list is not in the message, so the list is read again.
    void queryClient.invalidateQueries({ queryKey: staffKeys.arrivals(token) });
    return;
  }
  queryClient.setQueryData<ArrivalPage>(staffKeys.arrivals(token), (page) => {
    if (!page || page.items.some((item) => item.checkinId === arrival.checkinId)) return page;
    return { items: [arrival, ...page.items].slice(0, arrivalsShown), total: page.total + 1 };
  });
}

/**
 * Every open staff screen follows its session's check-ins as they happen, from any device, through server-sent events.
 * EventSource reconnects by itself after a network cut; a stream the server closed for good (a revoked device) makes
 * the session be read again, whose 401 sends the phone back to the join page.
 */
export function useLiveUpdates(token: string, sessionId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const url = `${endpointPath(routeTable.checkinScanEndpoints.endpoints.deviceLive)}?device=${encodeURIComponent(token)}`;
    const source = new EventSource(url);
    source.onmessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as CheckinLiveMessage;
      if (message.sessionId === sessionId) applyLiveMessage(queryClient, token, message);
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        void queryClient.invalidateQueries({ queryKey: staffKeys.session(token) });
      }
    };
    return () => source.close();
  }, [queryClient, token, sessionId]);
}
