import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Coupon, CouponBody } from "../../../../contract/ticketing-catalogue.js";
import type { Executor, Transaction } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, isUniqueViolation } from "../../../platform/errors.js";
import { changedFields } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { coupons, couponTickets } from "../ticketing.tables.js";
import {
  auditCatalogue,
  catalogueReads,
  lockEventRow,
  readTicketLinks,
  replaceTicketLinks,
  requireEventTickets,
  type TicketLinks,
  writableEvent,
} from "./catalogue.shared.js";

type CouponRow = typeof coupons.$inferSelect;

const couponLinks: TicketLinks<typeof couponTickets> = {
  table: couponTickets,
  owner: couponTickets.couponId,
  ticket: couponTickets.ticketId,
  row: (couponId, ticketId) => ({ couponId, ticketId }),
};

const toCoupon = (row: CouponRow, ticketIds: string[]): Coupon => ({
  ...row,
  ticketIds,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
/** What the audit log keeps of a coupon: everything the organizer sets. */
const auditView = ({ id: _id, eventId: _event, createdAt: _c, updatedAt: _u, redemptions: _r, ...rest }: Coupon) =>
  rest;
const target = (id: string) => ({ type: "coupon", id });

const codeTaken = () => new AppError(409, "COUPON_CODE_TAKEN", { fields: { code: { code: "COUPON_CODE_TAKEN" } } });

/** The event's coupons by code (or the one named `only`), with the tickets each applies on. */
async function readCoupons(executor: Executor, eventId: string, only?: string): Promise<Coupon[]> {
  const rows = await executor
    .select()
    .from(coupons)
    .where(and(eq(coupons.eventId, eventId), only ? eq(coupons.id, only) : undefined))
    .orderBy(asc(sql`lower(${coupons.code})`));
  const links = await readTicketLinks(
    executor,
    couponLinks,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCoupon(row, links.get(row.id) ?? []));
}

const couponReads = catalogueReads(readCoupons);
const requireCoupon = couponReads.requireItem;
export const listCoupons = couponReads.list;
export const getCoupon = couponReads.get;

/** The code is free in the event whatever its case; its tickets are the event's. */
async function checkCoupon(tx: Transaction, eventId: string, body: CouponBody, exceptId?: string) {
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        eq(coupons.eventId, eventId),
        sql`lower(${coupons.code}) = lower(${body.code})`,
        exceptId ? ne(coupons.id, exceptId) : undefined,
      ),
    );
  if (taken) throw codeTaken();
  await requireEventTickets(tx, eventId, body.ticketIds, "ticketIds");
}

/** Two writers racing for one code: the loser gets the answer the check would have given. */
async function guardCode<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, "coupons_event_code_unique")) throw codeTaken();
    throw error;
  }
}

const columnsOf = ({ ticketIds: _tickets, ...columns }: CouponBody) => columns;

export function createCoupon(context: AppContext, caller: Caller, eventId: string, body: CouponBody) {
  return context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    await checkCoupon(tx, eventId, body);
    const [row] = await guardCode(
      tx
        .insert(coupons)
        .values({ ...columnsOf(body), eventId })
        .returning({ id: coupons.id }),
    );
    if (!row) throw new Error("the coupon insert returned no row");
    await replaceTicketLinks(tx, couponLinks, row.id, body.ticketIds);
    const coupon = await requireCoupon(tx, eventId, row.id);
    await auditCatalogue(tx, caller, eventId, "ticketing.coupon.created", target(row.id), { after: auditView(coupon) });
    return coupon;
  });
}

/** POST coupons/{id}: the whole coupon again; its limit never goes below the redemptions already made. */
export function updateCoupon(context: AppContext, caller: Caller, eventId: string, id: string, body: CouponBody) {
  return context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    // Locked: an order redeeming it at the same time waits, so the count compared below is the final one.
    await lockEventRow(tx, coupons, eventId, id);
    const before = await requireCoupon(tx, eventId, id);
    await checkCoupon(tx, eventId, body, id);
    if (body.maxRedemptions !== null && body.maxRedemptions < before.redemptions) {
      const values = [before.redemptions];
      throw new AppError(409, "COUPON_MAX_BELOW_REDEEMED", {
        values,
        fields: { maxRedemptions: { code: "COUPON_MAX_BELOW_REDEEMED", values } },
      });
    }
    await guardCode(
      tx
        .update(coupons)
        .set({ ...columnsOf(body), updatedAt: sql`now()` })
        .where(eq(coupons.id, id)),
    );
    await replaceTicketLinks(tx, couponLinks, id, body.ticketIds);
    const after = await requireCoupon(tx, eventId, id);
    const change = changedFields(auditView(before), auditView(after));
    await auditCatalogue(tx, caller, eventId, "ticketing.coupon.updated", target(id), change);
    return after;
  });
}

/** A coupon already used stays: orders name it, and its count keeps its limit honest. */
export async function deleteCoupon(context: AppContext, caller: Caller, eventId: string, id: string) {
  await context.db.transaction(async (tx) => {
    await writableEvent(tx, caller, eventId);
    await lockEventRow(tx, coupons, eventId, id);
    const coupon = await requireCoupon(tx, eventId, id);
    if (coupon.redemptions > 0) throw new AppError(409, "COUPON_REDEEMED_NOT_DELETED");
    await tx.delete(coupons).where(eq(coupons.id, id));
    await auditCatalogue(tx, caller, eventId, "ticketing.coupon.deleted", target(id), { before: auditView(coupon) });
  });
}
