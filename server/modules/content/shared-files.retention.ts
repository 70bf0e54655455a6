import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection.js";
import { storedFiles } from "../../platform/files.tables.js";
import { sharedFiles } from "./shared-files.tables.js";

/**
 * Retention: the files shared with anonymized guests are personal documents (certificates, invoices, badges made for
 * them), so they go with their rows; their keys are answered, for the store. The stored files are deleted first, read
 * through the shared-file rows that still name them.
 */
export async function anonymizeSharedFiles(executor: Executor, guestIds: SQL): Promise<string[]> {
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
