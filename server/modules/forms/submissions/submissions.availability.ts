import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { FormOptions, FormStatus, FormType, formAvailabilitySchema } from "../../../../contract/forms.js";
import type { Executor } from "../../../db/connection.js";
import type { EventRow } from "../../events/events.visibility.js";
import { guests } from "../../guests/guests.tables.js";

export type FormAvailability = z.infer<typeof formAvailabilitySchema>;
type FormState = { type: FormType; status: FormStatus; options: Pick<FormOptions, "opensAt" | "closesAt"> };
type EventDates = Pick<EventRow, "registrationClosesAt">;

/** The guests who take a seat: confirmed, and those waiting for the organizer's approval (companions included). */
export const attendingStatuses = ["confirmed", "pending_approval"] as const;

/**
 * SPEC §4 "registration open or closed and survey accessible or not depend on dates": a draft is offline; before
 * `opensAt` not yet open; after `closesAt` closed, and a registration also closes with the event's registration
 * closing date. Seats are not looked at here (see `formAvailability`).
 */
export function availabilityByDates(form: FormState, event: EventDates, now = new Date()): FormAvailability {
  if (form.status === "draft") return "offline";
  const { opensAt, closesAt } = form.options;
  if (opensAt && new Date(opensAt) > now) return "not_yet_open";
  if (closesAt && new Date(closesAt) <= now) return "closed";
  if (form.type === "registration" && event.registrationClosesAt && event.registrationClosesAt <= now) return "closed";
  return "open";
}

/** How many seats are taken in the event, leaving out the guests whose seats a submission is about to replace. */
export async function countAttendees(executor: Executor, eventId: string, leavingOut: string[] = []): Promise<number> {
  const conditions: SQL[] = [eq(guests.eventId, eventId), inArray(guests.status, [...attendingStatuses])];
  if (leavingOut.length > 0) conditions.push(sql`${guests.id} not in ${leavingOut}`);
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(guests)
    .where(and(...conditions));
  return row?.count ?? 0;
}

/** What a guest is told about a form now: the dates first, then for a registration whether seats are left. */
export async function formAvailability(
  executor: Executor,
  form: FormState,
  event: Pick<EventRow, "id" | "registrationClosesAt" | "maxAttendees">,
): Promise<FormAvailability> {
  const byDates = availabilityByDates(form, event);
  if (byDates !== "open" || form.type !== "registration" || event.maxAttendees === null) return byDates;
  return (await countAttendees(executor, event.id)) >= event.maxAttendees ? "full" : "open";
}
