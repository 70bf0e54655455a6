import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Language } from "../../../../contract/common.js";
import type { CartLineBody, HolderBody } from "../../../../contract/ticketing-orders.js";
import { type PricedOrder, priceOrder } from "../../../../contract/ticketing-pricing.js";
import type { Executor } from "../../../db/connection.js";
import {
  type PendingWrite,
  preparedRowsInsert,
  preparedWrite,
  rowOfValues,
  valuesOfRows,
} from "../../../db/prepared.js";
import type { UnitOfWork } from "../../../db/unit-of-work.js";
import { AppError } from "../../../platform/errors.js";
import type { EventRow } from "../../events/events.visibility.js";
import type { GuestRow } from "../../guests/guests.list.js";
import { guests } from "../../guests/guests.tables.js";
import { orderItems, orders } from "../ticketing.tables.js";
import {
  type CartPrices,
  type CartUnit,
  type CatalogueTicket,
  priceUnits,
  readAutomaticDiscounts,
  readCartCoupons,
  readCatalogueTickets,
  ticketIdsOf,
  unitsOf,
} from "./cart.catalogue.js";
import { checkOwnership, checkSeats, type GuestSource, lockGuestsByEmail, type People } from "./cart.guests.js";
import {
  addCoupon,
  addHeldStock,
  addUnits,
  emptyStockChange,
  type StockChange,
  stockChangeWrites,
} from "./order-stock.js";
import { type Actor, type OrderRow, orderAuditWrite } from "./orders.shared.js";
import { orderCoupons } from "./orders.tables.js";

/*
 * Fills a cart, in the caller's unit of work: the catalogue read and checked, the people resolved to guests, the
 * prices from priceOrder, the order and its items written, then the units and coupon uses taken last, so the row
 * locks of a ticket everybody wants are held for the shortest time. The writes go out with the unit's next statement
 * (the cart read back, with the commit). Any refusal rolls the whole cart back.
 */

export type CartPlacement = {
  event: EventRow;
  /** The buyer's guest, locked with the holders' (`people`). */
  buyer: GuestRow;
  people: People;
  content: { lines: CartLineBody[]; couponCodes: string[] };
  seller: "public" | "organizer";
  at: Date;
  actor: Actor;
  /** Orders whose content this cart takes the place of: their units and coupons count as given back. */
  replacing: OrderRow[];
  /** What prices the content, when the caller read it with the event; else read here. */
  prices?: CartPrices;
};

/** Where a cart's content goes: a new order with these values, or an order in cart whose content it replaces. */
export type CartTarget =
  | {
      kind: "new";
      values: {
        currency: string;
        testMode: boolean;
        reservedUntil: Date | null;
        cartToken: string | null;
        language: Language;
      };
    }
  | { kind: "existing"; id: string; language: Language };

/** The buyer's and holders' guests, locked; `source` names how the new ones came. */
export async function lockPeople(
  executor: Executor,
  eventId: string,
  buyer: HolderBody,
  lines: readonly CartLineBody[],
  source: GuestSource,
) {
  const people = await lockGuestsByEmail(executor, eventId, [buyer, ...lines.flatMap((line) => line.holders)], source);
  const buyerGuest = people.guests.get(buyer.email.toLowerCase());
  if (!buyerGuest) throw new Error("the buyer's guest was not found after its upsert");
  return { buyerGuest, people };
}

/**
 * The buyer's other carts in the event: a buyer keeps one cart, and a new one takes the place of the old. A guest
 * created by this very cart has none.
 */
export async function lockOtherCarts(
  executor: Executor,
  placement: Pick<CartPlacement, "event" | "buyer" | "people">,
  keep?: string,
) {
  if (placement.people.created.has(placement.buyer.id)) return [];
  return executor
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.eventId, placement.event.id),
        eq(orders.buyerGuestId, placement.buyer.id),
        eq(orders.status, "in_cart"),
        keep ? ne(orders.id, keep) : undefined,
      ),
    )
    .orderBy(orders.id)
    .for("update");
}

/**
 * The refusal of a quota already full by what the catalogue read says, if any: most buyers of a sold-out ticket learn
 * it for the price of a few reads. The conditional updates of `applyStockChange` still have the last word.
 */
function soldOutRefusal(change: StockChange, catalogue: Map<string, CatalogueTicket>, units: readonly CartUnit[]) {
  for (const [ticketId, wanted] of change.units) {
    const ticket = catalogue.get(ticketId);
    if (!ticket || ticket.maxQuantity === null || wanted <= 0 || ticket.quantityTaken + wanted <= ticket.maxQuantity) {
      continue;
    }
    const code = ticket.isOption ? "TICKET_OPTION_QUOTA_FILLED" : "TICKET_NOT_AVAILABLE";
    const field = units.find((unit) => unit.ticketId === ticketId)?.field ?? `tickets.${ticketId}`;
    return new AppError(409, code, { fields: { [field]: { code } } });
  }
  return undefined;
}

/**
 * The sold-out refusal before the people are locked or written, for a new cart: when the catalogue read already says
 * a wanted ticket is full and the buyer holds no cart whose units would come back, it costs one more read. On sale
 * day that is most buyers (1,900 of 2,000 for the last 100 tickets); anything else goes on to `fillCart`.
 */
export async function refuseSoldOutEarly(
  executor: Executor,
  event: Pick<EventRow, "id">,
  catalogue: Map<string, CatalogueTicket>,
  content: { buyerEmail: string; lines: readonly CartLineBody[] },
) {
  const units = unitsOf(content.lines);
  const wanted = emptyStockChange();
  for (const unit of units) addUnits(wanted, unit.ticketId, 1);
  const refusal = soldOutRefusal(wanted, catalogue, units);
  if (!refusal) return;
  const [held] = await executor
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(guests, eq(guests.id, orders.buyerGuestId))
    .where(
      and(
        eq(orders.eventId, event.id),
        eq(orders.status, "in_cart"),
        eq(guests.eventId, event.id),
        sql`lower(${guests.email}) = ${content.buyerEmail.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (!held) throw refusal;
}

/** Prices the content at the placement's instant: automatic discounts, then the coupons typed. */
async function priceContent(executor: Executor, placement: CartPlacement, units: CartUnit[], held: StockChange) {
  const { event, content, at } = placement;
  const { catalogue, discounts } = placement.prices ?? {
    catalogue: await readCatalogueTickets(executor, event.id, ticketIdsOf(content.lines)),
    discounts: await readAutomaticDiscounts(executor, event.id),
  };
  const pricing = priceUnits(units, catalogue, placement.seller, at);
  const heldCoupons = new Set([...held.coupons.keys()]);
  const coupons = await readCartCoupons(executor, event, content.couponCodes, heldCoupons, at);
  const priced = priceOrder(pricing, { discounts, coupons, at });
  const idle = priced.coupons.findIndex((coupon) => coupon.cents === 0);
  if (idle >= 0) {
    throw new AppError(409, "CART_COUPON_NOT_APPLICABLE", {
      fields: { [`couponCodes.${idle}`]: { code: "CART_COUPON_NOT_APPLICABLE" } },
    });
  }
  return { catalogue, coupons, priced };
}

/** Each unit's holder: the one named, else the buyer; an option is its ticket's. */
function holdersOfUnits(units: readonly CartUnit[], placement: CartPlacement): string[] {
  const holderIds: string[] = [];
  units.forEach((unit, index) => {
    const parent = unit.parent === null ? undefined : holderIds[unit.parent];
    const named = unit.holderEmail ? placement.people.guests.get(unit.holderEmail.toLowerCase())?.id : undefined;
    holderIds[index] = parent ?? named ?? placement.buyer.id;
  });
  return holderIds;
}

/** The order's items, a write not sent yet. */
function itemsWrite(orderId: string, units: readonly CartUnit[], holderIds: string[], priced: PricedOrder, at: Date) {
  const ids = units.map(() => randomUUID());
  const rows = priced.items.map((item, index) => {
    const parent = units[index]?.parent;
    return {
      id: ids[index],
      orderId,
      ticketId: item.ticketId,
      holderGuestId: holderIds[index],
      parentItemId: parent === null || parent === undefined ? null : ids[parent],
      unitPriceInclTaxCents: item.inclCents,
      unitPriceExclTaxCents: item.exclCents,
      taxPercent: item.taxPercent,
      discountInclTaxCents: item.inclCents - item.netInclCents,
      discountExclTaxCents: item.exclCents - item.netExclCents,
      // A millisecond apart, in the cart's order: lists read items by creation, each ticket then its options.
      createdAt: new Date(at.getTime() + index),
    };
  });
  return itemsInsert(rows.length).with(valuesOfRows(rows));
}

const itemColumns = [
  "id",
  "orderId",
  "ticketId",
  "holderGuestId",
  "parentItemId",
  "unitPriceInclTaxCents",
  "unitPriceExclTaxCents",
  "taxPercent",
  "discountInclTaxCents",
  "discountExclTaxCents",
  "createdAt",
] as const satisfies readonly (keyof typeof orderItems.$inferInsert)[];

/** The items of an order, a write built once per count of items. */
const itemsInsert = preparedRowsInsert("order_items", orderItems, itemColumns);

const couponColumns = [
  "orderId",
  "couponId",
  "code",
  "discountCents",
] as const satisfies readonly (keyof typeof orderCoupons.$inferInsert)[];

/** The coupons an order uses, a write built once per count of coupons. */
const couponsInsert = preparedRowsInsert("order_coupons", orderCoupons, couponColumns);

const newOrderColumns = [
  "id",
  "eventId",
  "buyerGuestId",
  "billingName",
  "createdAt",
  "totalInclTaxCents",
  "totalExclTaxCents",
  "updatedAt",
  "currency",
  "testMode",
  "reservedUntil",
  "cartToken",
  "language",
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];

/** A new cart's order, a write built once. */
const newOrderInsert = preparedWrite<(typeof newOrderColumns)[number]>("cart_order", (executor, value) =>
  executor.insert(orders).values({ ...rowOfValues(newOrderColumns, value), status: "in_cart" }),
);

/** Writes the cart's content into its order (created, or emptied first) and takes what it holds; answers its id. */
export async function fillCart(unit: UnitOfWork, placement: CartPlacement, target: CartTarget): Promise<string> {
  const { event, at } = placement;
  const executor = unit.tx;
  const units = unitsOf(placement.content.lines);
  const leavingOut = [...placement.replacing.map((row) => row.id), ...(target.kind === "existing" ? [target.id] : [])];
  const change = await addHeldStock(executor, emptyStockChange(), leavingOut, -1);
  const { catalogue, coupons, priced } = await priceContent(executor, placement, units, change);
  for (const unit of units) addUnits(change, unit.ticketId, 1);
  for (const coupon of coupons) addCoupon(change, coupon.id, 1);
  const soldOut = soldOutRefusal(change, catalogue, units);
  if (soldOut) throw soldOut;

  const holderIds = holdersOfUnits(units, placement);
  const holdings = units.flatMap((unit, index) =>
    unit.parent === null ? [{ guestId: holderIds[index] as string, ticketId: unit.ticketId, field: unit.field }] : [],
  );
  await checkOwnership(executor, holdings, leavingOut, placement.people.created);
  const seated = holdings.map((holding) => holding.guestId);
  await checkSeats(executor, event, seated, leavingOut);

  const totals = { totalInclTaxCents: priced.totalInclCents, totalExclTaxCents: priced.totalExclCents, updatedAt: at };
  const orderId = target.kind === "new" ? randomUUID() : target.id;
  const writes: PendingWrite[] = [];
  if (target.kind === "new") {
    writes.push(
      newOrderInsert.with({
        id: orderId,
        eventId: event.id,
        buyerGuestId: placement.buyer.id,
        billingName: `${placement.buyer.firstName} ${placement.buyer.lastName}`.trim(),
        createdAt: at,
        ...totals,
        ...target.values,
      }),
    );
  } else {
    // Emptied and updated first: the writes below all see the database as it was before their statement.
    unit.send(() => executor.delete(orderItems).where(eq(orderItems.orderId, orderId)));
    unit.send(() => executor.delete(orderCoupons).where(eq(orderCoupons.orderId, orderId)));
    unit.send(() =>
      executor
        .update(orders)
        .set({ ...totals, buyerGuestId: placement.buyer.id, language: target.language })
        .where(eq(orders.id, orderId)),
    );
  }
  writes.push(itemsWrite(orderId, units, holderIds, priced, at));
  if (coupons.length > 0) {
    const used = coupons.map((coupon, index) => ({
      orderId,
      couponId: coupon.id,
      code: coupon.code,
      discountCents: priced.coupons[index]?.cents ?? 0,
    }));
    writes.push(couponsInsert(used.length).with(valuesOfRows(used)));
  }
  const scope = { accountId: event.accountId, eventId: event.id, orderId };
  const after = {
    units: units.length,
    coupons: coupons.map((coupon) => coupon.code),
    totalInclTaxCents: priced.totalInclCents,
  };
  writes.push(orderAuditWrite(placement.actor, scope, target.kind === "new" ? "created" : "cart_updated", { after }));
  // Last: the rows everybody wants are locked from here to the commit only.
  writes.push(...stockChangeWrites(change));
  unit.send(...writes);
  return orderId;
}

/** The carts a new cart takes the place of, cancelled in its unit (their stock moves with the new cart's). */
export function cancelReplacedCarts(unit: UnitOfWork, placement: CartPlacement) {
  const { replacing, event, at } = placement;
  if (replacing.length === 0) return;
  const ids = replacing.map((row) => row.id);
  unit.send(() =>
    unit.tx
      .update(orders)
      .set({ status: "cancelled", cancelReason: "replaced", reservedUntil: null, updatedAt: at })
      .where(inArray(orders.id, ids)),
  );
  for (const row of replacing) {
    const scope = { accountId: event.accountId, eventId: event.id, orderId: row.id };
    unit.send(
      orderAuditWrite(placement.actor, scope, "cancelled", {
        before: { status: row.status },
        after: { status: "cancelled", reason: "replaced" },
      }),
    );
  }
}
