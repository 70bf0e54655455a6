import { and, asc, eq, lte } from "drizzle-orm";
import { z } from "zod";
import { unitOfWork } from "../../../db/unit-of-work.js";
import type { AppContext } from "../../../platform/context.js";
import type { JobDefinition } from "../../../platform/jobs.js";
import { orders } from "../ticketing.tables.js";
import { reconcilePayments, syncOrderPayments } from "./order-payments.js";
import { settlePendingRefunds } from "./order-refunds.js";
import { cancelOrder } from "./order-states.js";
import { readOrderEvent, systemActor } from "./orders.shared.js";

/*
 * The cart-expiry sweep, on start and every minute on pg-boss's clock (one instance runs each slot, and a restart
 * loses nothing: what is due is read from the orders themselves). Payments whose outcome the orders may not have
 * heard of are asked about first (a process stopped between a provider's answer and its settlement); carts past
 * their reservation are cancelled and give back their units and coupon uses; refunds left pending by a provider that
 * could not be reached are asked again.
 */

/** Carts handled per round; the sweep goes on round after round until none is due. */
export const cartExpiryBatch = 200;
const expiryActor = systemActor("cart-expiry");

/**
 * Releases one due cart, unless it was paid, changed or released meanwhile (another instance, the buyer). A cart
 * whose payments cannot be asked about is kept until they can: one of them may have succeeded.
 */
async function expireCart(context: AppContext, orderId: string, now: Date): Promise<boolean> {
  // A payment that succeeded without the platform hearing of it completes the cart rather than letting it go.
  try {
    await syncOrderPayments(context, orderId);
  } catch (error) {
    context.logger.warn({ err: error, orderId }, "the payments of an expiring cart could not be checked: kept");
    return false;
  }
  return unitOfWork(context.db, async (unit) => {
    const { tx } = unit;
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, "in_cart"), lte(orders.reservedUntil, now)))
      .for("update", { skipLocked: true });
    if (!order) return false;
    await cancelOrder(unit, await readOrderEvent(tx, order.eventId), order, "expired", expiryActor);
    return true;
  });
}

/**
 * Cancels every cart whose reservation ended by `now`; answers how many it released. Running it twice changes
 * nothing; a cart another instance is releasing (locked) is left to it.
 */
export async function expireCarts(context: AppContext, now = new Date()): Promise<number> {
  await reconcilePayments(context, now);
  let released = 0;
  for (;;) {
    const batch = await context.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, "in_cart"), lte(orders.reservedUntil, now)))
      .orderBy(asc(orders.reservedUntil))
      .limit(cartExpiryBatch);
    let round = 0;
    for (const { id } of batch) if (await expireCart(context, id, now)) round++;
    released += round;
    if (batch.length < cartExpiryBatch || round === 0) break;
  }
  await settlePendingRefunds(context, new Date(now.getTime() - 60_000));
  return released;
}

const payload = z.object({}).passthrough();

export function cartExpiryJob(context: AppContext): JobDefinition<typeof payload> {
  return {
    name: "ticketing-cart-expiry",
    payload,
    cron: "* * * * *",
    async handle() {
      await expireCarts(context);
    },
  };
}
