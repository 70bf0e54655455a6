import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { SimulatorCard } from "../../../../contract/payments.js";
import type { PaymentStart } from "../../../../contract/ticketing-orders.js";
import { canTransition } from "../../../../contract/ticketing-orders.js";
import { type Executor, transactionRetried } from "../../../db/connection.js";
import { prefixedPlaceholders, prefixedValues, preparedStatement } from "../../../db/prepared.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import {
  paymentEventInsert,
  paymentEventPlaceholders,
  paymentEventRow,
  recordPaymentEventOnce,
} from "../../../platform/payments/payment-events.js";
import type {
  Payment,
  PaymentEvent,
  PaymentProvider,
  PaymentProviderName,
} from "../../../platform/payments/payments.js";
import { events } from "../../events/events.tables.js";
import { type EventRow, eventColumnsWithStatus } from "../../events/events.visibility.js";
import { guests } from "../../guests/guests.tables.js";
import { ticketingOrganizers } from "../billing/billing.tables.js";
import { documentSourceColumns } from "../invoices/invoice-snapshot.js";
import { orderItems, orders } from "../ticketing.tables.js";
import { checkOwnership, checkSeats } from "./cart.guests.js";
import { applyRefundOutcome, recordAutomaticRefund, settleRefund } from "./order-refunds.js";
import { completeOrder } from "./order-states.js";
import { addHeldStock, applyStockChange, emptyStockChange } from "./order-stock.js";
import { type OrderRow, systemActor } from "./orders.shared.js";
import { orderPayments } from "./orders.tables.js";
import { providerNamed } from "./payment-providers.js";

/*
 * Card payments of orders. A payment is started for the order's total (or an unfinished one of that amount is taken
 * up again); the card is confirmed by the buyer's browser; its success reaches `settleSucceededPayment` by the
 * provider's event (Stripe's webhook, the simulator's own), by the browser asking, or by the expiry sweep, and is
 * applied once whichever comes first: the order completes, or the money goes back when the order cannot take it.
 */

const paymentsActor = systemActor("payments");

export function paymentStartOf(provider: PaymentProvider, payment: Payment): PaymentStart {
  return {
    provider: provider.name,
    providerPaymentId: payment.providerPaymentId,
    status: payment.status,
    declineCode: payment.declineCode,
    clientSecret: payment.clientSecret,
    publishableKey: provider.name === "stripe" ? provider.publishableKey : null,
    amountCents: payment.amountCents,
    currency: payment.currency,
  };
}

type PaymentMade = Pick<
  typeof orderPayments.$inferSelect,
  "provider" | "providerPaymentId" | "status" | "amountCents" | "currency"
>;

/**
 * The payments made for an order, newest first, as one JSON value: a column a caller's query can carry (the shop's
 * checkout reads them as it bills the cart). `orderId` is a value or a column written with its table.
 */
export function paymentsMadeJson(orderId: string | SQL) {
  return sql<PaymentMade[]>`(select coalesce(json_agg(json_build_object('provider', p.provider,
      'providerPaymentId', p.provider_payment_id, 'status', p.status, 'amountCents', p.amount_cents,
      'currency', p.currency) order by p.created_at desc), '[]'::json)
    from ${orderPayments} p where p.order_id = ${orderId})`;
}

/**
 * The payment the order's total is paid with: an unfinished one of that amount made with this provider, else a new
 * one. Its idempotency key counts the order's payments (`made`, read here unless the caller has them), so two
 * checkouts racing get the same payment. The simulator's card form (`card`, which Stripe never receives) confirms it
 * at once.
 */
export async function startCardPayment(
  context: AppContext,
  event: Pick<EventRow, "id" | "name">,
  order: OrderRow,
  provider: PaymentProvider,
  options: { metadata?: Record<string, string>; made?: readonly PaymentMade[]; card?: SimulatorCard } = {},
): Promise<Payment> {
  const made =
    options.made ??
    (await context.db.select({ made: paymentsMadeJson(order.id) }).from(sql`(select 1) as one`))[0]?.made ??
    [];
  const { card } = options;
  const unfinished = made.find(
    (row) =>
      row.provider === provider.name &&
      row.amountCents === order.totalInclTaxCents &&
      row.currency === order.currency &&
      row.status !== "succeeded",
  );
  if (unfinished) {
    const payment = await provider.retrievePayment(unfinished.providerPaymentId);
    if (payment.status !== "succeeded") {
      if (!card || provider.name !== "simulator") return payment;
      const confirmed = await provider.confirmCard({ clientSecret: payment.clientSecret, card });
      if (confirmed.status !== "succeeded") await recordPaymentStatus(context, confirmed);
      return confirmed;
    }
  }
  const input = {
    orderId: order.id,
    amountCents: order.totalInclTaxCents,
    currency: order.currency,
    description: `${event.name} — ${order.id.slice(0, 8)}`,
    idempotencyKey: `order-${order.id}-payment-${made.length + 1}`,
    metadata: { ...options.metadata, event_id: event.id },
  };
  const payment =
    card && provider.name === "simulator"
      ? await provider.createPayment({ ...input, card })
      : await provider.createPayment(input);
  // A success has been settled by its event already (else the caller settles it), which wrote the payment's row.
  if (payment.status === "succeeded") return payment;
  await context.db
    .insert(orderPayments)
    .values({
      orderId: order.id,
      provider: provider.name,
      providerPaymentId: payment.providerPaymentId,
      status: payment.status,
      declineCode: payment.declineCode,
      amountCents: payment.amountCents,
      currency: payment.currency,
      livemode: payment.livemode,
    })
    .onConflictDoNothing({ target: orderPayments.providerPaymentId });
  return payment;
}

/**
 * An order cancelled because its cart expired takes a late payment when its units (and coupon uses) can be taken
 * again and its holders still may hold them: in a savepoint, so a refusal leaves the order cancelled as it was.
 */
async function recovered(tx: Executor, event: EventRow, order: OrderRow): Promise<boolean> {
  if (order.status !== "cancelled" || order.cancelReason !== "expired") return false;
  try {
    await tx.transaction(async (savepoint) => {
      const items = await savepoint
        .select({ holder: orderItems.holderGuestId, ticketId: orderItems.ticketId, parent: orderItems.parentItemId })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      const holdings = items.flatMap((item) =>
        item.parent === null && item.holder ? [{ guestId: item.holder, ticketId: item.ticketId, field: "items" }] : [],
      );
      await checkOwnership(savepoint, holdings, [order.id]);
      await checkSeats(
        savepoint,
        event,
        holdings.map((holding) => holding.guestId),
        [order.id],
      );
      await applyStockChange(savepoint, await addHeldStock(savepoint, emptyStockChange(), [order.id], 1));
    });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

type Succeeded = Pick<Payment, "providerPaymentId" | "amountCents" | "currency" | "livemode" | "orderId">;

async function orderOfPayment(executor: Executor, providerPaymentId: string) {
  const [row] = await executor
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(eq(orderPayments.providerPaymentId, providerPaymentId));
  return row?.orderId;
}

/**
 * The first statement of a payment's settlement, built once (`withEvent`: recording the provider's event too). The
 * first settlement of a payment marks it succeeded; any later one finds it so, once the first committed (the
 * payment's row stays locked until then), and does nothing. It locks the order and reads what its invoice needs
 * should it complete: one round trip.
 */
function settlementStatement(name: string, options: { withEvent: boolean }) {
  return preparedStatement((executor) => {
    const recordedEvent = executor
      .$with("recorded_event")
      .as(paymentEventInsert(executor, paymentEventPlaceholders("event_")));
    const settledPayment = executor.$with("settled_payment").as(
      executor
        .insert(orderPayments)
        .values({
          ...prefixedPlaceholders("", [
            "orderId",
            "provider",
            "providerPaymentId",
            "amountCents",
            "currency",
            "livemode",
          ]),
          status: "succeeded",
        })
        .onConflictDoUpdate({
          target: orderPayments.providerPaymentId,
          set: { status: "succeeded", declineCode: null, updatedAt: sql`now()` },
          setWhere: ne(orderPayments.status, "succeeded"),
        })
        .returning({ id: orderPayments.id }),
    );
    return executor
      .with(...(options.withEvent ? [recordedEvent] : []), settledPayment)
      .select({
        order: orders,
        event: eventColumnsWithStatus,
        ...documentSourceColumns,
        settledPaymentId: sql<string | null>`(select id from ${settledPayment})`,
      })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .leftJoin(ticketingOrganizers, eq(ticketingOrganizers.eventId, orders.eventId))
      .leftJoin(guests, eq(guests.id, orders.buyerGuestId))
      .where(eq(orders.id, sql.placeholder("orderId")))
      .for("update", { of: orders })
      .prepare(name);
  });
}
const settlement = settlementStatement("settlement", { withEvent: false });
const settlementRecordingEvent = settlementStatement("settlement_recording_event", { withEvent: true });

/**
 * Applies a payment that succeeded, once: the order completes (or recovers from its expiry), else the payment is
 * refunded in full. `event` is recorded in the same transaction, so a replayed webhook changes nothing.
 */
export async function settleSucceededPayment(
  context: AppContext,
  provider: PaymentProviderName,
  payment: Succeeded,
  event?: PaymentEvent,
): Promise<void> {
  const refundId = await transactionRetried(context.db, async (tx) => {
    const orderId = payment.orderId ?? (await orderOfPayment(tx, payment.providerPaymentId));
    if (!orderId) {
      if (event) await recordPaymentEventOnce(tx, event);
      return undefined;
    }
    const values = {
      orderId,
      provider,
      providerPaymentId: payment.providerPaymentId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      livemode: payment.livemode,
    };
    // A replayed event finds its payment settled already: nobody needs to wait for its record.
    const [found] = event
      ? await settlementRecordingEvent(tx).execute({ ...values, ...prefixedValues("event_", paymentEventRow(event)) })
      : await settlement(tx).execute(values);
    if (!found?.settledPaymentId) return undefined;
    const { order, event: eventRow, settledPaymentId, ...sources } = found;
    const row = { id: settledPaymentId, amountCents: payment.amountCents };
    const covers = payment.amountCents === order.totalInclTaxCents && payment.currency === order.currency;
    const completion = { paymentMethod: "online" as const, testMode: !payment.livemode };
    if (covers && canTransition("pay", order.status)) {
      await completeOrder(context, tx, eventRow, order, { action: "pay", ...completion }, paymentsActor, sources);
      return undefined;
    }
    if (covers && (await recovered(tx, eventRow, order))) {
      await completeOrder(context, tx, eventRow, order, { action: "recover", ...completion }, paymentsActor, sources);
      return undefined;
    }
    return recordAutomaticRefund(tx, order, row, paymentsActor, eventRow.accountId);
  });
  // Completed: its confirmation mail leaves now rather than at the next sweep (in the batch of a sale-day rush).
  if (refundId) await settleRefund(context, refundId);
  else context.mailer.kickSoon();
}

/** What a provider's event does to orders; a replayed event does nothing. */
export async function handlePaymentEvent(context: AppContext, event: PaymentEvent): Promise<void> {
  if (event.type === "payment.succeeded") {
    await settleSucceededPayment(context, event.provider, { ...event, livemode: event.livemode }, event);
    return;
  }
  await context.db.transaction(async (tx) => {
    if (!(await recordPaymentEventOnce(tx, event))) return;
    if (event.type === "payment.failed") {
      await tx
        .update(orderPayments)
        .set({ status: "failed", declineCode: event.declineCode, updatedAt: new Date() })
        .where(
          and(eq(orderPayments.providerPaymentId, event.providerPaymentId), ne(orderPayments.status, "succeeded")),
        );
    } else {
      await applyRefundOutcome(tx, event.providerRefundId, event.type === "payment.refunded");
    }
  });
}

/** Keeps a payment's row as the provider answered (declined, waiting for 3-D Secure); a success is settled instead. */
export async function recordPaymentStatus(context: AppContext, payment: Payment) {
  await context.db
    .update(orderPayments)
    .set({ status: payment.status, declineCode: payment.declineCode, updatedAt: new Date() })
    .where(and(eq(orderPayments.providerPaymentId, payment.providerPaymentId), ne(orderPayments.status, "succeeded")));
}

/**
 * Asks the provider where the order's unfinished payments stand and applies those that succeeded: for the browser
 * coming back from Stripe.js before the webhook, and the expiry sweep before it releases a cart.
 */
export async function syncOrderPayments(context: AppContext, orderId: string): Promise<void> {
  const unfinished = await context.db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), ne(orderPayments.status, "succeeded")));
  for (const row of unfinished) {
    const payment = await providerNamed(context, row.provider).retrievePayment(row.providerPaymentId);
    if (payment.status === "succeeded") {
      await settleSucceededPayment(context, row.provider, { ...payment, orderId });
    } else if (payment.status !== row.status) {
      await recordPaymentStatus(context, payment);
    }
  }
}
