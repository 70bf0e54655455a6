import routeTable from "virtual:endpoint-routes";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Arrival, CheckinLiveMessage, CheckinStats } from "../../../contract/checkin";
import { endpointPath } from "../../../contract/endpoint";
import { sessionStore } from "../../api/client";
import i18n from "../../i18n/i18n";
import { useAdminContext } from "../../ui/admin-context";
import { readEventStream } from "../../ui/event-stream";
import { arrivalsKey, arrivalsShown, checkinKeys, statsKey } from "./checkin.queries";

/**
 * Keeps a session's dashboard live: each message of the session's `live` stream sets its checked-in count and puts
 * its arrival on top of the list at once, with no reload. A message without an arrival (an undo, an offline upload)
 * or a flagged one changes what a count alone cannot say, so the counts and list are read again.
 */
export function useLiveSession(eventId: string, sessionId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    const reload = () =>
      queryClient.invalidateQueries({ queryKey: checkinKeys.session(accountId, eventId, sessionId) });
    const apply = (message: CheckinLiveMessage) => {
      queryClient.setQueryData<CheckinStats>(statsKey(accountId, eventId, sessionId), (stats) =>
        stats ? { ...stats, checkedIn: message.checkedIn } : stats,
      );
      const { arrival } = message;
      if (!arrival || arrival.flagged) return void reload();
      if (arrival.sessionId !== sessionId) return;
      queryClient.setQueryData<Arrival[]>(arrivalsKey(accountId, eventId, sessionId), (list = []) =>
        list.some((known) => known.checkinId === arrival.checkinId) ? list : [arrival, ...list].slice(0, arrivalsShown),
      );
    };
    const token = sessionStore.get();
    let reconnecting = false;
    readEventStream(
      endpointPath(routeTable.checkinScanEndpoints.endpoints.live, {
        account: accountId,
        event: eventId,
        id: sessionId,
      }),
      {
        headers: { ...(token && { authorization: `Bearer ${token}` }), "accept-language": i18n.language },
        signal: controller.signal,
        onMessage: (data) => apply(JSON.parse(data) as CheckinLiveMessage),
        // Scans made while the stream was down reached no one: what the screen shows is read again.
        onOpen: () => {
          if (reconnecting) void reload();
          reconnecting = true;
        },
      },
    );
    return () => controller.abort();
  }, [accountId, eventId, sessionId, queryClient]);
}
