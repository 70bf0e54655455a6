import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { isEmptyValue } from "../../../../contract/field-values.js";
import type { Guest } from "../../../../contract/guests.js";
import type { Transaction } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, notFound } from "../../../platform/errors.js";
import { recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { events } from "../../events/events.tables.js";
import { type GuestRow, searchTextOf, toGuest } from "../guests.list.js";
import { guests } from "../guests.tables.js";
import { recommendations } from "../recommendations/recommendations.tables.js";
import { orderedPair } from "./duplicates.service.js";
import { duplicateDecisions } from "./duplicates.tables.js";

/** Fields where user1's default value counts as "empty" and gives way to user2's. */
const textFields = ["firstName", "lastName", "company", "jobTitle", "phone", "prescriber"] as const;
const nullableFields = ["civility", "email", "mailStatus"] as const;
const countFields = ["companionsExpected", "namelessCompanions"] as const;

/** user1 with each of its empty fields filled from user2; links that would point at the pair itself are dropped. */
function mergedValues(keep: GuestRow, gone: GuestRow) {
  const next: GuestRow = { ...keep };
  for (const key of textFields) if (keep[key].trim() === "") next[key] = gone[key];
  for (const key of nullableFields) if (keep[key] === null) Object.assign(next, { [key]: gone[key] });
  for (const key of countFields) if (keep[key] === 0) next[key] = gone[key];
  // "Not responded" is where every guest starts: any answer user2 gave says more.
  if (keep.status === "not_responded") next.status = gone.status;
  if (!keep.registered && gone.registered) {
    next.registered = true;
    next.registeredAt = gone.registeredAt;
  }
  const customFields = { ...gone.customFields };
  for (const [fieldId, value] of Object.entries(keep.customFields)) {
    if (!isEmptyValue(value)) customFields[fieldId] = value;
  }
  next.customFields = customFields;
  const pair = new Set([keep.id, gone.id]);
  const link = (own: string | null, other: string | null) => {
    const chosen = own ?? other;
    return chosen && !pair.has(chosen) ? chosen : null;
  };
  next.hostId = link(keep.hostId, gone.hostId);
  next.godfatherId = link(keep.godfatherId, gone.godfatherId);
  return next;
}

async function lockPair(tx: Transaction, eventId: string, ids: [string, string]) {
  const rows = await tx
    .select()
    .from(guests)
    .where(and(eq(guests.eventId, eventId), inArray(guests.id, ids)))
    .for("update");
  const keep = rows.find((row) => row.id === ids[0]);
  const gone = rows.find((row) => row.id === ids[1]);
  if (!keep || !gone) throw notFound();
  return { keep, gone };
}

/**
 * SPEC §3 max companions holds after a merge too: two hosts whose named companions together pass the event's maximum
 * are not merged ("The companion could not be added."); the organizer first moves or removes some companions.
 */
async function checkCompanionsAfterMerge(tx: Transaction, eventId: string, [user1, user2]: [string, string]) {
  const [row] = await tx
    .select({ companions: sql<number>`count(*)::int`, max: sql<number>`min(${events.maxCompanions})` })
    .from(guests)
    .innerJoin(events, eq(events.id, guests.eventId))
    // The pair itself leaves the count: user2 goes, and user1 is no companion of its own.
    .where(and(eq(guests.eventId, eventId), eq(guests.hostId, user1), notInArray(guests.id, [user1, user2])));
  if (row && row.companions > row.max) throw new AppError(409, "COMPANION_NOT_ADDED");
}

/**
 * GET duplicates/mergeJson: user2 is merged into user1 in one transaction. user1 keeps its values and takes user2's
 * where it has none; user2's companions, godsons, recommendations, tickets, orders and shared files move to user1;
 * user2 is deleted. Its audit rows stay under its id, and the merged decision ties both ids together.
 */
export async function mergeDuplicates(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  user1: string,
  user2: string,
): Promise<Guest> {
  return context.db.transaction(async (tx) => {
    const { keep, gone } = await lockPair(tx, eventId, [user1, user2]);
    const next = mergedValues(keep, gone);
    await tx.update(guests).set({ hostId: user1 }).where(eq(guests.hostId, user2));
    await checkCompanionsAfterMerge(tx, eventId, [user1, user2]);
    await tx.update(guests).set({ godfatherId: user1 }).where(eq(guests.godfatherId, user2));
    await tx.update(recommendations).set({ recommenderId: user1 }).where(eq(recommendations.recommenderId, user2));
    await tx.update(recommendations).set({ guestId: user1 }).where(eq(recommendations.guestId, user2));
    await context.hooks.guestTickets.move(tx, user2, user1);
    for (const move of context.hooks.guestFileMoves) await move(tx, user2, user1);
    // Deleted before user1 takes its email, which the unique index holds until then.
    await tx.delete(guests).where(eq(guests.id, user2));
    // Written last: it also undoes the re-pointing above where user1 was user2's own companion or godson.
    const { id: _id, createdAt: _createdAt, ...values } = next;
    const [row] = await tx
      .update(guests)
      .set({ ...values, searchText: searchTextOf(next), updatedAt: new Date() })
      .where(eq(guests.id, user1))
      .returning();
    if (!row) throw notFound();
    const [guestA, guestB] = orderedPair(user1, user2);
    const decidedBy = access.principal.kind === "user" ? access.principal.userId : null;
    await tx
      .insert(duplicateDecisions)
      .values({ eventId, guestA, guestB, decision: "merged", decidedBy })
      .onConflictDoUpdate({
        target: [duplicateDecisions.eventId, duplicateDecisions.guestA, duplicateDecisions.guestB],
        set: { decision: "merged", decidedBy, createdAt: new Date() },
      });
    const summary = (guest: GuestRow) => ({
      id: guest.id,
      firstName: guest.firstName,
      lastName: guest.lastName,
      email: guest.email,
    });
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "guests.duplicate.merged",
        targetType: "guest",
        targetId: user1,
        before: { user1: summary(keep), user2: summary(gone) },
        after: { user1: summary(row), mergedId: user2 },
      },
      ip,
    );
    return toGuest(tx, row);
  });
}
