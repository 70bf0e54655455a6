import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { MessageCode } from "../../../../contract/error-messages.js";
import { couponState, pricePeriodAt } from "../../../../contract/ticketing-catalogue.js";
import type { CartLineBody } from "../../../../contract/ticketing-orders.js";
import {
  type AutomaticDiscount,
  type CouponReduction,
  couponsCombine,
  type PricingItem,
} from "../../../../contract/ticketing-pricing.js";
import type { Executor } from "../../../db/connection.js";
import { AppError } from "../../../platform/errors.js";
import type { LocalizedText } from "../../events/events.tables.js";
import type { EventRow } from "../../events/events.visibility.js";
import {
  coupons,
  couponTickets,
  discounts,
  discountTickets,
  ticketOptionLinks,
  ticketPricePeriods,
  tickets,
} from "../ticketing.tables.js";

/*
 * What a cart reads of the catalogue, in three queries whatever its size: the tickets it names with their price
 * periods and the tickets each option goes with (read with the event by the shop), the coupons it types, the event's
 * automatic discounts. Then the
 * checks SPEC §3-§5 make on what a buyer (or the organizer) puts in a cart.
 */

type Period = { startsAt: string | null; endsAt: string | null; incl: number; excl: number };

export type CatalogueTicket = {
  id: string;
  caption: LocalizedText;
  description: LocalizedText;
  isOption: boolean;
  active: boolean;
  onSale: boolean;
  taxPercent: number | null;
  maxQuantity: number | null;
  quantityTaken: number;
  categoryId: string | null;
  periods: Period[];
  optionOf: string[];
};

/**
 * The event's tickets named by `ids` (all of them when `ids` is undefined), in display order, as one JSON value: a
 * column any select can carry (the shop reads the cart's tickets with its event). `eventId` is a value or a column
 * written with its table (`${events}.id`: inside a select list Drizzle writes columns bare). So are these columns.
 */
export function catalogueTicketsJson(eventId: string | SQL, ids?: readonly string[] | Placeholder) {
  return sql<CatalogueTicket[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'caption', t.caption,
      'description', t.description, 'isOption', t.is_option, 'active', t.active, 'onSale', t.on_sale,
      'taxPercent', t.tax_percent, 'maxQuantity', t.max_quantity, 'quantityTaken', t.quantity_taken,
      'categoryId', t.category_id,
      'periods', (select coalesce(json_agg(json_build_object('startsAt', p.starts_at, 'endsAt', p.ends_at,
        'incl', p.price_incl_tax_cents, 'excl', p.price_excl_tax_cents)), '[]'::json)
        from ${ticketPricePeriods} p where p.ticket_id = t.id),
      'optionOf', (select coalesce(json_agg(l.ticket_id), '[]'::json) from ${ticketOptionLinks} l
        where l.option_id = t.id))
      order by t.position, t.created_at), '[]'::json)
    from ${tickets} t where t.event_id = ${eventId}
      ${ids ? sql`and t.id = any(${Array.isArray(ids) ? sql.param(ids) : ids}::uuid[])` : sql``})`;
}

export const catalogueOf = (rows: readonly CatalogueTicket[]) => new Map(rows.map((row) => [row.id, row]));

/** What prices a cart: the tickets of its lines (`ticketIdsOf`) and the event's automatic discounts. */
export type CartPrices = { catalogue: Map<string, CatalogueTicket>; discounts: AutomaticDiscount[] };

/** The tickets of `catalogueTicketsJson`, by id. */
export async function readCatalogueTickets(executor: Executor, eventId: string, ids?: readonly string[]) {
  const [row] = await executor.select({ tickets: catalogueTicketsJson(eventId, ids) }).from(sql`(select 1) as one`);
  return catalogueOf(row?.tickets ?? []);
}

/** The tickets a cart's lines name, options included: what its catalogue read needs. */
export const ticketIdsOf = (lines: readonly CartLineBody[]) => [
  ...new Set(lines.flatMap((line) => [line.ticketId, ...line.options.map((option) => option.ticketId)])),
];

/** The price of a ticket at `at`: its period then, if any. */
export function priceAt(ticket: CatalogueTicket, at: Date): PricingItem | null {
  const period = pricePeriodAt(ticket.periods, at);
  if (!period) return null;
  return { ticketId: ticket.id, inclCents: period.incl, exclCents: period.excl, taxPercent: ticket.taxPercent };
}

/** Whether the shop sells a ticket at `at`: active, on sale, within a price period. */
export const onSaleAt = (ticket: CatalogueTicket, at: Date) => ticket.active && ticket.onSale && !!priceAt(ticket, at);

/** One unit in a cart: a ticket for a holder (null: the buyer's), or an option attached to the unit `parent`. */
export type CartUnit = {
  ticketId: string;
  parent: number | null;
  holderEmail: string | null;
  /** Where the unit comes from in the body, for the field an error names. */
  field: string;
};

/** The lines as units, tickets first in each line and their options right after them. */
export function unitsOf(lines: readonly CartLineBody[]): CartUnit[] {
  const units: CartUnit[] = [];
  lines.forEach((line, lineIndex) => {
    for (let unit = 0; unit < line.quantity; unit++) {
      const parent = units.length;
      units.push({
        ticketId: line.ticketId,
        parent: null,
        holderEmail: line.holders[unit]?.email ?? null,
        field: `items.${lineIndex}.ticketId`,
      });
      line.options.forEach((option, optionIndex) => {
        for (let count = 0; count < option.quantity; count++) {
          units.push({
            ticketId: option.ticketId,
            parent,
            holderEmail: null,
            field: `items.${lineIndex}.options.${optionIndex}.ticketId`,
          });
        }
      });
    }
  });
  return units;
}

const refuse = (status: 400 | 409, code: MessageCode, field: string) =>
  new AppError(status, code, { fields: { [field]: { code } } });

/**
 * Checks each unit against the catalogue and prices it at `at`. The shop sells what is active, on sale and within a
 * price period; the organizer also sells what is not on sale. An option goes only with a ticket it is attached to.
 */
export function priceUnits(
  units: readonly CartUnit[],
  catalogue: Map<string, CatalogueTicket>,
  seller: "public" | "organizer",
  at: Date,
): PricingItem[] {
  return units.map((unit) => {
    const ticket = catalogue.get(unit.ticketId);
    if (!ticket) throw refuse(409, "TICKET_NOT_AVAILABLE", unit.field);
    const parentTicketId = unit.parent === null ? null : units[unit.parent]?.ticketId;
    if (parentTicketId === null && ticket.isOption) throw refuse(400, "TICKET_OPTION_ALONE", unit.field);
    if (parentTicketId && (!ticket.isOption || !ticket.optionOf.includes(parentTicketId))) {
      throw refuse(400, "TICKET_OPTION_NOT_FOR_TICKET", unit.field);
    }
    const price = priceAt(ticket, at);
    if (!ticket.active || (seller === "public" && !ticket.onSale) || !price) {
      throw refuse(409, "TICKET_NOT_AVAILABLE", unit.field);
    }
    return price;
  });
}

/**
 * The coupons typed, as priceOrder takes them, each checked: a code of the event (whatever its case), not past its
 * redeem-by day in the event's zone, not used up (unless `held`, the ones this order already counts), and combinable
 * when there are several. The conditional update of `applyStockChange` has the last word on the limit.
 */
export async function readCartCoupons(
  executor: Executor,
  event: Pick<EventRow, "id" | "timezone">,
  codes: readonly string[],
  held: ReadonlySet<string>,
  at: Date,
): Promise<(CouponReduction & { code: string })[]> {
  const wanted = [...new Set(codes.map((code) => code.toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await executor
    .select({
      coupon: coupons,
      ticketIds: sql<string[]>`coalesce(array_agg(${couponTickets.ticketId}::text)
        filter (where ${couponTickets.ticketId} is not null), '{}'::text[])`,
    })
    .from(coupons)
    .leftJoin(couponTickets, eq(couponTickets.couponId, coupons.id))
    .where(and(eq(coupons.eventId, event.id), sql`lower(${coupons.code}) = any(${sql.param(wanted)}::text[])`))
    .groupBy(coupons.id);
  const found = wanted.map((code, index) => {
    const row = rows.find((candidate) => candidate.coupon.code.toLowerCase() === code);
    const field = `couponCodes.${index}`;
    if (!row) throw refuse(400, "CART_COUPON_INVALID", field);
    const state = couponState(row.coupon, at, event.timezone);
    if (state === "expired") throw refuse(409, "CART_COUPON_EXPIRED", field);
    if (state === "used_up" && !held.has(row.coupon.id)) throw refuse(409, "CART_COUPON_USED_UP", field);
    return { ...row.coupon, ticketIds: row.ticketIds };
  });
  if (!couponsCombine(found)) throw refuse(409, "CART_COUPONS_NOT_COMBINABLE", "couponCodes");
  return found;
}

/** An instant as ISO 8601 in UTC, as the API writes it, inside a JSON value. */
const isoJson = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The event's automatic discounts, as priceOrder takes them (it picks those that apply), as one JSON value: a column
 * the shop reads with its event, like `catalogueTicketsJson`.
 */
export function automaticDiscountsJson(eventId: string | SQL) {
  return sql<AutomaticDiscount[]>`(select coalesce(json_agg(json_build_object('id', d.id,
      'discountType', d.discount_type, 'amountOffCents', d.amount_off_cents, 'percentOff', d.percent_off,
      'minQuantity', d.min_quantity, 'startsAt', ${isoJson(sql`d.starts_at`)}, 'endsAt', ${isoJson(sql`d.ends_at`)},
      'ticketIds', (select coalesce(json_agg(dt.ticket_id), '[]'::json) from ${discountTickets} dt
        where dt.discount_id = d.id))), '[]'::json)
    from ${discounts} d where d.event_id = ${eventId})`;
}

export async function readAutomaticDiscounts(executor: Executor, eventId: string): Promise<AutomaticDiscount[]> {
  const [row] = await executor.select({ discounts: automaticDiscountsJson(eventId) }).from(sql`(select 1) as one`);
  return row?.discounts ?? [];
}
