import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../../db/connection.js";
import { statementOf, type Writer } from "../../../db/write-batch.js";
import { coupons, ticketPricePeriods, tickets } from "../ticketing.tables.js";

/*
 * What orders take from the catalogue, each with one conditional update: never a read then a write, so two buyers
 * racing for the last unit (or the last use of a coupon) cannot both get it, on any number of server instances.
 * Run them in the order's transaction: its rollback gives everything back. Given the order's write batch, the update
 * carries the writes pending in it.
 */

/**
 * Takes `units` of an active ticket; false when they are not there any more ("This ticket is not available anymore.").
 * Whether the ticket is on sale to the public is the shop's question, not this one's: an organizer may sell it anyway.
 */
export async function takeTicketUnits(writer: Writer, ticketId: string, units: number): Promise<boolean> {
  const taken = await statementOf(writer)
    .update(tickets)
    .set({ quantityTaken: sql`${tickets.quantityTaken} + ${units}` })
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.active, true),
        or(isNull(tickets.maxQuantity), sql`${tickets.quantityTaken} + ${units} <= ${tickets.maxQuantity}`),
      ),
    )
    .returning({ id: tickets.id });
  return taken.length === 1;
}

/** Gives units back (an expired cart, a cancellation, a refund). */
export async function releaseTicketUnits(writer: Writer, ticketId: string, units: number) {
  await statementOf(writer)
    .update(tickets)
    .set({ quantityTaken: sql`greatest(${tickets.quantityTaken} - ${units}, 0)` })
    .where(eq(tickets.id, ticketId));
}

/** Uses a coupon once; false when its redemptions are all used. */
export async function redeemCoupon(writer: Writer, couponId: string): Promise<boolean> {
  const redeemed = await statementOf(writer)
    .update(coupons)
    .set({ redemptions: sql`${coupons.redemptions} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        or(isNull(coupons.maxRedemptions), sql`${coupons.redemptions} < ${coupons.maxRedemptions}`),
      ),
    )
    .returning({ id: coupons.id });
  return redeemed.length === 1;
}

/** Gives a use back (the order that used it was cancelled before payment). */
export async function releaseCoupon(writer: Writer, couponId: string) {
  await statementOf(writer)
    .update(coupons)
    .set({ redemptions: sql`greatest(${coupons.redemptions} - 1, 0)` })
    .where(eq(coupons.id, couponId));
}

/** The prices of a ticket at an instant: the one period covering it (start included, end excluded), if any. */
export async function ticketPriceAt(executor: Executor, ticketId: string, at: Date) {
  const [period] = await executor
    .select({
      priceInclTaxCents: ticketPricePeriods.priceInclTaxCents,
      priceExclTaxCents: ticketPricePeriods.priceExclTaxCents,
      taxPercent: tickets.taxPercent,
    })
    .from(ticketPricePeriods)
    .innerJoin(tickets, eq(tickets.id, ticketPricePeriods.ticketId))
    .where(
      and(
        eq(ticketPricePeriods.ticketId, ticketId),
        or(isNull(ticketPricePeriods.startsAt), lte(ticketPricePeriods.startsAt, at)),
        or(isNull(ticketPricePeriods.endsAt), gt(ticketPricePeriods.endsAt, at)),
      ),
    )
    .limit(1);
  return period ?? null;
}
