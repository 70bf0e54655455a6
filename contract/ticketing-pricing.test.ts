import { describe, expect, test } from "vitest";
import {
  type AutomaticDiscount,
  type CouponReduction,
  couponDiscountCents,
  couponsCombine,
  discountApplies,
  type PricingItem,
  priceOrder,
} from "./ticketing-pricing.js";

const at = "2026-05-01T10:00:00Z";
const unit = (ticketId: string, inclCents: number, exclCents: number, taxPercent: number | null): PricingItem => ({
  ticketId,
  inclCents,
  exclCents,
  taxPercent,
});
const entry = (count: number) => Array.from({ length: count }, () => unit("entry", 1000, 833, 20));

const coupon = (overrides: Partial<CouponReduction> = {}): CouponReduction => ({
  id: "coupon",
  discountType: "percent",
  percentOff: 10,
  amountOffCents: null,
  ticketIds: ["entry"],
  combinable: false,
  ...overrides,
});
const discount = (overrides: Partial<AutomaticDiscount> = {}): AutomaticDiscount => ({
  id: "group",
  discountType: "percent",
  percentOff: 10,
  amountOffCents: null,
  ticketIds: ["entry"],
  minQuantity: 1,
  startsAt: null,
  endsAt: null,
  ...overrides,
});

describe("couponDiscountCents", () => {
  test("a percent is taken off each of its items' price after taxes, rounded half up per item", () => {
    const items = [
      { ticketId: "entry", inclCents: 1999 },
      { ticketId: "entry", inclCents: 999 },
      { ticketId: "dinner", inclCents: 5000 },
    ];
    // 199.9 → 200 and 99.9 → 100; the dinner is not one of its tickets.
    expect(couponDiscountCents(coupon(), items)).toBe(300);
    // 12.5 % of 999 = 124.875 → 125; of 1999 = 249.875 → 250.
    expect(couponDiscountCents(coupon({ percentOff: 12.5 }), items)).toBe(375);
    expect(couponDiscountCents(coupon({ percentOff: 100 }), items)).toBe(2998);
  });

  test("an amount is taken once, at most the total of its items", () => {
    const items = [{ ticketId: "entry", inclCents: 1500 }];
    expect(couponDiscountCents(coupon({ discountType: "amount", percentOff: null, amountOffCents: 500 }), items)).toBe(
      500,
    );
    expect(couponDiscountCents(coupon({ discountType: "amount", percentOff: null, amountOffCents: 5000 }), items)).toBe(
      1500,
    );
    expect(couponDiscountCents(coupon({ ticketIds: ["dinner"] }), items)).toBe(0);
  });

  test("coupons combine only when every one of them allows it", () => {
    expect(couponsCombine([coupon()])).toBe(true);
    expect(couponsCombine([coupon({ combinable: true }), coupon()])).toBe(false);
    expect(couponsCombine([coupon({ combinable: true }), coupon({ combinable: true })])).toBe(true);
  });
});

describe("priceOrder", () => {
  test("without reductions, items keep the prices of their period; taxes are broken down per rate", () => {
    const items = [unit("entry", 1200, 1000, 20), unit("book", 1055, 1000, 5.5), unit("cloakroom", 500, 500, null)];
    const order = priceOrder(items, { at });
    expect(order).toMatchObject({ totalInclCents: 2755, totalExclCents: 2500, discountCents: 0, couponCents: 0 });
    expect(order.taxes).toEqual([
      { taxPercent: null, exclCents: 500, taxCents: 0, inclCents: 500 },
      { taxPercent: 5.5, exclCents: 1000, taxCents: 55, inclCents: 1055 },
      { taxPercent: 20, exclCents: 1000, taxCents: 200, inclCents: 1200 },
    ]);
  });

  test("a coupon amount is spread over its items, the odd cent to the first; prices before taxes follow", () => {
    const order = priceOrder(entry(3), {
      at,
      coupons: [coupon({ discountType: "amount", percentOff: null, amountOffCents: 1000 })],
    });
    expect(order.items.map((item) => [item.couponCents, item.netInclCents, item.netExclCents])).toEqual([
      [334, 666, 555], // 666 / 1.2 = 555
      [333, 667, 556], // 667 / 1.2 = 555.83
      [333, 667, 556],
    ]);
    expect(order).toMatchObject({ couponCents: 1000, totalInclCents: 2000, totalExclCents: 1667 });
    expect(order.coupons).toEqual([{ id: "coupon", cents: 1000 }]);
    expect(order.taxes).toEqual([{ taxPercent: 20, exclCents: 1667, taxCents: 333, inclCents: 2000 }]);
  });

  test("an amount spread in proportion to prices, never beyond what is left", () => {
    const items = [unit("entry", 3000, 2500, 20), unit("entry", 1000, 833, 20), unit("dinner", 4000, 3333, 20)];
    const order = priceOrder(items, {
      at,
      coupons: [coupon({ discountType: "amount", percentOff: null, amountOffCents: 1001 })],
    });
    // 1001 × 3/4 = 750.75 and 1001 × 1/4 = 250.25: the larger remainder takes the odd cent.
    expect(order.items.map((item) => item.couponCents)).toEqual([751, 250, 0]);
    const all = priceOrder(items, {
      at,
      coupons: [coupon({ discountType: "amount", percentOff: null, amountOffCents: 99_999 })],
    });
    expect(all.items.map((item) => item.netInclCents)).toEqual([0, 0, 4000]);
    expect(all.items.map((item) => item.netExclCents)).toEqual([0, 0, 3333]);
  });

  test("a group rate applies from its minimum quantity of its tickets in one order", () => {
    const group = discount({ minQuantity: 3 });
    expect(discountApplies(group, entry(2), at)).toBe(false);
    expect(priceOrder(entry(2), { at, discounts: [group] }).discountCents).toBe(0);
    const order = priceOrder(entry(3), { at, discounts: [group] });
    expect(order.items.map((item) => [item.discountId, item.discountCents, item.netInclCents])).toEqual([
      ["group", 100, 900],
      ["group", 100, 900],
      ["group", 100, 900],
    ]);
    expect(order).toMatchObject({ totalInclCents: 2700, totalExclCents: 2250 });
  });

  test("an automatic discount counts only within its dates, start included and end excluded", () => {
    const spring = discount({ startsAt: "2026-05-01T10:00:00Z", endsAt: "2026-05-02T00:00:00Z" });
    expect(discountApplies(spring, entry(1), "2026-05-01T10:00:00Z")).toBe(true);
    expect(discountApplies(spring, entry(1), "2026-05-01T09:59:59Z")).toBe(false);
    expect(discountApplies(spring, entry(1), "2026-05-02T00:00:00Z")).toBe(false);
  });

  test("an item gets the one automatic discount that takes the most off it; an amount is per unit, capped", () => {
    const amount = discount({ id: "amount", discountType: "amount", percentOff: null, amountOffCents: 150 });
    const percent = discount({ id: "percent" });
    const order = priceOrder([unit("entry", 1000, 833, 20), unit("entry", 100, 83, 20)], {
      at,
      discounts: [percent, amount],
    });
    expect(order.items.map((item) => [item.discountId, item.discountCents])).toEqual([
      ["amount", 150],
      ["amount", 100],
    ]);
    expect(order.totalInclCents).toBe(850);
  });

  test("coupons come after automatic discounts, each on what is left", () => {
    const order = priceOrder(entry(1), {
      at,
      discounts: [discount()],
      coupons: [coupon({ id: "a", combinable: true }), coupon({ id: "b", percentOff: 50, combinable: true })],
    });
    // 1000 − 10 % = 900; − 10 % = 810; − 50 % = 405.
    expect(order.items[0]).toMatchObject({
      discountCents: 100,
      couponCents: 495,
      netInclCents: 405,
      netExclCents: 338,
    });
    expect(order.coupons).toEqual([
      { id: "a", cents: 90 },
      { id: "b", cents: 405 },
    ]);
  });
});
