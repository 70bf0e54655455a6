import { and, eq, inArray, sql } from "drizzle-orm";
import type { Language } from "../../../../contract/common.js";
import type {
  BillingChanges,
  ConfirmBody,
  Order,
  OrderCreateValues,
  OrderEditBody,
  OrderList,
  OrderListValues,
  PayBody,
  PaymentStart,
} from "../../../../contract/ticketing-orders.js";
import type { Executor } from "../../../db/connection.js";
import { type UnitOfWork, unitOfWork } from "../../../db/unit-of-work.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, fieldError, notFound } from "../../../platform/errors.js";
import { changedFields } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { type EventRow, requireEvent } from "../../events/events.visibility.js";
import { guests } from "../../guests/guests.tables.js";
import { paramsValues, readParamsRow } from "../billing/params.service.js";
import { orderItems, orders } from "../ticketing.tables.js";
import { lockGuestsByEmail } from "./cart.guests.js";
import { type CartPlacement, fillCart, lockPeople } from "./cart.js";
import { paymentStartOf, settleSucceededPayment, startCardPayment } from "./order-payments.js";
import { refundOrder } from "./order-refunds.js";
import { awaitPayment, cancelOrder, completeOrder } from "./order-states.js";
import {
  abandonedCart,
  abandonedCartsFilter,
  billingOf,
  orderListConditions,
  orderMatchConditions,
  readOrder,
  readOrderSummaries,
} from "./order-view.js";
import { type Actor, auditOrder, lockOrder, type OrderRow, requireTransition } from "./orders.shared.js";
import { orderPayments } from "./orders.tables.js";
import { providerForMode, providerNamed } from "./payment-providers.js";

/** The organizer's orders API (SPEC §7 orders): list, read, place for a guest, edit, pay, confirm, await, refund. */

const actorOf = ({ access, ip }: Caller): Actor => ({ principal: access.principal, ip });

const readable = (executor: Executor, { access }: Caller, eventId: string) =>
  requireEvent(executor, access, eventId, "events.read");
const writable = (executor: Executor, { access }: Caller, eventId: string) =>
  requireEvent(executor, access, eventId, "events.update");

/**
 * GET orders: filtered, newest first, with the revenue of the paid orders selected, live and test apart (test orders
 * never count as money), and how many abandoned carts match the other filters.
 */
export async function listOrders(
  context: AppContext,
  caller: Caller,
  eventId: string,
  query: OrderListValues,
): Promise<OrderList> {
  await readable(context.db, caller, eventId);
  const matching = orderMatchConditions(eventId, query);
  const where = orderListConditions(eventId, query);
  const [items, [count], revenues] = await Promise.all([
    readOrderSummaries(context.db, where, query),
    context.db
      .select({
        total: sql<number>`(count(*) filter (where ${abandonedCartsFilter[query.abandonedCarts]}))::int`,
        abandonedCarts: sql<number>`(count(*) filter (where ${abandonedCart}))::int`,
      })
      .from(orders)
      .leftJoin(guests, eq(guests.id, orders.buyerGuestId))
      .where(matching),
    context.db
      .select({
        testMode: orders.testMode,
        paidCents: sql<number>`coalesce(sum(${orders.totalInclTaxCents}), 0)::int`,
        refundedCents: sql<number>`coalesce(sum((select coalesce(sum(i.refunded_cents), 0) from ${orderItems} i
          where i.order_id = ${orders.id})), 0)::int`,
      })
      .from(orders)
      .leftJoin(guests, eq(guests.id, orders.buyerGuestId))
      .where(and(where, inArray(orders.status, ["completed", "partially_refunded", "refunded"])))
      .groupBy(orders.testMode),
  ]);
  const revenueOf = (testMode: boolean) => {
    const { paidCents = 0, refundedCents = 0 } = revenues.find((row) => row.testMode === testMode) ?? {};
    return { paidCents, refundedCents, netCents: paidCents - refundedCents };
  };
  return {
    items,
    total: count?.total ?? 0,
    abandonedCarts: count?.abandonedCarts ?? 0,
    revenue: revenueOf(false),
    testRevenue: revenueOf(true),
  };
}

export async function getOrder(context: AppContext, caller: Caller, eventId: string, id: string, language: Language) {
  const event = await readable(context.db, caller, eventId);
  return readOrder(context.db, event, id, language);
}

/** GET orders/{id}/billingaddress */
export async function getBillingAddress(context: AppContext, caller: Caller, eventId: string, id: string) {
  const event = await readable(context.db, caller, eventId);
  const [order] = await context.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.eventId, event.id)));
  if (!order) throw notFound();
  return billingOf(order);
}

const scopeOf = (event: EventRow, orderId: string) => ({ accountId: event.accountId, eventId: event.id, orderId });

/** Writes the billing fields sent, with an audit row `ticketing.order.updated` when any changed. */
async function applyBillingChanges(
  executor: Executor,
  actor: Actor,
  event: EventRow,
  order: OrderRow,
  changes: BillingChanges,
): Promise<OrderRow> {
  const values = {
    ...(changes.buyerKind !== undefined && { buyerKind: changes.buyerKind }),
    ...(changes.name !== undefined && { billingName: changes.name }),
    ...(changes.address !== undefined && { billingAddress: changes.address }),
    ...(changes.zip !== undefined && { billingZip: changes.zip }),
    ...(changes.city !== undefined && { billingCity: changes.city }),
    ...(changes.siret !== undefined && { billingSiret: changes.siret }),
  };
  if (Object.keys(values).length === 0) return order;
  const [updated] = await executor
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error("the order to bill was not found");
  const change = changedFields(billingOf(order), billingOf(updated));
  if (Object.keys(change.after).length > 0)
    await auditOrder(executor, actor, scopeOf(event, order.id), "updated", change);
  return updated;
}

/** The buyer of an organizer's order, a guest of the event by id or by email (created when new), and the holders. */
async function lockBuyer(tx: Executor, event: EventRow, body: OrderCreateValues) {
  if (!("guestId" in body.buyer)) {
    const { buyerGuest, people } = await lockPeople(tx, event.id, body.buyer, body.items, "admin");
    return { buyer: buyerGuest, people };
  }
  const [buyer] = await tx
    .select()
    .from(guests)
    .where(and(eq(guests.id, body.buyer.guestId), eq(guests.eventId, event.id)))
    .for("update");
  if (!buyer) throw fieldError("buyer.guestId", "NOT_FOUND");
  const holders = body.items.flatMap((line) => line.holders);
  return { buyer, people: await lockGuestsByEmail(tx, event.id, holders, "admin") };
}

/**
 * POST orders: the organizer places an order for a guest, paid by another method (completed at once when `paid`,
 * else awaiting payment). Quotas and "one ticket per guest" hold as for buyers; the shop's opening does not.
 */
export async function createOrder(
  context: AppContext,
  caller: Caller,
  eventId: string,
  body: OrderCreateValues,
  language: Language,
): Promise<Order> {
  const actor = actorOf(caller);
  const { event, orderId } = await unitOfWork(context.db, async (unit) => {
    const { tx } = unit;
    const event = await writable(tx, caller, eventId);
    const params = paramsValues(await readParamsRow(tx, event.id));
    const { buyer, people } = await lockBuyer(tx, event, body);
    const placement: CartPlacement = {
      event,
      buyer,
      people,
      content: { lines: body.items, couponCodes: body.couponCodes },
      seller: "organizer",
      at: new Date(),
      actor,
      replacing: [],
    };
    const orderId = await fillCart(unit, placement, {
      kind: "new",
      values: {
        currency: params.currency,
        testMode: params.paymentMode === "test",
        reservedUntil: null,
        cartToken: null,
        language: body.language ?? (event.preferredLanguage as Language),
      },
    });
    const order = await applyBillingChanges(tx, actor, event, await lockOrder(tx, event.id, orderId), body.billing);
    const kind = body.kind ?? null;
    if (body.paid) {
      await completeOrder(
        unit,
        event,
        order,
        { action: "confirm", paymentMethod: "other", otherPaymentKind: kind },
        actor,
      );
    } else {
      await awaitPayment(tx, event, order, kind, actor);
    }
    return { event, orderId: order.id };
  });
  if (body.paid) await context.mailer.kick();
  return readOrder(context.db, event, orderId, language);
}

/** Runs a change on the order's locked row in a writable event, then answers the order as it is after it. */
async function changeOrder(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  language: Language,
  work: (unit: UnitOfWork, event: EventRow, order: OrderRow) => Promise<unknown>,
): Promise<Order> {
  const event = await unitOfWork(context.db, async (unit) => {
    const event = await writable(unit.tx, caller, eventId);
    await work(unit, event, await lockOrder(unit.tx, event.id, id));
    return event;
  });
  return readOrder(context.db, event, id, language);
}

/** POST orders/{id}: billing fields; `status: "cancelled"` cancels an order not paid yet (its units given back). */
export function editOrder(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  body: OrderEditBody,
  language: Language,
) {
  const actor = actorOf(caller);
  return changeOrder(context, caller, eventId, id, language, async (unit, event, order) => {
    const { status, ...billing } = body;
    const billed = await applyBillingChanges(unit.tx, actor, event, order, billing);
    if (status === "cancelled") await cancelOrder(unit, event, billed, "organizer", actor);
  });
}

/** POST orders/{id}/confirm: paid by another method (SPEC §4 "confirm"); the confirmation mail leaves at once. */
export async function confirmOrder(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  body: ConfirmBody,
  language: Language,
) {
  const actor = actorOf(caller);
  const order = await changeOrder(context, caller, eventId, id, language, async (unit, event, order) => {
    requireTransition("confirm", order);
    const { kind, ...billing } = body;
    const billed = await applyBillingChanges(unit.tx, actor, event, order, billing);
    const otherPaymentKind = kind ?? billed.otherPaymentKind;
    await completeOrder(unit, event, billed, { action: "confirm", paymentMethod: "other", otherPaymentKind }, actor);
  });
  await context.mailer.kick();
  return order;
}

/** POST orders/{id}/await: waits for a bank transfer or a cheque. */
export function awaitOrder(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  kind: ConfirmBody["kind"],
  language: Language,
) {
  const actor = actorOf(caller);
  return changeOrder(context, caller, eventId, id, language, ({ tx }, event, order) =>
    awaitPayment(tx, event, order, kind ?? null, actor),
  );
}

/** POST orders/{id}/refund: the items listed (with their options), or all that is left. */
export async function refundOrderItems(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  items: string[] | undefined,
  language: Language,
) {
  const event = await writable(context.db, caller, eventId);
  await refundOrder(context, event, id, items, actorOf(caller));
  return readOrder(context.db, event, id, language);
}

/**
 * POST orders/{id}/pay (SPEC §7). With `payment_intent_id`: a payment of this order that succeeded completes it.
 * Without: the card payment of its total is started (or taken up) and answered for the browser to confirm.
 */
export async function payOrder(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  body: PayBody,
  language: Language,
): Promise<{ order: Order; payment: PaymentStart | null }> {
  const actor = actorOf(caller);
  const { payment_intent_id: intentId, payment_method_id: methodId, ...billing } = body;
  let billed: OrderRow | undefined;
  let mode: "test" | "live" = "test";
  const order = await changeOrder(context, caller, eventId, id, language, async (unit, event, order) => {
    const { tx } = unit;
    requireTransition("pay", order);
    billed = await applyBillingChanges(tx, actor, event, order, billing);
    mode = paramsValues(await readParamsRow(tx, event.id)).paymentMode;
    if (!intentId && billed.totalInclTaxCents === 0) {
      billed = await completeOrder(unit, event, billed, { action: "pay", paymentMethod: "online" }, actor);
    }
  });
  if (order.status === "completed") await context.mailer.kick();
  if (!billed || (order.status !== "in_cart" && order.status !== "awaiting_payment")) return { order, payment: null };
  const event = await readable(context.db, caller, eventId);
  if (intentId) {
    const [known] = await context.db
      .select({ provider: orderPayments.provider })
      .from(orderPayments)
      .where(eq(orderPayments.providerPaymentId, intentId));
    const provider = known ? providerNamed(context, known.provider) : providerForMode(context, mode);
    const payment = await provider.retrievePayment(intentId);
    if (payment.orderId !== billed.id) throw new AppError(409, "ORDER_PAYMENT_MISMATCH");
    if (payment.status !== "succeeded") throw new AppError(409, "ORDER_PAYMENT_NOT_SUCCEEDED");
    await settleSucceededPayment(context, provider.name, payment);
    return { order: await readOrder(context.db, event, id, language), payment: paymentStartOf(provider, payment) };
  }
  const provider = providerForMode(context, mode);
  const payment = await startCardPayment(context, event, billed, provider, {
    metadata: methodId ? { payment_method: methodId } : {},
  });
  return { order: await readOrder(context.db, event, id, language), payment: paymentStartOf(provider, payment) };
}
