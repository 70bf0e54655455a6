import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { OfflinePass } from "../../../../contract/checkin";

/**
 * A scan made on the phone of an offline session. Its id is the check-in's id on the server once uploaded (the
 * server's sync is idempotent by it), and an undo names the same id. `pending` is 1 while the server has not heard of
 * the scan or of its undo (an IndexedDB index cannot hold booleans).
 */
export type StoredScan = {
  scanId: string;
  passKey: string;
  /** What was scanned: the QR code's text, or the guest picked by name. */
  code?: string;
  guestId?: string;
  scannedAt: string;
  synced: boolean;
  undoneAt?: string;
  undoSynced?: boolean;
  pending: 0 | 1;
};

/** When the guest list was downloaded, and what the server said of the uploads so far. */
export type OfflineMeta = {
  generatedAt: string | null;
  lastSyncAt: string | null;
  /** Scans the server recorded as flagged: their guest was already in, checked in at another door. */
  flagged: number;
};

interface OfflineSchema extends DBSchema {
  passes: { key: string; value: OfflinePass };
  scans: { key: string; value: StoredScan; indexes: { pending: number } };
  meta: { key: "meta"; value: OfflineMeta };
}

export type OfflineDatabase = IDBPDatabase<OfflineSchema>;

/** A short name for a device token: each joined session keeps its own list and scans on a phone. */
function tokenDigest(token: string) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index++) {
    hash = Math.imul(hash ^ token.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export function openOfflineDatabase(token: string): Promise<OfflineDatabase> {
  return openDB<OfflineSchema>(`checkin-offline-${tokenDigest(token)}`, 1, {
    upgrade(db) {
      db.createObjectStore("passes", { keyPath: "passKey" });
      db.createObjectStore("scans", { keyPath: "scanId" }).createIndex("pending", "pending");
      db.createObjectStore("meta");
    },
  });
}

const emptyMeta: OfflineMeta = { generatedAt: null, lastSyncAt: null, flagged: 0 };

export async function readStore(db: OfflineDatabase) {
  const [passes, scans, meta] = await Promise.all([db.getAll("passes"), db.getAll("scans"), db.get("meta", "meta")]);
  return { passes, scans, meta: meta ?? emptyMeta };
}

/** A new list replaces the old one whole, in one transaction: a phone never scans against half a list. */
export async function replacePasses(db: OfflineDatabase, passes: OfflinePass[], meta: OfflineMeta) {
  const transaction = db.transaction(["passes", "meta"], "readwrite");
  const store = transaction.objectStore("passes");
  await store.clear();
  await Promise.all([...passes.map((pass) => store.put(pass)), transaction.objectStore("meta").put(meta, "meta")]);
  await transaction.done;
}

export async function putScan(db: OfflineDatabase, scan: StoredScan) {
  await db.put("scans", scan);
}

/** The scans uploaded by a successful sync, as they are now (an undo may have come meanwhile), and the new figures. */
export async function putSynced(db: OfflineDatabase, scans: StoredScan[], meta: OfflineMeta) {
  const transaction = db.transaction(["scans", "meta"], "readwrite");
  const store = transaction.objectStore("scans");
  await Promise.all([...scans.map((scan) => store.put(scan)), transaction.objectStore("meta").put(meta, "meta")]);
  await transaction.done;
}
