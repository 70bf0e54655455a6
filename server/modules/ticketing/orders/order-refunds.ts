import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Executor } from "../../../db/connection.js";
import { unitOfWork } from "../../../db/unit-of-work.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import type { EventRow } from "../../events/events.visibility.js";
import { issueCreditNote } from "../invoices/invoices.service.js";
import { orderItems, orders } from "../ticketing.tables.js";
import { addUnits, applyStockChange, emptyStockChange } from "./order-stock.js";
import { type Actor, auditOrder, lockOrder, type OrderRow, requireTransition } from "./orders.shared.js";
import { orderPayments, orderRefunds } from "./orders.tables.js";
import { providerNamed } from "./payment-providers.js";

/*
 * Refunds. Every refund is a row written in the order's transaction (pending when a card payment is to be refunded),
 * then the provider is asked outside it, with the row's id as idempotency key: a crash in between leaves a pending
 * row that `settlePendingRefunds` asks again for, and the provider never refunds twice.
 */

type ItemRow = typeof orderItems.$inferSelect;
const netIncl = (item: ItemRow) => item.unitPriceInclTaxCents - item.discountInclTaxCents;

/** The items to refund: those asked (an option goes with its ticket), or all that are left; never none. */
function itemsToRefund(items: ItemRow[], asked: string[] | undefined): ItemRow[] {
  if (asked === undefined) return items.filter((item) => !item.refunded);
  if (asked.length === 0) throw new AppError(400, "ORDER_REFUND_NEEDS_ITEM");
  const known = new Set(items.map((item) => item.id));
  const stranger = asked.find((id) => !known.has(id));
  if (stranger)
    throw new AppError(400, "ORDER_ITEM_NOT_IN_ORDER", { fields: { items: { code: "ORDER_ITEM_NOT_IN_ORDER" } } });
  const chosen = items.filter((item) => asked.includes(item.id));
  if (chosen.some((item) => item.refunded)) {
    throw new AppError(409, "ORDER_ITEM_ALREADY_REFUNDED", {
      fields: { items: { code: "ORDER_ITEM_ALREADY_REFUNDED" } },
    });
  }
  const withOptions = items.filter(
    (item) => chosen.includes(item) || (item.parentItemId !== null && asked.includes(item.parentItemId)),
  );
  return withOptions.filter((item) => !item.refunded);
}

/** The card payment that paid the order (the one with the most left to refund), with what is left on it. */
async function paidBy(executor: Executor, orderId: string) {
  const payments = await executor
    .select({
      id: orderPayments.id,
      // Named with their table by hand: in a select list without a join Drizzle writes columns bare.
      left: sql<number>`(${orderPayments}.amount_cents - coalesce((select sum(r.amount_cents) from ${orderRefunds} r
        where r.payment_id = ${orderPayments}.id and r.status <> 'failed'), 0))::int`,
    })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, "succeeded")));
  return payments.sort((a, b) => b.left - a.left)[0];
}

/**
 * THE one way an order's items are refunded (SPEC §4 "refund fully or partially", §5 "Refund needs at least one
 * item."): the items marked refunded at what was paid for them, their units given back (coupon uses stay: the order
 * used them), the order refunded or partially refunded, the money returned through the provider. The credit note
 * and the refund notice mail that carries it are issued in the transaction, last (the credit note's number locks its
 * series until the commit).
 */
export async function refundOrder(
  context: AppContext,
  event: EventRow,
  orderId: string,
  asked: string[] | undefined,
  actor: Actor,
): Promise<void> {
  const refundId = await unitOfWork(context.db, async (unit) => {
    const { tx } = unit;
    const order = await lockOrder(tx, event.id, orderId);
    requireTransition("refund", order);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
    const chosen = itemsToRefund(items, asked);
    if (chosen.length === 0) throw new AppError(409, "ORDER_REFUND_NEEDS_ITEM");
    const amountCents = chosen.reduce((sum, item) => sum + netIncl(item) - item.refundedCents, 0);
    const now = new Date();
    for (const item of chosen) {
      await tx
        .update(orderItems)
        .set({ refunded: true, refundedCents: netIncl(item) })
        .where(eq(orderItems.id, item.id));
    }
    const whole = items.every((item) => item.refunded || chosen.includes(item));
    const status = whole ? "refunded" : "partially_refunded";
    await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, order.id));
    const payment = order.paymentMethod === "online" && amountCents > 0 ? await paidBy(tx, order.id) : undefined;
    if (payment && payment.left < amountCents) throw new AppError(409, "PAYMENT_REFUND_TOO_LARGE");
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        paymentId: payment?.id ?? null,
        amountCents,
        // Another payment method, or nothing to pay back: the organizer returns it by hand, if anything.
        status: payment ? "pending" : "succeeded",
        reason: "organizer",
        itemIds: chosen.map((item) => item.id),
      })
      .returning({ id: orderRefunds.id });
    if (!refund) throw new Error("the refund was not recorded");
    await auditOrder(tx, actor, { accountId: event.accountId, eventId: event.id, orderId: order.id }, status, {
      before: { status: order.status },
      after: { status, amountCents, items: chosen.map((item) => item.id) },
    });
    const change = emptyStockChange();
    for (const item of chosen) addUnits(change, item.ticketId, -1);
    await applyStockChange(unit, change);
    await issueCreditNote(unit, event, order, { id: refund.id, itemIds: chosen.map((item) => item.id) });
    return payment ? refund.id : undefined;
  });
  await context.mailer.kick();
  if (refundId) await settleRefund(context, refundId);
}

/**
 * A payment the order cannot keep (its cart expired and its units are gone, the order was cancelled or already paid,
 * the amount is not the order's): recorded for a refund of all of it, in the caller's transaction. The caller then
 * calls `settleRefund` with the answered id, after its commit.
 */
export async function recordAutomaticRefund(
  executor: Executor,
  order: OrderRow,
  payment: { id: string; amountCents: number },
  actor: Actor,
  accountId: string,
) {
  const [refund] = await executor
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      status: "pending",
      reason: "automatic",
    })
    .returning({ id: orderRefunds.id });
  if (!refund) throw new Error("the automatic refund was not recorded");
  await auditOrder(executor, actor, { accountId, eventId: order.eventId, orderId: order.id }, "payment_refunded", {
    after: { status: order.status, paymentId: payment.id, amountCents: payment.amountCents, reason: "automatic" },
  });
  return refund.id;
}

/**
 * Asks the provider for a pending refund. A refusal (nothing left to refund) marks it failed, logged for support; a
 * network failure leaves it pending for the next sweep.
 */
export async function settleRefund(context: AppContext, refundId: string): Promise<void> {
  const [row] = await context.db
    .select({ refund: orderRefunds, payment: orderPayments })
    .from(orderRefunds)
    .innerJoin(orderPayments, eq(orderPayments.id, orderRefunds.paymentId))
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, "pending")));
  if (!row) return;
  const { refund, payment } = row;
  // Only a settled payment is refunded, and its settlement recorded the provider's id.
  if (!payment.providerPaymentId) throw new Error(`refund ${refund.id} is of a payment the provider never answered`);
  try {
    const done = await providerNamed(context, payment.provider).refund({
      providerPaymentId: payment.providerPaymentId,
      amountCents: refund.amountCents,
      idempotencyKey: `order-refund-${refund.id}`,
    });
    await context.db
      .update(orderRefunds)
      .set({ providerRefundId: done.providerRefundId, status: done.status, updatedAt: new Date() })
      .where(eq(orderRefunds.id, refund.id));
  } catch (error) {
    if (!(error instanceof AppError)) {
      context.logger.warn({ err: error, refundId }, "a refund could not reach the payment provider; retried later");
      return;
    }
    context.logger.error({ err: error, refundId }, "the payment provider refused a refund");
    await context.db
      .update(orderRefunds)
      .set({ status: "failed", updatedAt: new Date() })
      .where(eq(orderRefunds.id, refund.id));
  }
}

/** The refunds still pending a minute after they were recorded: the provider is asked again. */
export async function settlePendingRefunds(context: AppContext, olderThan: Date) {
  const pending = await context.db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(eq(orderRefunds.status, "pending"), lt(orderRefunds.createdAt, olderThan), ne(orderRefunds.amountCents, 0)),
    )
    .limit(100);
  for (const { id } of pending) await settleRefund(context, id);
  return pending.length;
}

/** A refund's outcome learnt from the provider's event (a Stripe refund can end later than its request). */
export async function applyRefundOutcome(executor: Executor, providerRefundId: string, succeeded: boolean) {
  await executor
    .update(orderRefunds)
    .set({ status: succeeded ? "succeeded" : "failed", updatedAt: new Date() })
    .where(
      and(eq(orderRefunds.providerRefundId, providerRefundId), inArray(orderRefunds.status, ["pending", "succeeded"])),
    );
}
