import { and, eq } from "drizzle-orm";
import type { OrderAction } from "../../../../contract/ticketing-orders.js";
import { transitionRefusal } from "../../../../contract/ticketing-orders.js";
import type { Executor } from "../../../db/connection.js";
import { executeWrite } from "../../../db/prepared.js";
import type { Principal } from "../../../platform/auth-guard.js";
import { AppError, notFound } from "../../../platform/errors.js";
import { auditWrite } from "../../audit/audit.service.js";
import { events } from "../../events/events.tables.js";
import { type EventRow, eventColumnsWithStatus } from "../../events/events.visibility.js";
import { orders } from "../ticketing.tables.js";

/** What the order services share: who acts, the order's row lock, the state check, the audit row. */

export type OrderRow = typeof orders.$inferSelect;

/**
 * Who changes an order: an organizer (or API key), or the platform itself on the buyer's behalf (the public cart,
 * a payment provider's event, the expiry job), named in the audit log by a label.
 */
export type Actor = { principal: Principal | { kind: "system"; label: string }; ip?: string };
export const systemActor = (label: string, ip?: string): Actor => ({ principal: { kind: "system", label }, ip });

/** The order's row, locked: every change of an order's state goes one at a time. */
export async function lockOrder(executor: Executor, eventId: string, orderId: string): Promise<OrderRow> {
  const [row] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.eventId, eventId)))
    .for("update");
  if (!row) throw notFound();
  return row;
}

/** The event of an order, for a change the platform makes on its own (a payment event, the expiry sweep). */
export async function readOrderEvent(executor: Executor, eventId: string): Promise<EventRow> {
  const [event] = await executor.select(eventColumnsWithStatus).from(events).where(eq(events.id, eventId));
  if (!event) throw new Error(`the event ${eventId} of an order was not found`);
  return event;
}

/** Refuses (409, with the message of contract/ticketing-orders.ts) an action the transition table does not allow. */
export function requireTransition(action: OrderAction, order: Pick<OrderRow, "status">) {
  const refusal = transitionRefusal(action, order.status);
  if (refusal) throw new AppError(409, refusal);
}

/** The audit row of an order change, `ticketing.order.<verb>`, not written yet (a unit of work sends it). */
export function orderAuditWrite(
  actor: Actor,
  scope: { accountId: string; eventId: string; orderId: string },
  verb: string,
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> },
) {
  const entry = { accountId: scope.accountId, eventId: scope.eventId, targetId: scope.orderId, ...change };
  return auditWrite(actor.principal, { ...entry, action: `ticketing.order.${verb}`, targetType: "order" }, actor.ip);
}

/** The audit row of an order change, in the change's transaction; sent when called. */
export function auditOrder(executor: Executor, ...row: Parameters<typeof orderAuditWrite>) {
  return executeWrite(executor, orderAuditWrite(...row));
}
