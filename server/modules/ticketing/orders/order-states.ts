import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { CancelReason, PaymentMethod } from "../../../../contract/ticketing.js";
import type { OtherPaymentKind } from "../../../../contract/ticketing-orders.js";
import type { Executor } from "../../../db/connection.js";
import { preparedWrite, rowOfValues } from "../../../db/prepared.js";
import type { UnitOfWork } from "../../../db/unit-of-work.js";
import type { EventRow } from "../../events/events.visibility.js";
import { attendingStatuses } from "../../forms/submissions/submissions.availability.js";
import { guests } from "../../guests/guests.tables.js";
import { type DocumentSources, readDocumentSources } from "../invoices/invoice-snapshot.js";
import { invoiceWrites } from "../invoices/invoices.service.js";
import { orderItems, orders } from "../ticketing.tables.js";
import { addHeldStock, applyStockChange, emptyStockChange } from "./order-stock.js";
import { type Actor, auditOrder, type OrderRow, orderAuditWrite, requireTransition } from "./orders.shared.js";

/*
 * The moves of SPEC §4 other than refunds (order-refunds.ts), each checked against the transition table of
 * contract/ticketing-orders.ts, in the caller's transaction with the order's row locked (`lockOrder`).
 */

const scopeOf = (event: Pick<EventRow, "accountId" | "id">, order: OrderRow) => ({
  accountId: event.accountId,
  eventId: event.id,
  orderId: order.id,
});

export type Completion = {
  action: "pay" | "confirm" | "recover";
  paymentMethod: PaymentMethod;
  otherPaymentKind?: OtherPaymentKind | null;
  /** Set by a card payment: a test payment makes a test order. */
  testMode?: boolean;
};

const completionColumns = [
  "status",
  "paymentMethod",
  "otherPaymentKind",
  "testMode",
  "reservedUntil",
  "cancelReason",
  "completedAt",
  "updatedAt",
] as const satisfies readonly (keyof OrderRow)[];

/**
 * The order's row as it completes (`completeOrder` gives the changes), built once. Its values go as they are, without
 * the columns' encoding, which none of them (text, a boolean, dates, nulls) needs.
 */
const orderCompletion = preparedWrite<(typeof completionColumns)[number] | "orderId">(
  "order_completion",
  (executor, value) =>
    executor
      .update(orders)
      .set(rowOfValues(completionColumns, value))
      .where(eq(orders.id, value("orderId"))),
);

/** The holders of an order's units not refunded, attending from now on (`completeOrder`), built once. */
const holdersAttending = preparedWrite<"orderId" | "at">("holders_attending", (executor, value) =>
  executor
    .update(guests)
    .set({ status: "confirmed", updatedAt: sql`${value("at")}` })
    .where(
      and(
        inArray(
          guests.id,
          executor
            .select({ id: sql<string>`${orderItems.holderGuestId}` })
            .from(orderItems)
            .where(and(eq(orderItems.orderId, value("orderId")), eq(orderItems.refunded, false))),
        ),
        notInArray(guests.status, [...attendingStatuses]),
      ),
    ),
);

/**
 * THE one way an order completes (card payment, the organizer's confirmation, a late payment recovering an expired
 * cart): its units are already held. Its holders are attending from now on. Its invoice and the confirmation mail
 * with the tickets are issued here, in this transaction (the mail through the outbox), so no completed order lacks
 * them and none gets them twice; the caller kicks the mailer after its commit, and may hand over the order's document
 * sources it read under the lock. Given them, nothing is awaited: its writes go out with the unit's next statement or
 * its commit; the invoice's number, which locks its series until the commit, is taken last.
 */
export async function completeOrder(
  unit: UnitOfWork,
  event: EventRow,
  order: OrderRow,
  completion: Completion,
  actor: Actor,
  sourcesRead?: DocumentSources,
): Promise<OrderRow> {
  requireTransition(completion.action, order);
  const now = new Date();
  const changes = {
    status: "completed" as const,
    paymentMethod: completion.paymentMethod,
    otherPaymentKind: completion.paymentMethod === "other" ? (completion.otherPaymentKind ?? null) : null,
    testMode: completion.testMode ?? order.testMode,
    reservedUntil: null,
    cancelReason: null,
    completedAt: now,
    updatedAt: now,
  };
  const completed: OrderRow = { ...order, ...changes };
  const audit = orderAuditWrite(actor, scopeOf(event, order), "completed", {
    before: { status: order.status },
    after: {
      status: "completed",
      via: completion.action,
      paymentMethod: completed.paymentMethod,
      otherPaymentKind: completed.otherPaymentKind,
      totalInclTaxCents: completed.totalInclTaxCents,
      testMode: completed.testMode,
    },
  });
  // Read unless given: then nothing is awaited before the writes are sent.
  const invoice = invoiceWrites(event, completed, sourcesRead ?? (await readDocumentSources(unit.tx, completed)));
  // The order's row is locked by the caller; the invoice's number is taken last.
  unit.send(
    orderCompletion.with({ orderId: order.id, ...changes }),
    holdersAttending.with({ orderId: order.id, at: now }),
    audit,
    ...invoice,
  );
  return completed;
}

/**
 * Cancels an order not paid yet and gives back its units and coupon uses: the organizer's cancellation, or the
 * reservation running out (`expired`, the `expire` action).
 */
export async function cancelOrder(
  unit: UnitOfWork,
  event: EventRow,
  order: OrderRow,
  reason: CancelReason,
  actor: Actor,
): Promise<OrderRow> {
  requireTransition(reason === "expired" ? "expire" : "cancel", order);
  await applyStockChange(unit, await addHeldStock(unit.tx, emptyStockChange(), [order.id], -1));
  const [cancelled] = await unit.tx
    .update(orders)
    .set({ status: "cancelled", cancelReason: reason, reservedUntil: null, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!cancelled) throw new Error("the cancelled order was not found");
  unit.send(
    orderAuditWrite(actor, scopeOf(event, order), reason === "expired" ? "expired" : "cancelled", {
      before: { status: order.status },
      after: { status: "cancelled", reason },
    }),
  );
  return cancelled;
}

/** SPEC §4 "awaiting payment": a bank transfer or a cheque is on its way; the units stay held until it is confirmed. */
export async function awaitPayment(
  executor: Executor,
  event: EventRow,
  order: OrderRow,
  kind: OtherPaymentKind | null,
  actor: Actor,
): Promise<OrderRow> {
  requireTransition("await", order);
  const [awaiting] = await executor
    .update(orders)
    .set({
      status: "awaiting_payment",
      paymentMethod: "other",
      otherPaymentKind: kind,
      reservedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!awaiting) throw new Error("the awaited order was not found");
  await auditOrder(executor, actor, scopeOf(event, order), "awaiting_payment", {
    before: { status: order.status },
    after: { status: "awaiting_payment", otherPaymentKind: kind },
  });
  return awaiting;
}
