import { and, type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../../db/connection.js";
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
  }
}

/**
 * Locks the guests matching `selection`, in the caller's transaction, before they are deleted, and returns the ids
 * of those holding a ticket: they must be kept. Locked first, so a sale running at the same time either names a guest
 * before this check sees it, or waits and then finds the guest gone.
 */
export async function lockGuestsForDeletion(context: AppContext, tx: Transaction, selection: SQL): Promise<string[]> {
  await tx.execute(sql`select count(*) from (select 1 from ${guests} where ${selection} for update) locked`);
  const holders = await tx
    .select({ id: guests.id })
    .from(guests)
    .where(and(selection, context.hooks.guestTickets.held));
  return holders.map((row) => row.id);
}
