import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../../db/connection.js";
import type { PendingWrite } from "../../../db/prepared.js";
import type { UnitOfWork } from "../../../db/unit-of-work.js";
import { refusalOf } from "../../../platform/errors.js";
import { couponRedeemed, couponReleased, ticketUnitsReleased, ticketUnitsTaken } from "../catalogue/stock.service.js";
import { orderItems } from "../ticketing.tables.js";
import { orderCoupons } from "./orders.tables.js";

/*
 * What an order holds of the catalogue: units of tickets and options (its items not refunded) and one redemption of
 * each coupon it used. Every change goes through `applyStockChange`: one conditional update per ticket and coupon
 * (catalogue/stock.service.ts), never a read then a write, in a fixed order (coupons, then tickets, each by id) so
 * that two orders seldom lock the same rows in opposite orders; should two transactions still lock rows crosswise,
 * the deadlock's loser is run again (`retriedOnConflict`, for units and transactions alike).
 */

export type StockChange = { units: Map<string, number>; coupons: Map<string, number> };

export const emptyStockChange = (): StockChange => ({ units: new Map(), coupons: new Map() });

function add(map: Map<string, number>, key: string, count: number) {
  map.set(key, (map.get(key) ?? 0) + count);
}

/** `change` plus `sign` times what the orders hold now (−1: what they give back). */
export async function addHeldStock(executor: Executor, change: StockChange, orderIds: string[], sign: 1 | -1) {
  if (orderIds.length === 0) return change;
  const [units, used] = await Promise.all([
    executor
      .select({ ticketId: orderItems.ticketId, count: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.refunded, false)))
      .groupBy(orderItems.ticketId),
    executor
      .select({ couponId: orderCoupons.couponId })
      .from(orderCoupons)
      .where(inArray(orderCoupons.orderId, orderIds)),
  ]);
  for (const row of units) add(change.units, row.ticketId, sign * row.count);
  for (const row of used) add(change.coupons, row.couponId, sign);
  return change;
}

export function addUnits(change: StockChange, ticketId: string, count: number) {
  add(change.units, ticketId, count);
}

export function addCoupon(change: StockChange, couponId: string, count: number) {
  add(change.coupons, couponId, count);
}

const sortedEntries = (map: Map<string, number>) =>
  [...map].filter(([, count]) => count !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Takes what the change adds and gives back what it removes. A ticket whose units are gone is "This ticket is not
 * available anymore.", an option "Quota is filled for this option.", a coupon used up its own message: refused by
 * PostgreSQL, and the unit of work then rolls everything back. Its updates are sent when called, in the order of
 * `stockChangeWrites`.
 */
export function applyStockChange(unit: UnitOfWork, change: StockChange): Promise<unknown> {
  return unit.write(...stockChangeWrites(change)).catch((error: unknown) => {
    throw refusalOf(error) ?? error;
  });
}

/** The updates of `applyStockChange`, not sent yet: a unit of work sends them with the order's other writes. */
export function stockChangeWrites(change: StockChange): PendingWrite[] {
  return [
    ...sortedEntries(change.coupons).map(([couponId, count]) =>
      count < 0 ? couponReleased(couponId, -count) : couponRedeemed(couponId, count),
    ),
    ...sortedEntries(change.units).map(([ticketId, count]) =>
      count < 0 ? ticketUnitsReleased(ticketId, -count) : ticketUnitsTaken(ticketId, count),
    ),
  ];
}
