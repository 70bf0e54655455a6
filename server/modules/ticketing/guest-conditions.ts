import { and, type SQL, sql } from "drizzle-orm";
import type { GuestConditions } from "../../../contract/guest-conditions.js";
import { guests } from "../guests/guests.tables.js";
import { orderItems, orders, tickets } from "./ticketing.tables.js";

/**
 * The one reading of SPEC §3 "conditions" (check-in sessions, e-badges) as a condition on a `guests` row: every part
 * that is set must hold, any value within a part may match. It lives in ticketing because it reads guests and their
 * tickets, and ticketing sits above guests. Undefined when nothing is set: every guest.
 *
 * A ticket counts when it is paid for and not refunded: its order completed or partly refunded, the item itself not
 * refunded (a cart or an unpaid order does not let anyone in).
 */
export const validTicketOfGuest = (extra?: SQL) =>
  sql`exists (select 1 from ${orderItems} inner join ${orders} on ${orders.id} = ${orderItems.orderId}
    inner join ${tickets} on ${tickets.id} = ${orderItems.ticketId}
    where ${orderItems.holderGuestId} = ${guests.id} and not ${orderItems.refunded}
      and ${orders.status} in ('completed', 'partially_refunded')${extra ? sql` and ${extra}` : sql``})`;

/** A list is bound as one array parameter (`sql.param`): interpolated bare, Drizzle would spread it into `($1, $2)`. */
export function guestConditionsSql(conditions: GuestConditions | null | undefined): SQL | undefined {
  if (!conditions) return undefined;
  const parts: SQL[] = [];
  if (conditions.statuses.length > 0)
    parts.push(sql`${guests.status} = any(${sql.param(conditions.statuses)}::text[])`);
  if (conditions.ticketIds.length > 0) {
    parts.push(validTicketOfGuest(sql`${orderItems.ticketId} = any(${sql.param(conditions.ticketIds)}::uuid[])`));
  }
  if (conditions.categoryIds.length > 0) {
    parts.push(
      validTicketOfGuest(
        sql`(${tickets.categoryId} = any(${sql.param(conditions.categoryIds)}::uuid[]) or ${tickets.subcategoryId} = any(${sql.param(conditions.categoryIds)}::uuid[]))`,
      ),
    );
  }
  for (const field of conditions.customFields) {
    // A choice field holds its choice id, a multiple choice an array of them, other fields their text or number.
    const value = sql`(${guests.customFields} -> ${field.fieldId}::text)`;
    parts.push(
      sql`(${value} ?| ${sql.param(field.values)}::text[] or (${guests.customFields} ->> ${field.fieldId}::text) = any(${sql.param(field.values)}::text[]))`,
    );
  }
  return parts.length > 0 ? and(...parts) : undefined;
}
