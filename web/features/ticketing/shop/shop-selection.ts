import type { z } from "zod";
import type { Language } from "../../../../contract/common";
import { isMessageCode, messageOfZodIssue, translate } from "../../../../contract/error-messages";
import {
  type BuyerBody,
  type Cart,
  type CartBody,
  cartBody,
  type HolderBody,
  maxUnitsPerOrder,
  type Shop,
  type ShopCategory,
} from "../../../../contract/ticketing-orders";
import { categoryOutline } from "../catalogue/category-tree";

/*
 * What the buyer has chosen in the shop, before and after it is a cart: units per ticket, the options of each unit,
 * who the units are for, the buyer, the coupon codes. Errors are named by the paths of the cart body, as the server
 * names them, so its answers land under the same inputs.
 */

export type ShopTicket = Shop["tickets"][number];

export type ShopDraft = {
  /** Units of each ticket (options are counted per unit, below). */
  quantities: Record<string, number>;
  /** Per ticket, how many of each option come with every unit of it. */
  options: Record<string, Record<string, number>>;
  /** Per ticket, who its units are for beyond the buyer's own: a guest holds one unit of a ticket. */
  holders: Record<string, HolderBody[]>;
  buyer: BuyerBody;
  couponCodes: string[];
};

export const emptyDraft = (): ShopDraft => ({
  quantities: {},
  options: {},
  holders: {},
  buyer: { firstName: "", lastName: "", email: "" },
  couponCodes: [],
});

export const emptyHolder = (): HolderBody => ({ firstName: "", lastName: "", email: "" });

/** The tickets a buyer picks, in the shop's order; options are offered under them. */
export const mainTickets = (shop: Shop) => shop.tickets.filter((ticket) => !ticket.isOption);

export type TicketGroup = { category: ShopCategory | null; path: string[]; tickets: ShopTicket[] };

/**
 * The tickets a buyer picks under their categories, as the organizer ordered the tree: those without a category (or
 * with one the shop does not know) first, then each category that holds tickets, named by its path.
 */
export function ticketGroups(shop: Shop): TicketGroup[] {
  const tickets = mainTickets(shop);
  const known = new Set(shop.categories.map((category) => category.id));
  const loose = tickets.filter((ticket) => ticket.categoryId === null || !known.has(ticket.categoryId));
  const grouped = categoryOutline(shop.categories).map(({ category, path }) => ({
    category,
    path,
    tickets: tickets.filter((ticket) => ticket.categoryId === category.id),
  }));
  return [{ category: null, path: [], tickets: loose }, ...grouped].filter((group) => group.tickets.length > 0);
}
export const optionsOf = (shop: Shop, ticketId: string) =>
  shop.tickets.filter((ticket) => ticket.isOption && ticket.optionOf.includes(ticketId));

/**
 * The chosen tickets' ids, in the order the body lists them (the order they were first picked): a ticket's index here
 * is its `items.N`. Read from the draft alone, so a cart can be sent before (or without) the shop's list.
 */
export const chosenTicketIds = (draft: ShopDraft) =>
  Object.entries(draft.quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([ticketId]) => ticketId);

/** The options chosen with each unit of a ticket, in body order: an option's index here is its `options.N`. */
export const chosenOptions = (draft: ShopDraft, ticketId: string) =>
  Object.entries(draft.options[ticketId] ?? {})
    .filter(([, quantity]) => quantity > 0)
    .map(([optionId, quantity]) => ({ ticketId: optionId, quantity }));

/** Units of each ticket the buyer's own cart holds: they are the buyer's to keep, on top of what is left. */
export function heldUnits(cart: Cart | null): Map<string, number> {
  const held = new Map<string, number>();
  if (cart?.status !== "in_cart") return held;
  for (const item of cart.items) held.set(item.ticketId, (held.get(item.ticketId) ?? 0) + 1);
  return held;
}

/** How many units of a ticket (or an option) can be had now: what is left, plus what the cart holds already. */
export function available(ticket: ShopTicket, held: Map<string, number>): number {
  if (ticket.remaining === null) return maxUnitsPerOrder;
  return Math.min(maxUnitsPerOrder, ticket.remaining + (held.get(ticket.id) ?? 0));
}

/** How many of an option each unit may take: the contract's 20 at most, shared out among the units. */
export function optionMax(option: ShopTicket, units: number, held: Map<string, number>): number {
  if (units <= 0) return 0;
  return Math.min(20, Math.floor(available(option, held) / units));
}

/** A changed quantity, with the holders' list fitted to it (the first unit stays the buyer's). */
export function withQuantity(draft: ShopDraft, ticketId: string, quantity: number): ShopDraft {
  const current = draft.holders[ticketId] ?? [];
  const holders = Array.from({ length: Math.max(0, quantity - 1) }, (_, index) => current[index] ?? emptyHolder());
  return {
    ...draft,
    quantities: { ...draft.quantities, [ticketId]: quantity },
    holders: { ...draft.holders, [ticketId]: holders },
  };
}

export function withOption(draft: ShopDraft, ticketId: string, optionId: string, quantity: number): ShopDraft {
  return { ...draft, options: { ...draft.options, [ticketId]: { ...draft.options[ticketId], [optionId]: quantity } } };
}

/** The body of POST carts (and of its replacement): each chosen ticket one line, its holders and options with it. */
export function cartBodyOf(draft: ShopDraft, language: Language): CartBody {
  return {
    buyer: draft.buyer,
    items: chosenTicketIds(draft).map((ticketId) => {
      const quantity = draft.quantities[ticketId] ?? 0;
      return {
        ticketId,
        quantity,
        holders: (draft.holders[ticketId] ?? []).slice(0, quantity - 1),
        options: chosenOptions(draft, ticketId),
      };
    }),
    couponCodes: draft.couponCodes,
    language,
  };
}

/** The total before discounts and coupons, at the prices shown: the cart tells the real total once made. */
export function estimateCents(shop: Shop, draft: ShopDraft): number {
  const price = new Map(shop.tickets.map((ticket) => [ticket.id, ticket.priceInclTaxCents]));
  return cartBodyOf(draft, "en").items.reduce((sum, line) => {
    const options = (line.options ?? []).reduce(
      (total, option) => total + option.quantity * (price.get(option.ticketId) ?? 0),
      0,
    );
    return sum + line.quantity * ((price.get(line.ticketId) ?? 0) + options);
  }, 0);
}

/** The cart body checked in the browser with the contract's schema: the messages the server would answer, by path. */
export function cartBodyErrors(body: CartBody, language: Language): Record<string, string> {
  const parsed = cartBody.safeParse(body);
  if (parsed.success) return {};
  return issuesByPath(parsed.error.issues, language);
}

export function issuesByPath(issues: z.core.$ZodIssue[], language: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.join(".") || "items";
    if (errors[path]) continue;
    if (isMessageCode(issue.message)) errors[path] = translate(issue.message, language);
    else {
      const { code, values = [] } = messageOfZodIssue(issue as Parameters<typeof messageOfZodIssue>[0]);
      errors[path] = translate(code, language, ...values);
    }
  }
  return errors;
}

/** The cart's discounts: the coupons it names, and what the automatic discounts took off besides. */
export function cartDiscounts(cart: Cart) {
  const grossCents = cart.items.reduce((sum, item) => sum + item.unitPriceInclTaxCents, 0);
  const couponCents = cart.coupons.reduce((sum, coupon) => sum + coupon.cents, 0);
  const itemDiscountCents = cart.items.reduce((sum, item) => sum + item.discountInclTaxCents, 0);
  return { grossCents, automaticCents: Math.max(0, itemDiscountCents - couponCents) };
}
