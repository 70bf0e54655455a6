import {
  type DiscountType,
  divideRoundHalfUp,
  hundredthsOfPercent,
  priceExclFromIncl,
  pricePeriodAt,
} from "./ticketing-catalogue.js";

/*
 * What an order pays: its items, automatic discounts, then coupons. The shop page shows these numbers and the server
 * charges them, so both call these functions. The rules, in cents:
 * - an item is one unit of a ticket or option (one order item), with the prices of its period;
 * - a percent is taken off each item's price after taxes, rounded half up per item;
 * - an automatic discount's amount is taken off each unit of its tickets (a group rate), at most the unit's price;
 *   an item gets the one automatic discount that takes the most off it, never two;
 * - a coupon's amount is taken once per order, at most the total of its items, and spread over them in proportion to
 *   their prices (largest remainders get the odd cents, earlier items first on a tie); coupons come after automatic
 *   discounts, each on what is left to pay, in the order given;
 * - an item's price before taxes is recomputed from what is left of its price after taxes only when something was
 *   taken off it; otherwise it keeps the price before taxes of its period.
 */

export type PricingItem = { ticketId: string; inclCents: number; exclCents: number; taxPercent: number | null };

type Reduction = {
  id: string;
  discountType: DiscountType;
  amountOffCents: number | null;
  percentOff: number | null;
  ticketIds: readonly string[];
};
export type CouponReduction = Reduction & { combinable: boolean };
export type AutomaticDiscount = Reduction & { minQuantity: number; startsAt: string | null; endsAt: string | null };

const percentOf = (cents: number, percentOff: number | null) =>
  divideRoundHalfUp(BigInt(cents) * BigInt(hundredthsOfPercent(percentOff)), 10_000);

/** `total` split over `weights` in proportion, exactly: the shares add up to `total`. */
function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight));
  const shares = exact.map((value) => Number(value / BigInt(sum)));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}

/** Cents a coupon takes off each item, given what is left to pay on each. */
function couponShares(coupon: Reduction, items: readonly { ticketId: string }[], dueCents: readonly number[]) {
  const eligible = items.map((item) => coupon.ticketIds.includes(item.ticketId));
  const due = dueCents.map((cents, index) => (eligible[index] ? cents : 0));
  if (coupon.discountType === "percent") return due.map((cents) => percentOf(cents, coupon.percentOff));
  const amount = Math.min(
    coupon.amountOffCents ?? 0,
    due.reduce((a, b) => a + b, 0),
  );
  return spread(amount, due);
}

/** What one coupon alone takes off these items: its percent of each, or its amount capped at their total. */
export function couponDiscountCents(coupon: Reduction, items: readonly { ticketId: string; inclCents: number }[]) {
  return couponShares(
    coupon,
    items,
    items.map((item) => item.inclCents),
  ).reduce((a, b) => a + b, 0);
}

/** Several coupons in one order only when every one of them can be used with others. */
export function couponsCombine(coupons: readonly Pick<CouponReduction, "combinable">[]): boolean {
  return coupons.length <= 1 || coupons.every((coupon) => coupon.combinable);
}

/** An automatic discount applies at `at` when it is within its dates and the order has enough units of its tickets. */
export function discountApplies(
  discount: AutomaticDiscount,
  items: readonly { ticketId: string }[],
  at: Date | string,
) {
  if (!pricePeriodAt([discount], at)) return false;
  const units = items.filter((item) => discount.ticketIds.includes(item.ticketId)).length;
  return units >= discount.minQuantity;
}

/** Cents an automatic discount takes off one unit. */
const discountUnitCents = (discount: AutomaticDiscount, inclCents: number) =>
  discount.discountType === "percent"
    ? percentOf(inclCents, discount.percentOff)
    : Math.min(discount.amountOffCents ?? 0, inclCents);

export type PricedItem = PricingItem & {
  /** The automatic discount applied to it, if any, and what it took off. */
  discountId: string | null;
  discountCents: number;
  couponCents: number;
  netInclCents: number;
  netExclCents: number;
};

export type TaxLine = { taxPercent: number | null; exclCents: number; taxCents: number; inclCents: number };

export type PricedOrder = {
  items: PricedItem[];
  /** What each coupon took off the order, in the order given. */
  coupons: { id: string; cents: number }[];
  discountCents: number;
  couponCents: number;
  totalInclCents: number;
  totalExclCents: number;
  /** One line per tax rate (null: no VAT), lowest rate first: the VAT breakdown of an invoice. */
  taxes: TaxLine[];
};

/** Prices an order: automatic discounts at `at`, then the coupons (already checked usable and combinable). */
export function priceOrder(
  items: readonly PricingItem[],
  { discounts = [], coupons = [], at }: { discounts?: AutomaticDiscount[]; coupons?: Reduction[]; at: Date | string },
): PricedOrder {
  const applicable = discounts.filter((discount) => discountApplies(discount, items, at));
  const priced: PricedItem[] = items.map((item) => {
    let best: { id: string | null; cents: number } = { id: null, cents: 0 };
    for (const discount of applicable) {
      if (!discount.ticketIds.includes(item.ticketId)) continue;
      const cents = discountUnitCents(discount, item.inclCents);
      if (cents > best.cents) best = { id: discount.id, cents };
    }
    const netInclCents = item.inclCents - best.cents;
    return { ...item, discountId: best.id, discountCents: best.cents, couponCents: 0, netInclCents, netExclCents: 0 };
  });

  const couponTotals = coupons.map((coupon) => {
    const shares = couponShares(
      coupon,
      priced,
      priced.map((item) => item.netInclCents),
    );
    shares.forEach((cents, index) => {
      const item = priced[index];
      if (!item) return;
      item.couponCents += cents;
      item.netInclCents -= cents;
    });
    return { id: coupon.id, cents: shares.reduce((a, b) => a + b, 0) };
  });

  const taxes = new Map<string, TaxLine>();
  for (const item of priced) {
    const reduced = item.discountCents + item.couponCents > 0;
    item.netExclCents = reduced ? priceExclFromIncl(item.netInclCents, item.taxPercent) : item.exclCents;
    const key = String(item.taxPercent);
    const line = taxes.get(key) ?? { taxPercent: item.taxPercent, exclCents: 0, taxCents: 0, inclCents: 0 };
    line.exclCents += item.netExclCents;
    line.inclCents += item.netInclCents;
    line.taxCents = line.inclCents - line.exclCents;
    taxes.set(key, line);
  }
  const sum = (pick: (item: PricedItem) => number) => priced.reduce((total, item) => total + pick(item), 0);
  return {
    items: priced,
    coupons: couponTotals,
    discountCents: sum((item) => item.discountCents),
    couponCents: sum((item) => item.couponCents),
    totalInclCents: sum((item) => item.netInclCents),
    totalExclCents: sum((item) => item.netExclCents),
    taxes: [...taxes.values()].sort((a, b) => (a.taxPercent ?? -1) - (b.taxPercent ?? -1)),
  };
}
