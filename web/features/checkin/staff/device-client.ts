import routeTable from "virtual:endpoint-routes";
import type { z } from "zod";
import type { CheckinResult, checkinSearchAnswer } from "../../../../contract/checkin";
import { ApiError, clientOf } from "../../../api/client";

export type SearchItem = z.infer<typeof checkinSearchAnswer>["items"][number];

/**
 * What the scan screen asks of its session, whether the server answers each scan (live sessions) or the phone does
 * from its downloaded list (offline sessions, offline-*.ts). `unsynced` counts scans the server has not received yet;
 * `subscribe` tells when it changes (the shape useSyncExternalStore reads).
 */
export type DeviceClient = {
  scan(input: { code?: string; guestId?: string }): Promise<CheckinResult>;
  undo(checkinId: string): Promise<CheckinResult>;
  search(query: string): Promise<SearchItem[]>;
  readonly unsynced: number;
  subscribe(listener: () => void): () => void;
};

const scanApi = clientOf(routeTable.checkinScanEndpoints);

/** A request that never reached the server (or whose answer never came back): sending it again is safe. */
const lostOnTheWay = (error: unknown) => !(error instanceof ApiError) || error.status === 0;
const networkRetries = 2;

/**
 * Each scan goes to the server at once. The scan id is made once per scan, so a request lost on a flaky network is
 * sent again as the same scan: the server answers the first answer rather than a second "already checked in".
 */
export function liveDeviceClient(token: string): DeviceClient {
  const headers = { "x-checkin-device": token };
  const check = async (body: Parameters<typeof scanApi.deviceScan>[0]["body"]) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await scanApi.deviceScan({ headers, body });
      } catch (error) {
        if (attempt >= networkRetries || !lostOnTheWay(error)) throw error;
      }
    }
  };
  return {
    scan: (input) => check({ scanId: crypto.randomUUID(), ...input }),
    undo: (checkinId) => check({ undoCheckinId: checkinId }),
    search: async (query) => (await scanApi.deviceSearch({ headers, query: { query } })).items,
    unsynced: 0,
    subscribe: () => () => {},
  };
}
