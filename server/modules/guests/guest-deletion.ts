import { and, type SQL, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { guests } from "./guests.tables.js";

declare module "../../platform/context.js" {
  interface ModuleHooks {
    /** What guests' tickets ask of guests: ticketing sits above this module, whose guests its orders name. */
    guestTickets: {
      /**
       * The one definition of "a guest holds a ticket" (SPEC §8 "They may have a ticket."), as a condition on a guests
       * row. Every way of deleting guests keeps those for whom it is true.
       */
      held: SQL;
      /** A merged duplicate's tickets and orders move to the guest it was merged into. */
      move: (tx: Transaction, fromGuestId: string, toGuestId: string) => Promise<void>;
    };
    /**
     * The modules above this one that keep files of a guest (shared files) delete their rows, in the transaction that
     * deletes the guests, and answer the storage keys: the cascade would drop the rows but leave the bytes.
     */
    guestFileReleases: GuestFileRelease[];
    /** The same modules give a merged duplicate's files to the guest it was merged into. */
    guestFileMoves: ((tx: Transaction, fromGuestId: string, toGuestId: string) => Promise<void>)[];
  }
}

/** Given the ids of guests about to go (a subquery), deletes the rows of their files and answers the storage keys. */
export type GuestFileRelease = (executor: Executor, guestIds: SQL) => Promise<string[]>;

/**
 * Locks the guests matching `selection`, in the caller's transaction, before they are deleted, and returns the ids
 * of those holding a ticket: they must be kept. Locked first, so a sale running at the same time either names a guest
 * before this check sees it, or waits and then finds the guest gone.
 */
export async function lockGuestsForDeletion(context: AppContext, tx: Executor, selection: SQL): Promise<string[]> {
  await tx.execute(sql`select count(*) from (select 1 from ${guests} where ${selection} for update) locked`);
  const holders = await tx
    .select({ id: guests.id })
    .from(guests)
    .where(and(selection, context.hooks.guestTickets.held));
  return holders.map((row) => row.id);
}

/**
 * Asks the modules above to release the files of the guests matching `selection`, which the caller deletes next in the
 * same transaction; answers the storage keys to give `removeReleasedFiles` once committed.
 */
export async function releaseGuestFiles(context: AppContext, tx: Transaction, selection: SQL): Promise<string[]> {
  const guestIds = sql`(select ${guests.id} from ${guests} where ${selection})`;
  const keys: string[] = [];
  for (const release of context.hooks.guestFileReleases) keys.push(...(await release(tx, guestIds)));
  return keys;
}

/**
 * After the commit: a rolled-back deletion keeps its files. A removal that fails leaves bytes no row names, never a row
 * naming no bytes.
 */
export async function removeReleasedFiles(context: AppContext, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => context.files.remove(key)));
}
