import { and, count, eq, inArray, ne, not, notInArray, or, sql } from "drizzle-orm";
import type { HolderBody } from "../../../../contract/ticketing-orders.js";
import type { Executor } from "../../../db/connection.js";
import { prefixedPlaceholders, preparedStatementsBy, valuesOfRows } from "../../../db/prepared.js";
import { AppError } from "../../../platform/errors.js";
import { events } from "../../events/events.tables.js";
import type { EventRow } from "../../events/events.visibility.js";
import { attendingStatuses } from "../../forms/submissions/submissions.availability.js";
import { type GuestRow, searchTextOf } from "../../guests/guests.list.js";
import { guests } from "../../guests/guests.tables.js";
import { orderItems, orders, tickets } from "../ticketing.tables.js";

/*
 * The people of a cart: the buyer and the holders are guests of the event, matched by email and created when new,
 * and locked for the cart's transaction. Locked, two carts naming one guest go one after the other, so the rules
 * below read what the other one wrote: a guest holds one unit of a ticket, the event seats its maximum.
 */

export type GuestSource = "registration" | "admin";

/** The guests of a cart by lower-case email, and the ids of those the cart just created. */
export type People = { guests: Map<string, GuestRow>; created: Set<string> };

const newGuestColumns = ["eventId", "email", "firstName", "lastName", "createdSource", "searchText"] as const;

/** New guests of a count of people, none for an email the event has: a statement built once per count. */
const guestsInsertion = preparedStatementsBy((executor, count: number) =>
  executor
    .insert(guests)
    .values(Array.from({ length: count }, (_, index) => prefixedPlaceholders(`${index}_`, newGuestColumns)))
    .onConflictDoNothing()
    .returning()
    .prepare(`guests_insertion_${count}`),
);

/**
 * The guests of these people by lower-case email: new ones inserted (a concurrent insert of the same email waits
 * for the other's commit and keeps its guest), all of them locked in id order. Existing guests keep their names.
 */
export async function lockGuestsByEmail(
  executor: Executor,
  eventId: string,
  people: readonly HolderBody[],
  source: GuestSource,
): Promise<People> {
  const byEmail = new Map<string, HolderBody>();
  for (const person of people) {
    if (!byEmail.has(person.email.toLowerCase())) byEmail.set(person.email.toLowerCase(), person);
  }
  const emails = [...byEmail.keys()].sort();
  if (emails.length === 0) return { guests: new Map(), created: new Set() };
  const rows = emails.map((email) => {
    const { firstName, lastName } = byEmail.get(email) as HolderBody;
    const searchText = searchTextOf({ firstName, lastName, email, company: "" });
    return { eventId, email, firstName, lastName, createdSource: source, searchText };
  });
  const inserted = await guestsInsertion(rows.length)(executor).execute(valuesOfRows(rows));
  const created = new Set(inserted.map((row) => row.id));
  // Inserted rows are this transaction's own; only the guests that existed need their lock taken.
  const existing =
    inserted.length === emails.length
      ? []
      : await executor
          .select()
          .from(guests)
          .where(
            and(
              eq(guests.eventId, eventId),
              sql`lower(${guests.email}) = any(${sql.param(emails)}::text[])`,
              inserted.length > 0 ? notInArray(guests.id, [...created]) : undefined,
            ),
          )
          .orderBy(guests.id)
          .for("update");
  const locked = [...inserted, ...existing];
  return { guests: new Map(locked.map((row) => [row.email?.toLowerCase() ?? "", row])), created };
}

/** A live ticket unit held by the guest of the outer query: an item of a ticket (not an option) not refunded, in an
 * order not cancelled. A condition for a where clause (in a select list Drizzle would write its columns bare). */
const holdsLiveUnit = (leavingOut: string[]) => sql`exists (select 1 from ${orderItems}
  inner join ${orders} on ${orders.id} = ${orderItems.orderId}
  inner join ${tickets} on ${tickets.id} = ${orderItems.ticketId}
  where ${orderItems.holderGuestId} = ${guests.id} and not ${orderItems.refunded} and not ${tickets.isOption}
    and ${orders.status} <> 'cancelled'
    ${leavingOut.length > 0 ? sql`and ${orders.id} not in ${leavingOut}` : sql``})`;

/**
 * SPEC §8 "You already own this ticket.": a guest holds at most one unit of a ticket, in this cart and in their other
 * orders (those in `leavingOut`, which this cart replaces, left out).
 */
export async function checkOwnership(
  executor: Executor,
  all: readonly { guestId: string; ticketId: string; field: string }[],
  leavingOut: string[],
  created: ReadonlySet<string> = new Set(),
) {
  const seen = new Set<string>();
  for (const holding of all) {
    const key = `${holding.guestId}:${holding.ticketId}`;
    if (seen.has(key)) throw alreadyOwned(holding.field);
    seen.add(key);
  }
  // A guest this cart created holds nothing elsewhere.
  const holdings = all.filter((holding) => !created.has(holding.guestId));
  if (holdings.length === 0) return;
  const owned = await executor
    .select({ guestId: orderItems.holderGuestId, ticketId: orderItems.ticketId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.holderGuestId, [...new Set(holdings.map((holding) => holding.guestId))]),
        inArray(orderItems.ticketId, [...new Set(holdings.map((holding) => holding.ticketId))]),
        eq(orderItems.refunded, false),
        ne(orders.status, "cancelled"),
        leavingOut.length > 0 ? notInArray(orders.id, leavingOut) : undefined,
      ),
    )
    .limit(holdings.length);
  const clash = holdings.find((holding) =>
    owned.some((row) => row.guestId === holding.guestId && row.ticketId === holding.ticketId),
  );
  if (clash) throw alreadyOwned(clash.field);
}

const alreadyOwned = (field: string) =>
  new AppError(409, "TICKET_ALREADY_OWNED", { fields: { [field]: { code: "TICKET_ALREADY_OWNED" } } });

/**
 * SPEC §3 max attendees: the guests who take a seat (attending by their status, or holding a live ticket unit) and
 * the holders this cart adds must fit. The event row is locked so concurrent carts and registrations count one
 * after another; "no key update", as the registrations do (forms/submissions), because the orders and guests just
 * written already hold a key-share lock on it.
 */
export async function checkSeats(executor: Executor, event: EventRow, holderIds: string[], leavingOut: string[]) {
  if (event.maxAttendees === null || holderIds.length === 0) return;
  await executor.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for("no key update");
  const seated = or(inArray(guests.status, [...attendingStatuses]), holdsLiveUnit(leavingOut));
  const [taken] = await executor
    .select({ count: count() })
    .from(guests)
    .where(and(eq(guests.eventId, event.id), seated));
  const [newcomers] = await executor
    .select({ count: count() })
    .from(guests)
    .where(and(inArray(guests.id, [...new Set(holderIds)]), not(seated ?? sql`false`)));
  if ((taken?.count ?? 0) + (newcomers?.count ?? 0) > event.maxAttendees) throw new AppError(409, "EVENT_FULL");
}
