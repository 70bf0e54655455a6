import { describe, expect, test } from "vitest";
import {
  captionViolation,
  categoryDescendants,
  couponBody,
  couponState,
  discountBody,
  periodPrices,
  priceExclFromIncl,
  priceInclFromExcl,
  pricePeriodAt,
  pricePeriodViolations,
  ticketBody,
  ticketBodyFor,
  ticketUpdateBody,
} from "./ticketing-catalogue.js";

const codes = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")} ${issue.message}`);

describe("priceExclFromIncl: price before taxes, exact cents, half up", () => {
  test.each([
    [1200, 20, 1000],
    [1000, 20, 833], // 833.33
    [3, 20, 3], // 2.5 rounds up
    [9, 20, 8], // 7.5 rounds up
    [1000, 5.5, 948], // 947.867
    [1055, 5.5, 1000],
    [1000, 10, 909], // 909.09
    [1100, 10, 1000],
    [1000, 0, 1000],
    [1000, null, 1000],
    [0, 20, 0],
    [99_999_999, 5.5, 94_786_729], // 94,786,728.91
    [100_000_000, 2.1, 97_943_193], // 97,943,192.95
  ])("%i cents at %s percent → %i", (incl, tax, excl) => {
    expect(priceExclFromIncl(incl, tax)).toBe(excl);
  });
});

describe("priceInclFromExcl: price after taxes, exact cents, half up", () => {
  test.each([
    [1000, 20, 1200],
    [833, 20, 1000], // 999.6
    [948, 5.5, 1000], // 1000.14
    [1000, 5.5, 1055],
    [5, 10, 6], // 5.5 rounds up
    [15, 10, 17], // 16.5 rounds up
    [1, 5.5, 1], // 1.055
    [1000, null, 1000],
    [100_000_000, 20, 120_000_000],
  ])("%i cents at %s percent → %i", (excl, tax, incl) => {
    expect(priceInclFromExcl(excl, tax)).toBe(incl);
  });

  test("a price typed before taxes survives the way back, for every cent up to 100.00 and common rates", () => {
    for (const tax of [2.1, 5.5, 10, 20, 8.5, 19.6]) {
      for (let excl = 0; excl <= 10_000; excl++) {
        expect(priceExclFromIncl(priceInclFromExcl(excl, tax), tax)).toBe(excl);
      }
    }
  });

  test("periodPrices computes the price that was not typed", () => {
    expect(periodPrices({ priceCents: 1000, priceBasis: "incl" }, 5.5)).toEqual({
      priceInclTaxCents: 1000,
      priceExclTaxCents: 948,
    });
    expect(periodPrices({ priceCents: 1000, priceBasis: "excl" }, 5.5)).toEqual({
      priceInclTaxCents: 1055,
      priceExclTaxCents: 1000,
    });
  });
});

describe("price periods", () => {
  const early = { startsAt: null, endsAt: "2026-03-01T00:00:00.000Z", name: "early" };
  const regular = { startsAt: "2026-03-01T00:00:00.000Z", endsAt: "2026-04-01T00:00:00.000Z", name: "regular" };
  const late = { startsAt: "2026-04-10T00:00:00.000Z", endsAt: null, name: "late" };

  test("pricePeriodAt: start included, end excluded, nothing in a gap", () => {
    const periods = [late, regular, early];
    expect(pricePeriodAt(periods, "2026-02-28T23:59:59.999Z")?.name).toBe("early");
    expect(pricePeriodAt(periods, "2026-03-01T00:00:00.000Z")?.name).toBe("regular");
    expect(pricePeriodAt(periods, new Date("2026-04-05T12:00:00Z"))).toBeUndefined();
    expect(pricePeriodAt(periods, "2030-01-01T00:00:00+02:00")?.name).toBe("late");
    expect(pricePeriodAt([{ startsAt: null, endsAt: null }], "1999-01-01T00:00:00Z")).toBeDefined();
  });

  test("touching periods are fine; overlaps and reversed dates are not", () => {
    expect(pricePeriodViolations([early, regular, late])).toEqual([]);
    expect(pricePeriodViolations([regular, { ...late, startsAt: "2026-03-31T23:00:00.000Z" }])).toEqual([
      { path: [1, "startsAt"], code: "TICKET_PERIODS_OVERLAP" },
    ]);
    expect(pricePeriodViolations([{ startsAt: null, endsAt: null }, early])).toEqual([
      { path: [1, "startsAt"], code: "TICKET_PERIODS_OVERLAP" },
    ]);
    expect(pricePeriodViolations([{ startsAt: regular.endsAt, endsAt: regular.startsAt }])).toEqual([
      { path: [0, "endsAt"], code: "TICKET_PERIOD_ENDS_BEFORE_START" },
    ]);
  });
});

describe("ticket bodies", () => {
  const period = { startsAt: null, endsAt: null, priceCents: 1000, priceBasis: "incl" };

  test("defaults, and the rules the schema checks", () => {
    const parsed = ticketBody.parse({ caption: { en: "Entry" }, pricePeriods: [period] });
    expect(parsed).toMatchObject({ taxPercent: null, maxQuantity: null, isOption: false, active: true, onSale: false });
    expect(codes(ticketBody.safeParse({ caption: {}, pricePeriods: [] }))).toEqual([
      "pricePeriods TICKET_PRICE_REQUIRED",
    ]);
    const bad = {
      caption: { en: "x" },
      maxQuantity: 0,
      taxPercent: 5.555,
      pricePeriods: [{ ...period, priceCents: -1 }],
    };
    expect(codes(ticketBody.safeParse(bad))).toEqual([
      "taxPercent NUMBER_INVALID",
      "maxQuantity QUOTA_INVALID",
      "pricePeriods.0.priceCents NUMBER_TOO_SMALL",
    ]);
  });

  test("an edit changes only what it sends; its periods are checked together", () => {
    expect(ticketUpdateBody.parse({ active: false })).toEqual({ active: false });
    const overlapping = [period, { ...period, startsAt: "2026-01-01T00:00:00Z" }];
    expect(codes(ticketUpdateBody.safeParse({ pricePeriods: overlapping }))).toEqual([
      "pricePeriods.1.startsAt TICKET_PERIODS_OVERLAP",
    ]);
  });

  test("the caption is needed in the event's default language", () => {
    expect(captionViolation({ en: "Entry" }, "en")).toBeNull();
    expect(captionViolation({ en: "Entry", fr: "  " }, "fr")).toBe("TICKET_CAPTION_REQUIRED");
    // The web form knows the event: the rule sits under the caption of that language, beside the other fields' rules.
    const body = { caption: { en: "Entry" }, maxQuantity: 0, pricePeriods: [period] };
    expect(codes(ticketBodyFor("fr").safeParse(body))).toEqual([
      "caption.fr TICKET_CAPTION_REQUIRED",
      "maxQuantity QUOTA_INVALID",
    ]);
  });
});

describe("categories", () => {
  test("categoryDescendants finds every level under a category", () => {
    const tree = [
      { id: "a", parentId: null },
      { id: "b", parentId: "c" },
      { id: "c", parentId: "a" },
      { id: "d", parentId: null },
    ];
    expect([...categoryDescendants(tree, "a")].sort()).toEqual(["a", "b", "c"]);
    expect([...categoryDescendants(tree, "d")]).toEqual(["d"]);
  });
});

describe("coupon bodies (SPEC §5: code 1 to 15 characters, no whitespace; quota above 0)", () => {
  const ticketId = "11111111-1111-4111-8111-111111111111";
  const valid = { code: "SPRING24", discountType: "percent", percentOff: 10, ticketIds: [ticketId] };

  test("a valid coupon gets its defaults", () => {
    expect(couponBody.parse(valid)).toEqual({
      ...valid,
      amountOffCents: null,
      maxRedemptions: null,
      combinable: false,
      redeemBy: null,
    });
  });

  test.each([
    [{ code: "" }, "code FIELD_REQUIRED"],
    [{ code: "SPRING 24" }, "code COUPON_CODE_INVALID"],
    [{ code: "A234567890123456" }, "code COUPON_CODE_INVALID"],
    [{ percentOff: 0 }, "percentOff DISCOUNT_PERCENT_INVALID"],
    [{ percentOff: 100.5 }, "percentOff DISCOUNT_PERCENT_INVALID"],
    [{ percentOff: null }, "percentOff FIELD_REQUIRED"],
    [{ amountOffCents: 500 }, "amountOffCents DISCOUNT_ONE_KIND"],
    [{ discountType: "amount", percentOff: null, amountOffCents: 0 }, "amountOffCents DISCOUNT_AMOUNT_INVALID"],
    [{ maxRedemptions: 0 }, "maxRedemptions QUOTA_INVALID"],
    [{ redeemBy: "2026-02-30" }, "redeemBy DATE_INVALID"],
    [{ redeemBy: "30/01/2026" }, "redeemBy DATE_INVALID"],
    [{ ticketIds: [] }, "ticketIds TICKET_CHOICE_REQUIRED"],
  ])("%j is refused: %s", (change, expected) => {
    expect(codes(couponBody.safeParse({ ...valid, ...change }))).toEqual([expected]);
  });

  test("100 % off and a code of exactly 15 characters are fine", () => {
    expect(couponBody.safeParse({ ...valid, percentOff: 100, code: "A23456789012345" }).success).toBe(true);
  });
});

describe("couponState", () => {
  const coupon = { redeemBy: "2026-06-30", maxRedemptions: 2, redemptions: 1 };

  test("a coupon is usable through its redeem-by day in the event's time zone", () => {
    // 23:30 in UTC on the 30th is already July 1st in Paris.
    expect(couponState(coupon, "2026-06-30T21:30:00Z", "Europe/Paris")).toBe("usable");
    expect(couponState(coupon, "2026-06-30T23:30:00Z", "Europe/Paris")).toBe("expired");
    expect(couponState(coupon, "2026-06-30T23:30:00Z", "America/New_York")).toBe("usable");
    expect(couponState({ ...coupon, redeemBy: null }, "2099-01-01T00:00:00Z", "UTC")).toBe("usable");
  });

  test("and until its redemptions reach the limit", () => {
    expect(couponState({ ...coupon, redemptions: 2 }, "2026-01-01T00:00:00Z", "UTC")).toBe("used_up");
    expect(couponState({ ...coupon, maxRedemptions: null, redemptions: 99 }, "2026-01-01T00:00:00Z", "UTC")).toBe(
      "usable",
    );
  });
});

describe("discount bodies", () => {
  const valid = {
    name: "Group rate",
    discountType: "amount",
    amountOffCents: 500,
    minQuantity: 10,
    ticketIds: ["11111111-1111-4111-8111-111111111111"],
  };

  test("dates are optional, and the end comes after the start", () => {
    expect(discountBody.parse(valid)).toMatchObject({ startsAt: null, endsAt: null, percentOff: null });
    const reversed = { ...valid, startsAt: "2026-05-01T00:00:00Z", endsAt: "2026-04-01T00:00:00Z" };
    expect(codes(discountBody.safeParse(reversed))).toEqual(["endsAt DISCOUNT_ENDS_BEFORE_START"]);
    expect(codes(discountBody.safeParse({ ...valid, minQuantity: 0 }))).toEqual(["minQuantity NUMBER_TOO_SMALL"]);
  });
});
