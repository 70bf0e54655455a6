import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../db/connection.js";
import { prefixedPlaceholders } from "../../db/prepared.js";
import type { PaymentEvent } from "./payment-provider.js";
import { paymentEvents } from "./payments.tables.js";

/** What an event's row holds (its values, or the placeholders of a prepared statement's). */
export const paymentEventRow = (event: PaymentEvent) => ({
  provider: event.provider,
  eventId: event.id,
  type: event.type,
  providerPaymentId: event.providerPaymentId,
  orderId: event.orderId,
  payload: event,
  occurredAt: new Date(event.occurredAt),
});

export type PaymentEventRow = ReturnType<typeof paymentEventRow>;

/** The placeholders of an event's row in a statement built once, named `prefix` + column (`prefixedValues`). */
export const paymentEventPlaceholders = (prefix: string) =>
  prefixedPlaceholders(prefix, [
    "provider",
    "eventId",
    "type",
    "providerPaymentId",
    "orderId",
    "payload",
    "occurredAt",
  ]) satisfies Record<keyof PaymentEventRow, unknown>;

/**
 * The insert of an event, nothing if it is recorded already. `row`: its values (`paymentEventRow`), or placeholders
 * for a statement built once that carries it (the settlement of a payment).
 */
export function paymentEventInsert(executor: Executor, row: PgInsertValue<typeof paymentEvents>) {
  return executor.insert(paymentEvents).values(row).onConflictDoNothing();
}

/**
 * Records an event in the caller's transaction and says whether it is new. False means a replay (Stripe retries a
 * webhook it thinks failed, two instances receive the same one): the caller leaves it alone. Two deliveries racing
 * meet the primary key, so exactly one transaction gets true.
 */
export async function recordPaymentEventOnce(executor: Executor, event: PaymentEvent): Promise<boolean> {
  const inserted = await paymentEventInsert(executor, paymentEventRow(event)).returning({
    eventId: paymentEvents.eventId,
  });
  return inserted.length > 0;
}

export type PaymentEventHandler = (event: PaymentEvent) => Promise<void>;

// One handler per database, that is per running app: registered by the orders when their routes are built.
const handlers = new WeakMap<Database, PaymentEventHandler>();

/**
 * Names what acts on payment events: the orders, which also call it from their Stripe webhook route, so both
 * providers' events go the same way. The simulator calls it after each change it commits.
 */
export function handlePaymentEventsWith(db: Database, handler: PaymentEventHandler) {
  handlers.set(db, handler);
}

export function paymentEventHandlerOf(db: Database): PaymentEventHandler | undefined {
  return handlers.get(db);
}
