import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/connection.js";
import { storedFiles } from "../../platform/files.tables.js";
import { sharedFiles } from "./shared-files.tables.js";

/**
 * The files shared with guests who go are personal documents (certificates, invoices made for them): they go with
 * them, at the retention run that anonymizes them as when they are deleted. Their keys are answered, for the store.
 * The stored files are deleted first, read through the shared-file rows that still name them.
 */
export async function deleteGuestsSharedFiles(executor: Executor, guestIds: SQL): Promise<string[]> {
  const released = await executor
    .delete(storedFiles)
    .where(
      and(
        eq(storedFiles.purpose, "content.shared_file"),
        sql`${storedFiles.id} in (select ${sharedFiles.fileId} from ${sharedFiles}
          where ${sharedFiles.guestId} in ${guestIds})`,
      ),
    )
    .returning({ storageKey: storedFiles.storageKey });
  await executor.delete(sharedFiles).where(sql`${sharedFiles.guestId} in ${guestIds}`);
  return released.map((file) => file.storageKey);
}

/**
 * A merged duplicate's shared files become the kept guest's (duplicates are of one event). Their dates stay: the
 * member area shows when each was shared and downloaded, which the merge does not change.
 */
export async function moveSharedFiles(tx: Transaction, fromGuestId: string, toGuestId: string): Promise<void> {
  await tx.update(sharedFiles).set({ guestId: toGuestId }).where(eq(sharedFiles.guestId, fromGuestId));
}
