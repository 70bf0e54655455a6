import { and, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { MessageCode } from "../../../../contract/error-messages.js";
import type { Executor } from "../../../db/connection.js";
import { preparedWrite } from "../../../db/prepared.js";
import { coupons, ticketPricePeriods, tickets } from "../ticketing.tables.js";

/*
 * What orders take from the catalogue, each with one conditional update: never a read then a write, so two buyers
 * racing for the last unit (or the last use of a coupon) cannot both get it, on any number of server instances.
 * A take that finds its units gone raises its refusal in PostgreSQL (`units_or_refusal`, migration 0013): nothing is
 * read back, so a unit of work may send it ahead of its next statement. Run them in the order's transaction: its
 * rollback gives everything back.
 */

const refusedUnless = (allowed: SQL, units: SQL, refusal: SQL | MessageCode, field: SQL) =>
  sql`units_or_refusal(${allowed}, ${units}, ${refusal}, ${field})`;

/*
 * Each a write built once (prepared.ts), answered not yet sent (a unit of work sends it, alone or with the order's
 * other writes). Its values go as they are, an integer count and text.
 */

const ticketUnitsUpdate = preparedWrite<"ticketId" | "units" | "field">("ticket_units_taken", (executor, value) => {
  const units = sql`${value("units")}::int`;
  const allowed = and(
    eq(tickets.active, true),
    or(isNull(tickets.maxQuantity), sql`${tickets.quantityTaken} + ${units} <= ${tickets.maxQuantity}`),
  ) as SQL;
  const refusal = sql`case when ${tickets.isOption} then ${"TICKET_OPTION_QUOTA_FILLED" satisfies MessageCode}
    else ${"TICKET_NOT_AVAILABLE" satisfies MessageCode} end`;
  const field = sql`${value("field")}::text`;
  return executor
    .update(tickets)
    .set({ quantityTaken: sql`${tickets.quantityTaken} + ${refusedUnless(allowed, units, refusal, field)}` })
    .where(eq(tickets.id, value("ticketId")));
});

/**
 * Takes `units` of an active ticket, else refuses: "This ticket is not available anymore." ("Quota is filled for
 * this option." for an option). Whether the ticket is on sale to the public is the shop's question, not this one's:
 * an organizer may sell it anyway.
 */
export const ticketUnitsTaken = (ticketId: string, units: number) =>
  ticketUnitsUpdate.with({ ticketId, units, field: `tickets.${ticketId}` });

const ticketUnitsReturn = preparedWrite<"ticketId" | "units">("ticket_units_released", (executor, value) =>
  executor
    .update(tickets)
    .set({ quantityTaken: sql`greatest(${tickets.quantityTaken} - ${value("units")}::int, 0)` })
    .where(eq(tickets.id, value("ticketId"))),
);

/** Gives units back (an expired cart, a cancellation, a refund). */
export const ticketUnitsReleased = (ticketId: string, units: number) => ticketUnitsReturn.with({ ticketId, units });

const couponRedemption = preparedWrite<"couponId" | "uses" | "field">("coupon_redeemed", (executor, value) => {
  const uses = sql`${value("uses")}::int`;
  const allowed = or(
    isNull(coupons.maxRedemptions),
    sql`${coupons.redemptions} + ${uses} <= ${coupons.maxRedemptions}`,
  ) as SQL;
  const redeemed = refusedUnless(allowed, uses, "CART_COUPON_USED_UP", sql`${value("field")}::text`);
  return executor
    .update(coupons)
    .set({ redemptions: sql`${coupons.redemptions} + ${redeemed}` })
    .where(eq(coupons.id, value("couponId")));
});

/** Uses a coupon `uses` times, else refuses when its redemptions are all used. */
export const couponRedeemed = (couponId: string, uses: number) =>
  couponRedemption.with({ couponId, uses, field: `coupons.${couponId}` });

const couponReturn = preparedWrite<"couponId" | "uses">("coupon_released", (executor, value) =>
  executor
    .update(coupons)
    .set({ redemptions: sql`greatest(${coupons.redemptions} - ${value("uses")}::int, 0)` })
    .where(eq(coupons.id, value("couponId"))),
);

/** Gives uses back (the order that used it was cancelled before payment). */
export const couponReleased = (couponId: string, uses: number) => couponReturn.with({ couponId, uses });

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
