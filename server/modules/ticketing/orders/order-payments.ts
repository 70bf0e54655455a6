import { and, asc, eq, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { SimulatorCard } from "../../../../contract/payments.js";
import type { PaymentStart } from "../../../../contract/ticketing-orders.js";
import { canTransition, orderTransitions } from "../../../../contract/ticketing-orders.js";
import type { Executor } from "../../../db/connection.js";
import { prefixedPlaceholders, prefixedValues, preparedStatement } from "../../../db/prepared.js";
import { type UnitOfWork, unitOfWork } from "../../../db/unit-of-work.js";
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
} from "../../../platform/payments/payment-provider.js";
import { events } from "../../events/events.tables.js";
import { type EventRow, eventColumnsWithStatus } from "../../events/events.visibility.js";
import { guests } from "../../guests/guests.tables.js";
import { ticketingOrganizers, ticketingParams } from "../billing/billing.tables.js";
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
 * provider's event (Stripe's webhook, the simulator's own), by the browser asking, or by the payments and expiry
 * sweeps, and is applied once whichever comes first: the order completes, or the money goes back when the order
 * cannot take it.
 *
 * Paid means completed, whatever stops the process: the intent to pay is recorded (a payment row with its
 * idempotency key, no provider id yet) before the provider is asked, so a payment the provider took while the
 * process died before settling it is known here, and `reconcilePayments` asks the provider about it after a restart.
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

/** The payment an order's total is paid with: its idempotency key, and the provider's id once it answered. */
export type PaymentToMake = { key: string; providerPaymentId: string | null };

/**
 * The order's unfinished payments of `provider` for its total (`amount`, `currency`): one of them is taken up rather
 * than another one started. An intent given up (never answered, marked failed) is not taken up: a new key is used.
 * `orderId`, `amount` and `currency` are values or columns written with their table.
 */
const unfinishedPayments = (provider: SQL, orderId: SQL, amount: SQL, currency: SQL) =>
  sql`from ${orderPayments} p where p.order_id = ${orderId} and p.provider = ${provider}
    and p.amount_cents = ${amount} and p.currency = ${currency} and p.status <> 'succeeded'
    and (p.provider_payment_id is not null or p.status <> 'failed')`;

/**
 * The intent to pay the order of a select from `orders` (where `condition` holds) with `provider`, recorded before the
 * provider is asked, as a WITH query: a new payment row, unless an unfinished one is taken up. Its key counts the
 * order's payments, so two checkouts racing meet on one key (the second writes nothing, and takes the first's up).
 * `provider` and `livemode` are SQL: the shop's billing statement picks them by the event's payment mode.
 */
export function paymentIntent(
  executor: Executor,
  { provider, livemode, condition, from }: { provider: SQL; livemode: SQL; condition: SQL | undefined; from?: "cart" },
) {
  const select = executor
    .select({
      id: sql`gen_random_uuid()`.as("id"),
      orderId: orders.id,
      provider: sql`${provider}`.as("provider"),
      providerPaymentId: sql`null`.as("provider_payment_id"),
      idempotencyKey: sql`'order-' || ${orders.id} || '-payment-' || ((select count(*) from ${orderPayments} c
        where c.order_id = ${orders.id}) + 1)`.as("idempotency_key"),
      status: sql`'requires_payment_method'`.as("status"),
      declineCode: sql`null`.as("decline_code"),
      amountCents: orders.totalInclTaxCents,
      currency: orders.currency,
      livemode: sql`${livemode}`.as("livemode"),
      createdAt: sql`now()`.as("created_at"),
      updatedAt: sql`now()`.as("updated_at"),
    } satisfies Record<keyof typeof orderPayments.$inferSelect, unknown>)
    .from(orders);
  const unfinished = unfinishedPayments(
    provider,
    sql`${orders.id}`,
    sql`${orders.totalInclTaxCents}`,
    sql`${orders.currency}`,
  );
  const where = and(condition, sql`not exists (select 1 ${unfinished})`);
  return executor.$with("payment_intent").as(
    executor
      .insert(orderPayments)
      .select(
        from === "cart"
          ? select
              .innerJoin(events, eq(events.id, orders.eventId))
              .leftJoin(ticketingParams, eq(ticketingParams.eventId, events.id))
              .where(where)
          : select.where(where),
      )
      .onConflictDoNothing({ target: orderPayments.idempotencyKey })
      .returning({ key: orderPayments.idempotencyKey }),
  );
}

/**
 * The payment the order of the row of `orders` at hand pays with, beside `intent` (`paymentIntent`): the one it
 * recorded, else the unfinished one taken up, newest first. Null only when a checkout racing recorded it meanwhile.
 */
export function paymentToMake(intent: ReturnType<typeof paymentIntent>, provider: SQL) {
  const unfinished = unfinishedPayments(
    provider,
    sql`${orders}.id`,
    sql`${orders}.total_incl_tax_cents`,
    sql`${orders}.currency`,
  );
  return sql<PaymentToMake | null>`coalesce(
    (select json_build_object('key', ${intent.key}, 'providerPaymentId', null) from ${intent}),
    (select json_build_object('key', p.idempotency_key, 'providerPaymentId', p.provider_payment_id) ${unfinished}
      order by p.created_at desc limit 1))`;
}

/** Records the intent to pay `order` with `provider` (or finds the unfinished payment taken up): one statement. */
async function intendPayment(executor: Executor, order: OrderRow, provider: PaymentProvider): Promise<PaymentToMake> {
  const name = sql`${provider.name}::text`;
  const intent = paymentIntent(executor, {
    provider: name,
    livemode: sql`${provider.livemode}::boolean`,
    condition: eq(orders.id, order.id),
  });
  // Twice at most: a checkout racing this one recorded the same key first, and the second run takes it up.
  for (let attempt = 1; attempt <= 2; attempt++) {
    const [found] = await executor
      .with(intent)
      .select({ payment: paymentToMake(intent, name) })
      .from(orders)
      .where(eq(orders.id, order.id));
    if (found?.payment) return found.payment;
  }
  throw new Error(`the payment of order ${order.id} could not be recorded`);
}

/**
 * Starts the payment of the order's total with `provider`, or takes up its unfinished one: `payment`, as the caller's
 * statement recorded it (the shop's billing), else recorded here before the provider is asked. The simulator's card
 * form (`card`, which Stripe never receives) confirms it at once.
 */
export async function startCardPayment(
  context: AppContext,
  event: Pick<EventRow, "id" | "name">,
  order: OrderRow,
  provider: PaymentProvider,
  options: { metadata?: Record<string, string>; payment?: PaymentToMake | null; card?: SimulatorCard } = {},
): Promise<Payment> {
  const intent = options.payment ?? (await intendPayment(context.db, order, provider));
  const { card } = options;
  if (intent.providerPaymentId) {
    const payment = await provider.retrievePayment(intent.providerPaymentId);
    if (payment.status === "succeeded") {
      await settleSucceededPayment(context, provider.name, payment);
      return payment;
    }
    if (!card || provider.name !== "simulator") return payment;
    const confirmed = await provider.confirmCard({ clientSecret: payment.clientSecret, card });
    if (confirmed.status !== "succeeded") await recordPaymentStatus(context, confirmed);
    return confirmed;
  }
  const input = {
    orderId: order.id,
    amountCents: order.totalInclTaxCents,
    currency: order.currency,
    description: `${event.name} — ${order.id.slice(0, 8)}`,
    idempotencyKey: intent.key,
    metadata: { ...options.metadata, event_id: event.id },
  };
  let payment: Payment;
  try {
    payment =
      card && provider.name === "simulator"
        ? await provider.createPayment({ ...input, card })
        : await provider.createPayment(input);
  } catch (error) {
    // The provider holds another request under this key (an event renamed since): nothing was made with this one.
    if (error instanceof AppError && error.code === "PAYMENT_IDEMPOTENCY_CONFLICT")
      await giveUpIntent(context.db, intent.key);
    throw error;
  }
  // A success has been settled by its event already (else the caller settles it), which wrote the payment's row.
  if (payment.status !== "succeeded") await recordPaymentStatus(context, payment);
  return payment;
}

/**
 * An order cancelled because its cart expired takes a late payment when its units (and coupon uses) can be taken
 * again and its holders still may hold them: in a savepoint, so a refusal leaves the order cancelled as it was.
 */
async function recovered(unit: UnitOfWork, event: EventRow, order: OrderRow): Promise<boolean> {
  if (order.status !== "cancelled" || order.cancelReason !== "expired") return false;
  const { tx } = unit;
  try {
    await unit.savepoint(async () => {
      const items = await tx
        .select({ holder: orderItems.holderGuestId, ticketId: orderItems.ticketId, parent: orderItems.parentItemId })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      const holdings = items.flatMap((item) =>
        item.parent === null && item.holder ? [{ guestId: item.holder, ticketId: item.ticketId, field: "items" }] : [],
      );
      await checkOwnership(tx, holdings, [order.id]);
      await checkSeats(
        tx,
        event,
        holdings.map((holding) => holding.guestId),
        [order.id],
      );
      await applyStockChange(unit, await addHeldStock(tx, emptyStockChange(), [order.id], 1));
    });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

type Succeeded = Pick<
  Payment,
  "providerPaymentId" | "paymentKey" | "amountCents" | "currency" | "livemode" | "orderId"
>;

async function orderOfPayment(executor: Executor, paymentKey: string) {
  const [row] = await executor
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(eq(orderPayments.idempotencyKey, paymentKey));
  return row?.orderId;
}

/**
 * The first statement of a payment's settlement, built once (`withEvent`: recording the provider's event too). The
 * first settlement of a payment marks it succeeded, found by its key (the intent recorded before the provider was
 * asked, which learns its provider id here if its answer was lost); any later one finds it so, once the first
 * committed (the payment's row stays locked until then), and does nothing. It locks the order and reads what its invoice needs
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
            "idempotencyKey",
            "amountCents",
            "currency",
            "livemode",
          ]),
          status: "succeeded",
        })
        .onConflictDoUpdate({
          target: orderPayments.idempotencyKey,
          set: {
            status: "succeeded",
            providerPaymentId: sql`excluded.provider_payment_id`,
            declineCode: null,
            updatedAt: sql`now()`,
          },
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
  if (context.config.holdPaymentSettlements) await holdForever(context, payment);
  // One unit of work: the settlement's statement, then the order's completion sent with the commit.
  const refundId = await unitOfWork(context.db, async (unit) => {
    const { tx } = unit;
    const orderId = payment.orderId ?? (await orderOfPayment(tx, payment.paymentKey));
    if (!orderId) {
      if (event) await recordPaymentEventOnce(tx, event);
      return undefined;
    }
    const values = {
      orderId,
      provider,
      providerPaymentId: payment.providerPaymentId,
      idempotencyKey: payment.paymentKey,
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
      await completeOrder(unit, eventRow, order, { action: "pay", ...completion }, paymentsActor, sources);
      return undefined;
    }
    if (covers && (await recovered(unit, eventRow, order))) {
      await completeOrder(unit, eventRow, order, { action: "recover", ...completion }, paymentsActor, sources);
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
      await recordOutcome(tx, { ...event, status: "failed" });
    } else {
      await applyRefundOutcome(tx, event.providerRefundId, event.type === "payment.refunded");
    }
  });
}

/**
 * Keeps what the provider answered on the payment's row, found by its key (the intent learns its provider id): a
 * decline, a wait for 3-D Secure. Never over a success, which is settled instead.
 */
async function recordOutcome(
  executor: Executor,
  outcome: Pick<Payment, "paymentKey" | "providerPaymentId" | "status" | "declineCode">,
) {
  await executor
    .update(orderPayments)
    .set({
      providerPaymentId: outcome.providerPaymentId,
      status: outcome.status,
      declineCode: outcome.declineCode,
      updatedAt: new Date(),
    })
    .where(and(eq(orderPayments.idempotencyKey, outcome.paymentKey), ne(orderPayments.status, "succeeded")));
}

export async function recordPaymentStatus(context: AppContext, payment: Payment) {
  await recordOutcome(context.db, payment);
}

/** An intent the provider never made a payment of: failed, so that the next checkout records another. */
async function giveUpIntent(executor: Executor, key: string) {
  await executor
    .update(orderPayments)
    .set({ status: "failed", declineCode: "canceled", updatedAt: new Date() })
    .where(
      and(
        eq(orderPayments.idempotencyKey, key),
        isNull(orderPayments.providerPaymentId),
        ne(orderPayments.status, "succeeded"),
      ),
    );
}

type UnsettledPayment = Pick<
  typeof orderPayments.$inferSelect,
  "orderId" | "provider" | "providerPaymentId" | "idempotencyKey" | "status" | "createdAt"
>;

/**
 * Asks the provider where one unsettled payment stands (by its id, or by its key when its answer was never recorded)
 * and applies it: a success settled, another status kept. An intent the provider does not know of, older than
 * `giveUpBefore`, was never made: it is given up.
 */
async function reconcilePayment(context: AppContext, row: UnsettledPayment, giveUpBefore?: Date) {
  const provider = providerNamed(context, row.provider);
  const payment = row.providerPaymentId
    ? await provider.retrievePayment(row.providerPaymentId)
    : await provider.findPayment(row.idempotencyKey);
  if (!payment) {
    if (giveUpBefore && row.createdAt < giveUpBefore) await giveUpIntent(context.db, row.idempotencyKey);
    return;
  }
  const known = { ...payment, orderId: row.orderId, paymentKey: row.idempotencyKey };
  if (payment.status === "succeeded") await settleSucceededPayment(context, row.provider, known);
  else if (payment.status !== row.status || !row.providerPaymentId) await recordOutcome(context.db, known);
}

const unsettledColumns = {
  orderId: orderPayments.orderId,
  provider: orderPayments.provider,
  providerPaymentId: orderPayments.providerPaymentId,
  idempotencyKey: orderPayments.idempotencyKey,
  status: orderPayments.status,
  createdAt: orderPayments.createdAt,
};

/**
 * Asks the provider where the order's unsettled payments stand and applies those that succeeded: for the browser
 * coming back from Stripe.js before the webhook, and the expiry sweep before it releases a cart (a provider that
 * cannot be asked throws: the cart is kept until it can).
 */
export async function syncOrderPayments(context: AppContext, orderId: string): Promise<void> {
  const unsettled = await context.db
    .select(unsettledColumns)
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), ne(orderPayments.status, "succeeded")));
  for (const row of unsettled) await reconcilePayment(context, row);
}

/** Younger intents are most likely under way: their checkout is waiting for the provider's answer. */
export const reconcileAfterMs = 2_000;
/** Past this, an intent the provider does not know of was never made (Stripe's search finds one within a minute). */
const giveUpAfterMs = 10 * 60_000;
/** Payments asked about per sweep; the next sweep (a minute later) takes the rest. */
const reconcileBatch = 500;

/**
 * The payments sweep, on start and every minute with the cart-expiry sweep: the payments whose outcome the orders may
 * not have heard of, left by a process that stopped between the provider's answer and its settlement. Those are the
 * intents never answered (any provider), and the simulator's unsettled payments of open orders, which no webhook will
 * ever bring again (its events are calls within the process). A Stripe payment whose id is known needs no sweep:
 * Stripe delivers its webhook again until it is acknowledged, and the cart-expiry sweep asks about it first.
 * Answers how many payments were asked about.
 */
export async function reconcilePayments(context: AppContext, now = new Date()): Promise<number> {
  const unsettled = await context.db
    .select(unsettledColumns)
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(
      and(
        ne(orderPayments.status, "succeeded"),
        lte(orderPayments.updatedAt, new Date(now.getTime() - reconcileAfterMs)),
        or(
          and(isNull(orderPayments.providerPaymentId), ne(orderPayments.status, "failed")),
          and(eq(orderPayments.provider, "simulator"), inArray(orders.status, orderTransitions.pay.from)),
        ),
      ),
    )
    .orderBy(asc(orderPayments.updatedAt))
    .limit(reconcileBatch);
  const giveUpBefore = new Date(now.getTime() - giveUpAfterMs);
  for (const row of unsettled) {
    try {
      await reconcilePayment(context, row, giveUpBefore);
    } catch (error) {
      context.logger.warn({ err: error, paymentKey: row.idempotencyKey }, "an unsettled payment could not be checked");
    }
  }
  return unsettled.length;
}

/**
 * TEST_HOLD_PAYMENT_SETTLEMENTS (tests only): the settlement of a succeeded payment never starts, so that a test can
 * kill the process between the provider's answer and the settlement (checkout.crash.test.ts).
 */
async function holdForever(context: AppContext, payment: Succeeded): Promise<never> {
  context.logger.warn({ paymentKey: payment.paymentKey }, "payment settlement held");
  return new Promise<never>(() => {});
}
