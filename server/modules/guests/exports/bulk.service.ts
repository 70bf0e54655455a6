import { and, inArray, not, sql } from "drizzle-orm";
import type { z } from "zod";
import { type GuestBulkResult, type guestBulkBody, guestFilterSchema } from "../../../../contract/guest-export.js";
import type { AppContext } from "../../../platform/context.js";
import { recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { requireEvent } from "../../events/events.visibility.js";
import { lockGuestsForDeletion, releaseGuestFiles, removeReleasedFiles } from "../guest-deletion.js";
import { guestListConditions } from "../guests.list.js";
import { guests } from "../guests.tables.js";

type BulkBody = z.infer<typeof guestBulkBody>;

/**
 * A grouped action on the selected guests in one statement: the ids, or every guest matching the filter as it is
 * now (not the ids the browser saw earlier). One audit row tells what was done and to how many.
 */
export async function runBulkAction(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  { selection, action }: BulkBody,
): Promise<GuestBulkResult> {
  const { result, releasedFiles } = await context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update");
    const ids = selection.ids && [...new Set(selection.ids)];
    const where = and(
      guestListConditions(eventId, selection.filter ?? guestFilterSchema.parse({})),
      ids ? inArray(guests.id, ids) : undefined,
    );
    const audit = (name: string, after: Record<string, unknown>) =>
      recordAudit(
        tx,
        access.principal,
        {
          accountId: access.accountId,
          eventId,
          action: name,
          targetType: "guest",
          // The selection's size, not its ids: a grouped action may name thousands of guests.
          after: { ...after, selectedIds: ids?.length ?? null, filter: selection.filter ?? null },
        },
        ip,
      );

    if (action.type === "setStatus") {
      const updated = await tx
        .update(guests)
        .set({ status: action.status, updatedAt: new Date() })
        .where(where)
        .returning({ id: guests.id });
      await audit("guests.guests.statusChanged", { status: action.status, count: updated.length });
      return { result: { updated: updated.length, notDeleted: [] }, releasedFiles: [] };
    }
    // Guests holding a ticket are kept, and listed in notDeleted even when the selection was a filter.
    const holders = await lockGuestsForDeletion(context, tx, where ?? sql`false`);
    const deleting = and(where, not(context.hooks.guestTickets.held)) ?? sql`false`;
    const releasedFiles = await releaseGuestFiles(context, tx, deleting);
    const deleted = await tx.delete(guests).where(deleting).returning({ id: guests.id });
    const deletedIds = new Set(deleted.map((row) => row.id));
    await audit("guests.guests.deleted", { count: deleted.length, keptTicketHolders: holders.length });
    const notDeleted = ids ? ids.filter((id) => !deletedIds.has(id)) : holders;
    return { result: { deleted: deleted.length, notDeleted }, releasedFiles };
  });
  await removeReleasedFiles(context, releasedFiles);
  return result;
}
