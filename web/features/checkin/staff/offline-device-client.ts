import routeTable from "virtual:endpoint-routes";
import type { CheckinGuest, CheckinRefusal, CheckinResult, OfflinePass } from "../../../../contract/checkin";
import { ApiError, clientOf } from "../../../api/client";
import i18n from "../../../i18n/i18n";
import type { DeviceClient, SearchItem } from "./device-client";
import {
  type OfflineDatabase,
  type OfflineMeta,
  openOfflineDatabase,
  putScan,
  putSynced,
  readStore,
  replacePasses,
  type StoredScan,
} from "./offline-store";

const scanApi = clientOf(routeTable.checkinScanEndpoints);

/** The server takes 5,000 scans a call (contract checkinSyncBody). */
export const syncBatchSize = 5000;
const syncEveryMs = 15_000;
/** A scan made with network is uploaded soon after, once the next few scans of a queue have joined it. */
const syncAfterScanMs = 2_000;
const searchResultsShown = 20;

/** What the offline panel shows: how far the phone is from the server. */
export type OfflineState = {
  loaded: boolean;
  passes: number;
  listGeneratedAt: string | null;
  lastSyncAt: string | null;
  flagged: number;
  unsynced: number;
  syncing: boolean;
  downloading: boolean;
  /** The last sync or download that failed, in the user's language; cleared by the next that succeeds. */
  problem: { action: "sync" | "download"; message: string } | null;
};

export type OfflineDeviceClient = DeviceClient & {
  readonly state: OfflineState;
  syncNow(): Promise<void>;
  refreshList(): Promise<void>;
  /** Starts uploading on its own (at start, every few seconds, when the network is back); returns the stop. */
  start(): () => void;
};

type Session = { name: string };
type Place = NonNullable<CheckinResult["previous"]>;

/** Lower case without accents, as the server writes a pass's `searchText`. */
const searchForm = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

const failureMessage = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 ? error.message : i18n.t("checkinStaff.offline.noNetwork");

/**
 * An offline session's scanning (issue 20 "Offline"): every scan is answered on the phone from the guest list
 * downloaded with each pass's verdict, stored in IndexedDB with its own id and time, and uploaded when the network is
 * there. A pass already in (in the list, or scanned on this phone) is refused with the time and door of its entry;
 * a guest scanned meanwhile at another offline door is the server's to flag.
 */
export function offlineDeviceClient(token: string, session: Session): OfflineDeviceClient {
  const headers = { "x-checkin-device": token };
  const listeners = new Set<() => void>();
  let state: OfflineState = {
    loaded: false,
    passes: 0,
    listGeneratedAt: null,
    lastSyncAt: null,
    flagged: 0,
    unsynced: 0,
    syncing: false,
    downloading: false,
    problem: null,
  };
  let meta: OfflineMeta = { generatedAt: null, lastSyncAt: null, flagged: 0 };
  const passByCode = new Map<string, OfflinePass>();
  const passesOfGuest = new Map<string, OfflinePass[]>();
  let passes: OfflinePass[] = [];
  const scans = new Map<string, StoredScan>();
  /** The scan that let each pass in on this phone and was not undone. */
  const standing = new Map<string, StoredScan>();

  const update = (change: Partial<OfflineState>) => {
    const unsynced = [...scans.values()].filter((scan) => scan.pending === 1).length;
    state = {
      ...state,
      passes: passes.length,
      listGeneratedAt: meta.generatedAt,
      lastSyncAt: meta.lastSyncAt,
      flagged: meta.flagged,
      unsynced,
      ...change,
    };
    for (const listener of listeners) listener();
  };

  const takePasses = (list: OfflinePass[]) => {
    passes = list;
    passByCode.clear();
    passesOfGuest.clear();
    for (const pass of list) {
      for (const code of pass.codes) passByCode.set(code, pass);
      passesOfGuest.set(pass.guest.id, [...(passesOfGuest.get(pass.guest.id) ?? []), pass]);
    }
  };
  const remember = (scan: StoredScan) => {
    scans.set(scan.scanId, scan);
    if (scan.undoneAt) standing.delete(scan.passKey);
    else standing.set(scan.passKey, scan);
  };

  const database: Promise<OfflineDatabase> = openOfflineDatabase(token).then(async (db) => {
    const stored = await readStore(db);
    meta = stored.meta;
    takePasses(stored.passes);
    for (const scan of stored.scans.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt))) remember(scan);
    update({ loaded: true });
    return db;
  });

  const placeOf = (scan: StoredScan) => ({ checkinId: scan.scanId, at: scan.scannedAt, sessionName: session.name });
  /** Where a pass already went in: on this phone, or anywhere when the list was downloaded. */
  const entryOf = (pass: OfflinePass) => {
    const local = standing.get(pass.passKey);
    return local ? placeOf(local) : pass.checkedIn;
  };
  const refused = (
    refusal: CheckinRefusal,
    guest: CheckinGuest | null,
    previous: Place | null = null,
  ): CheckinResult => ({
    outcome: "refused",
    refusal,
    checkin: null,
    previous,
    guest,
  });

  const passOf = (input: { code?: string; guestId?: string }) => {
    if (input.code) return passByCode.get(input.code.trim());
    if (!input.guestId) return undefined;
    const ofGuest = passesOfGuest.get(input.guestId) ?? [];
    return ofGuest.find((pass) => pass.passKey === `g:${input.guestId}`) ?? ofGuest[0];
  };

  let syncing: Promise<void> | null = null;
  const syncNow = () => {
    syncing ??= upload().finally(() => {
      syncing = null;
    });
    return syncing;
  };
  const upload = async () => {
    const db = await database;
    update({ syncing: true });
    try {
      for (;;) {
        const batch = [...scans.values()].filter((scan) => scan.pending === 1).slice(0, syncBatchSize);
        if (batch.length === 0) break;
        const sent = batch.map((scan) => ({ ...scan }));
        const uploaded = [
          ...sent
            .filter((scan) => !scan.synced)
            .map(({ scanId, code, guestId, scannedAt }) => ({ scanId, code, guestId, scannedAt, undo: false })),
          ...sent
            .filter((scan) => scan.undoneAt && !scan.undoSynced)
            .map(({ scanId, undoneAt }) => ({ scanId, scannedAt: undoneAt ?? "", undo: true })),
        ];
        const answer = await scanApi.deviceSync({ headers, body: { scans: uploaded } });
        // An undo made while the upload was on its way is still to send.
        const done = sent.map((before) => {
          const now = scans.get(before.scanId) ?? before;
          const undoSynced = Boolean(before.undoneAt) && now.undoneAt === before.undoneAt;
          return { ...now, synced: true, undoSynced, pending: now.undoneAt && !undoSynced ? 1 : 0 } as StoredScan;
        });
        meta = { ...meta, lastSyncAt: new Date().toISOString(), flagged: meta.flagged + answer.flagged };
        await putSynced(db, done, meta);
        for (const scan of done) remember(scan);
        update({ problem: null });
      }
    } catch (error) {
      update({ problem: { action: "sync", message: failureMessage(error) } });
      throw error;
    } finally {
      update({ syncing: false });
    }
  };

  const refreshList = async () => {
    const db = await database;
    update({ downloading: true });
    try {
      const list = await scanApi.deviceOfflineList({ headers });
      meta = { ...meta, generatedAt: list.generatedAt };
      await replacePasses(db, list.passes, meta);
      takePasses(list.passes);
      update({ problem: null });
    } catch (error) {
      update({ problem: { action: "download", message: failureMessage(error) } });
      throw error;
    } finally {
      update({ downloading: false });
    }
  };

  let syncSoon: ReturnType<typeof setTimeout> | undefined;
  const syncWhenOnline = () => {
    if (navigator.onLine && state.unsynced > 0) syncNow().catch(() => {});
  };

  return {
    get state() {
      return state;
    },
    get unsynced() {
      return state.unsynced;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    syncNow,
    refreshList,

    async scan(input) {
      const db = await database;
      if (passes.length === 0) throw new Error(i18n.t("checkinStaff.offline.noList"));
      const pass = passOf(input);
      if (!pass) return refused("unknown_code", null);
      const entry = entryOf(pass);
      if (entry) return refused("already_checked_in", pass.guest, entry);
      if (pass.refusal) return refused(pass.refusal, pass.guest);
      const scan: StoredScan = {
        scanId: crypto.randomUUID(),
        passKey: pass.passKey,
        ...(input.code ? { code: input.code.trim() } : { guestId: pass.guest.id }),
        scannedAt: new Date().toISOString(),
        synced: false,
        pending: 1,
      };
      await putScan(db, scan);
      remember(scan);
      update({});
      clearTimeout(syncSoon);
      syncSoon = setTimeout(syncWhenOnline, syncAfterScanMs);
      return { outcome: "accepted", refusal: null, checkin: placeOf(scan), previous: null, guest: pass.guest };
    },

    async undo(checkinId) {
      const db = await database;
      const scan = scans.get(checkinId);
      if (!scan || scan.undoneAt) throw new Error(i18n.t("checkinStaff.offline.undoElsewhere"));
      const undone: StoredScan = { ...scan, undoneAt: new Date().toISOString(), undoSynced: false, pending: 1 };
      await putScan(db, undone);
      remember(undone);
      update({});
      const guest = passes.find((pass) => pass.passKey === scan.passKey)?.guest ?? null;
      return { outcome: "undone", refusal: null, checkin: placeOf(scan), previous: null, guest };
    },

    async search(query) {
      await database;
      const words = searchForm(query).split(/\s+/).filter(Boolean);
      const found = new Map<string, SearchItem>();
      for (const pass of passes) {
        if (found.size >= searchResultsShown) break;
        if (found.has(pass.guest.id) || !words.every((word) => pass.searchText.includes(word))) continue;
        const guestPass = passOf({ guestId: pass.guest.id }) ?? pass;
        found.set(pass.guest.id, { ...guestPass.guest, checkedIn: entryOf(guestPass) });
      }
      return [...found.values()];
    },

    start() {
      const timer = setInterval(syncWhenOnline, syncEveryMs);
      window.addEventListener("online", syncWhenOnline);
      void database.then(() => {
        if (passes.length === 0 && navigator.onLine) refreshList().catch(() => {});
        syncWhenOnline();
      });
      return () => {
        clearInterval(timer);
        clearTimeout(syncSoon);
        window.removeEventListener("online", syncWhenOnline);
      };
    },
  };
}
