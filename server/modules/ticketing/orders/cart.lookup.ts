import { and, eq } from "drizzle-orm";
import type { Executor } from "../../../db/connection.js";
import { notFound } from "../../../platform/errors.js";
import { hashSecret } from "../../../platform/tokens.js";
import { events } from "../../events/events.tables.js";
import { eventColumnsWithStatus, publicEventCondition } from "../../events/events.visibility.js";
import { ticketingParams } from "../billing/billing.tables.js";
import { paramsValues } from "../billing/params.service.js";
import { orders } from "../ticketing.tables.js";

// Apart from the shop, which changes carts, as the documents of a cart (invoices, tickets) read it too.

/** The cart of this token in this public event (locked, for a change); 404 for anything else. */
export async function findCart(executor: Executor, slug: string, token: string, options: { lock: boolean }) {
  const query = executor
    .select({ event: eventColumnsWithStatus, order: orders, params: ticketingParams })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(ticketingParams, eq(ticketingParams.eventId, orders.eventId))
    .where(and(eq(orders.cartToken, hashSecret(token)), publicEventCondition(slug)));
  const [found] = options.lock ? await query.for("update", { of: orders }) : await query;
  if (!found) throw notFound();
  return { event: found.event, order: found.order, params: paramsValues(found.params ?? undefined) };
}
