import { z } from "zod";
import { idSchema, type Language, listOf } from "./common.js";
import type { MessageCode } from "./error-messages.js";
import { eventScopeParams } from "./guests.js";

/*
 * SPEC §3 Ticket, Category, Coupon; §4 Ticket; §5 coupon and quota rules; §7 tickets, discounts, coupons, categories.
 * Money is integer cents (DESIGN §4); a tax percent has at most two decimals (5.5) and null means "no VAT".
 */

export const catalogueParams = eventScopeParams.extend({ id: idSchema });
/** The highest price or amount off accepted: one million in the event's currency. */
export const maxPriceCents = 100_000_000;

// ---------------------------------------------------------------------------------------------------------------
// Exact money arithmetic

/** `numerator / denominator` rounded half up, exactly (BigInt: a product of two amounts can pass 2^53). */
export function divideRoundHalfUp(numerator: number | bigint, denominator: number | bigint): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}

/** 5.5 % is 550 hundredths of a percent: tax and percent-off rates are computed in these integers. */
export const hundredthsOfPercent = (percent: number | null) => Math.round((percent ?? 0) * 100);
const hasTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** The price before taxes of a price after taxes: incl × 100 / (100 + tax), rounded half up to the cent. */
export function priceExclFromIncl(inclCents: number, taxPercent: number | null): number {
  return divideRoundHalfUp(BigInt(inclCents) * 10_000n, 10_000 + hundredthsOfPercent(taxPercent));
}

/**
 * The price after taxes of a price before taxes: excl × (100 + tax) / 100, rounded half up to the cent. A price
 * entered before taxes comes back unchanged through `priceExclFromIncl`, since rounding moved it by half a cent at most.
 */
export function priceInclFromExcl(exclCents: number, taxPercent: number | null): number {
  return divideRoundHalfUp(BigInt(exclCents) * BigInt(10_000 + hundredthsOfPercent(taxPercent)), 10_000);
}

// ---------------------------------------------------------------------------------------------------------------
// Shared field rules

const isoInstant = z.iso.datetime({
  offset: true,
  error: (issue) => (issue.input === undefined ? "FIELD_REQUIRED" : "DATE_INVALID"),
});
const cents = z.number().int("NUMBER_INVALID").min(0, "NUMBER_TOO_SMALL").max(maxPriceCents, "NUMBER_TOO_BIG");
const localized = (max: number) =>
  z.object({
    fr: z.string().trim().max(max).optional(),
    en: z.string().trim().max(max).optional(),
    es: z.string().trim().max(max).optional(),
  });
const ticketIds = z.array(idSchema).max(500);

export const taxPercentSchema = z
  .number()
  .min(0, "NUMBER_TOO_SMALL")
  .max(100, "NUMBER_TOO_BIG")
  .refine(hasTwoDecimals, "NUMBER_INVALID")
  .nullable();

/** SPEC §5 "Quota: number greater than 0"; null is unlimited. */
export const quotaSchema = z.number().int("QUOTA_INVALID").min(1, "QUOTA_INVALID").max(10_000_000).nullable();

// ---------------------------------------------------------------------------------------------------------------
// Price periods

/** Which of the two prices the organizer typed; the other is computed from the tax. */
export const priceBases = ["incl", "excl"] as const;
export type PriceBasis = (typeof priceBases)[number];

export const pricePeriodBody = z.object({
  /** Null: open on that side. A period covers [startsAt, endsAt). */
  startsAt: isoInstant.nullable(),
  endsAt: isoInstant.nullable(),
  priceCents: cents,
  priceBasis: z.enum(priceBases),
});
export type PricePeriodBody = z.infer<typeof pricePeriodBody>;

export const pricePeriodSchema = z.object({
  id: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  priceBasis: z.enum(priceBases),
  priceInclTaxCents: z.number().int(),
  priceExclTaxCents: z.number().int(),
});
export type PricePeriod = z.infer<typeof pricePeriodSchema>;

/** Both prices of a period: the one typed, the other from the tax. */
export function periodPrices(period: Pick<PricePeriodBody, "priceCents" | "priceBasis">, taxPercent: number | null) {
  return period.priceBasis === "incl"
    ? { priceInclTaxCents: period.priceCents, priceExclTaxCents: priceExclFromIncl(period.priceCents, taxPercent) }
    : { priceInclTaxCents: priceInclFromExcl(period.priceCents, taxPercent), priceExclTaxCents: period.priceCents };
}

type Dated = { startsAt: string | null; endsAt: string | null };
const startOf = (period: Dated) => (period.startsAt ? Date.parse(period.startsAt) : Number.NEGATIVE_INFINITY);
const endOf = (period: Dated) => (period.endsAt ? Date.parse(period.endsAt) : Number.POSITIVE_INFINITY);

/** The period in effect at `at` (start included, end excluded), if any. Periods of a ticket never overlap. */
export function pricePeriodAt<T extends Dated>(periods: readonly T[], at: Date | string): T | undefined {
  const instant = new Date(at).getTime();
  return periods.find((period) => startOf(period) <= instant && instant < endOf(period));
}

export type Violation = { path: (string | number)[]; code: MessageCode };

/** Each period ends after it starts, and no two periods share an instant (touching ends are fine). */
export function pricePeriodViolations(periods: readonly Dated[]): Violation[] {
  const violations: Violation[] = [];
  periods.forEach((period, index) => {
    if (startOf(period) >= endOf(period))
      violations.push({ path: [index, "endsAt"], code: "TICKET_PERIOD_ENDS_BEFORE_START" });
  });
  if (violations.length > 0) return violations;
  const byStart = periods
    .map((period, index) => ({ period, index }))
    .sort((a, b) => startOf(a.period) - startOf(b.period));
  for (let i = 1; i < byStart.length; i++) {
    const previous = byStart[i - 1];
    const current = byStart[i];
    if (previous && current && endOf(previous.period) > startOf(current.period)) {
      violations.push({ path: [current.index, "startsAt"], code: "TICKET_PERIODS_OVERLAP" });
    }
  }
  return violations;
}

// ---------------------------------------------------------------------------------------------------------------
// Tickets

/** SPEC §3 Ticket. Captions and descriptions are written in the event's languages. */
const ticketShape = {
  caption: localized(200),
  description: localized(5_000),
  taxPercent: taxPercentSchema,
  /** Null: unlimited (SPEC §9). */
  maxQuantity: quotaSchema,
  /** An option cannot be bought alone: it comes with one of the tickets of `optionOf`. */
  isOption: z.boolean(),
  optionOf: ticketIds,
  onSale: z.boolean(),
  active: z.boolean(),
  categoryId: idSchema.nullable(),
  subcategoryId: idSchema.nullable(),
  /** The periods are checked together, each message under the period and date it is about. */
  pricePeriods: z
    .array(pricePeriodBody)
    .min(1, "TICKET_PRICE_REQUIRED")
    .max(20)
    .superRefine((periods, context) => {
      for (const { path, code } of pricePeriodViolations(periods))
        context.addIssue({ code: "custom", message: code, path });
    }),
};

/** The rule the server checks once it knows the event: the caption exists in the event's default language. */
export function captionViolation(
  caption: { [key in Language]?: string },
  defaultLanguage: Language,
): MessageCode | null {
  return caption[defaultLanguage]?.trim() ? null : "TICKET_CAPTION_REQUIRED";
}

/**
 * A ticket's creation body. With the event's default language, the caption rule is checked too (the web form knows
 * the event; the server, parsing before it loads the event, checks `captionViolation` afterwards).
 */
export function ticketBodyFor(defaultLanguage?: Language) {
  const caption = defaultLanguage
    ? ticketShape.caption.refine((value) => !captionViolation(value, defaultLanguage), {
        message: "TICKET_CAPTION_REQUIRED",
        path: [defaultLanguage],
      })
    : ticketShape.caption;
  return z.object({
    ...ticketShape,
    caption,
    description: ticketShape.description.default({}),
    taxPercent: ticketShape.taxPercent.default(null),
    maxQuantity: ticketShape.maxQuantity.default(null),
    isOption: ticketShape.isOption.default(false),
    optionOf: ticketShape.optionOf.default([]),
    onSale: ticketShape.onSale.default(false),
    active: ticketShape.active.default(true),
    categoryId: ticketShape.categoryId.default(null),
    subcategoryId: ticketShape.subcategoryId.default(null),
  });
}
export const ticketBody = ticketBodyFor();
export type TicketBody = z.infer<typeof ticketBody>;

/** POST tickets/{id}: only the fields sent change (the list's toggles send one); `pricePeriods` replaces them all. */
export const ticketUpdateBody = z.object(ticketShape).partial();
export type TicketUpdateBody = z.infer<typeof ticketUpdateBody>;

export const ticketSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  caption: localized(200),
  description: localized(5_000),
  taxPercent: z.number().nullable(),
  maxQuantity: z.number().int().nullable(),
  /** Units held by carts and orders; the quota can never go below it. */
  quantityTaken: z.number().int(),
  /** Units taken or order items exist: the ticket cannot be deleted, only deactivated. */
  sold: z.boolean(),
  isOption: z.boolean(),
  optionOf: z.array(z.string()),
  onSale: z.boolean(),
  active: z.boolean(),
  categoryId: z.string().nullable(),
  subcategoryId: z.string().nullable(),
  position: z.number().int(),
  pricePeriods: z.array(pricePeriodSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketList = listOf(ticketSchema);

/** A ticket as a body, each period with the price the organizer typed: what an edit starts from. */
export function ticketToBody(ticket: Ticket): TicketBody {
  const { caption, description, taxPercent, maxQuantity, isOption, optionOf, onSale, active } = ticket;
  return {
    ...{ caption, description, taxPercent, maxQuantity, isOption, optionOf, onSale, active },
    categoryId: ticket.categoryId,
    subcategoryId: ticket.subcategoryId,
    pricePeriods: ticket.pricePeriods.map((period) => ({
      startsAt: period.startsAt,
      endsAt: period.endsAt,
      priceBasis: period.priceBasis,
      priceCents: period.priceBasis === "incl" ? period.priceInclTaxCents : period.priceExclTaxCents,
    })),
  };
}

/** DELETE tickets/{id}: a sold ticket is deactivated instead, and the answer says so in the caller's language. */
export const ticketDeleteResult = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("deleted") }),
  z.object({ outcome: z.literal("deactivated"), message: z.string(), ticket: ticketSchema }),
]);
export type TicketDeleteResult = z.infer<typeof ticketDeleteResult>;

/** Display order: every ticket of the event, once each. */
export const ticketPositionsBody = z.object({ ids: z.array(idSchema).max(1_000) });

// ---------------------------------------------------------------------------------------------------------------
// Categories

export const categoryColorPattern = /^#[0-9a-fA-F]{6}$/;

export const categoryBody = z.object({
  name: z.string().trim().min(1, "FIELD_REQUIRED").max(100),
  /** `#rrggbb`, or null for the interface's default. */
  color: z.string().trim().regex(categoryColorPattern, "CATEGORY_COLOR_INVALID").nullable().default(null),
  parentId: idSchema.nullable().default(null),
});
export type CategoryBody = z.infer<typeof categoryBody>;

export const categorySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  parentId: z.string().nullable(),
  position: z.number().int(),
  createdAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryList = listOf(categorySchema);

/** POST categories/positions: every category of the event once, in display order, each with its (new) parent. */
export const categoryPositionsBody = z.object({
  items: z.array(z.object({ id: idSchema, parentId: idSchema.nullable() })).max(500),
});
export type CategoryPositionsBody = z.infer<typeof categoryPositionsBody>;

/** The ids of `id` and every category under it: a category cannot move into any of them. */
export function categoryDescendants(categories: readonly { id: string; parentId: string | null }[], id: string) {
  const found = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const category of categories) {
      if (category.parentId && found.has(category.parentId) && !found.has(category.id)) {
        found.add(category.id);
        grew = true;
      }
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Coupons and automatic discounts: both take an amount or a percent off chosen tickets

export const discountTypes = ["amount", "percent"] as const;
export type DiscountType = (typeof discountTypes)[number];

const reductionShape = {
  discountType: z.enum(discountTypes),
  /** Cents off, when `discountType` is amount. */
  amountOffCents: z.number().int("NUMBER_INVALID").min(1, "DISCOUNT_AMOUNT_INVALID").max(maxPriceCents).nullable(),
  /** 0 < percent ≤ 100, two decimals at most, when `discountType` is percent. */
  percentOff: z
    .number()
    .gt(0, "DISCOUNT_PERCENT_INVALID")
    .max(100, "DISCOUNT_PERCENT_INVALID")
    .refine(hasTwoDecimals, "DISCOUNT_PERCENT_INVALID")
    .nullable(),
  ticketIds: ticketIds.min(1, "TICKET_CHOICE_REQUIRED"),
};

/** An amount or a percent, as the type says, never both. */
const reductionRules = (
  body: { discountType: DiscountType; amountOffCents: number | null; percentOff: number | null },
  context: z.RefinementCtx,
) => {
  const [wanted, other] =
    body.discountType === "amount"
      ? (["amountOffCents", "percentOff"] as const)
      : (["percentOff", "amountOffCents"] as const);
  if (body[wanted] === null) context.addIssue({ code: "custom", message: "FIELD_REQUIRED", path: [wanted] });
  if (body[other] !== null) context.addIssue({ code: "custom", message: "DISCOUNT_ONE_KIND", path: [other] });
};

/** SPEC §5: 1 to 15 characters, no whitespace. Matched case-insensitively, unique in the event. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(1, "FIELD_REQUIRED")
  .max(15, "COUPON_CODE_INVALID")
  .regex(/^\S*$/, "COUPON_CODE_INVALID");

/** SPEC §3 "redeem by (YYYY-MM-DD)": a real calendar day, else "Date format is incorrect." */
export const redeemBySchema = z
  .string()
  .trim()
  .refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    return date.toISOString().slice(0, 10) === value;
  }, "DATE_INVALID");

export const couponBody = z
  .object({
    code: couponCodeSchema,
    ...reductionShape,
    amountOffCents: reductionShape.amountOffCents.default(null),
    percentOff: reductionShape.percentOff.default(null),
    /** Null: no limit. */
    maxRedemptions: quotaSchema.default(null),
    /** Can be used with other coupons in one order. */
    combinable: z.boolean().default(false),
    /** Last day it can be used, in the event's time zone; null: no end. */
    redeemBy: redeemBySchema.nullable().default(null),
  })
  .superRefine(reductionRules);
export type CouponBody = z.infer<typeof couponBody>;

export const couponSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  code: z.string(),
  discountType: z.enum(discountTypes),
  amountOffCents: z.number().int().nullable(),
  percentOff: z.number().nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Orders that used it: taken with one conditional update when an order uses it. */
  redemptions: z.number().int(),
  combinable: z.boolean(),
  redeemBy: z.string().nullable(),
  ticketIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponList = listOf(couponSchema);

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: a coupon's redeem-by day is the event's. */
export function dayIn(at: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(at),
  );
}

/** Whether buyers can still use a coupon at `at`: through its redeem-by day in the event's zone, within its limit. */
export function couponState(
  coupon: Pick<Coupon, "redeemBy" | "maxRedemptions" | "redemptions">,
  at: Date | string,
  timeZone: string,
): "usable" | "expired" | "used_up" {
  if (coupon.redeemBy !== null && dayIn(at, timeZone) > coupon.redeemBy) return "expired";
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return "used_up";
  return "usable";
}

/** Automatic discounts (no code): a group rate from `minQuantity` units of its tickets in one order, between dates. */
export const discountBody = z
  .object({
    name: z.string().trim().min(1, "FIELD_REQUIRED").max(100),
    ...reductionShape,
    amountOffCents: reductionShape.amountOffCents.default(null),
    percentOff: reductionShape.percentOff.default(null),
    minQuantity: z.number().int("NUMBER_INVALID").min(1, "NUMBER_TOO_SMALL").max(10_000).default(1),
    startsAt: isoInstant.nullable().default(null),
    endsAt: isoInstant.nullable().default(null),
  })
  .superRefine(reductionRules)
  .refine((body) => startOf(body) < endOf(body), { message: "DISCOUNT_ENDS_BEFORE_START", path: ["endsAt"] });
export type DiscountBody = z.infer<typeof discountBody>;

export const discountSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  discountType: z.enum(discountTypes),
  amountOffCents: z.number().int().nullable(),
  percentOff: z.number().nullable(),
  minQuantity: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  ticketIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;
export const discountList = listOf(discountSchema);
