import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { TestApp } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { clientIp } from "../../forms/submissions/submissions.testing.js";
import { billingEvent, posted, publishRegistrationForm } from "../billing/billing.testing.js";
import { billingBody } from "../billing/billing-body.testing.js";
import { created, ticketBody } from "../catalogue/catalogue.testing.js";
import { tickets } from "../ticketing.tables.js";

/** Helpers shared by the orders and shop API tests. */

type Owner = { token: string; accountId: string };

/**
 * An event ready to sell: billing information, an online registration form, the office opened (test mode, by
 * default), with the catalogue and orders URLs. Tickets are added with `addTicket`.
 */
export async function shopEvent(
  t: TestApp,
  owner: Owner,
  overrides: Record<string, unknown> = {},
  memberIds: string[] = [],
  params: Record<string, unknown> = {},
) {
  const event = await billingEvent(t, owner, overrides, memberIds);
  await posted(t, owner.token, event.organizers, billingBody());
  await publishRegistrationForm(t, owner.token, event.forms);
  const base = `/api/v1/events/${owner.accountId}/${event.id}`;
  const shop = `/api/v1/public/events/${event.slug}`;
  const urls = {
    ...event,
    tickets: `${base}/tickets`,
    coupons: `${base}/coupons`,
    discounts: `${base}/discounts`,
    categories: `${base}/categories`,
    orders: `${base}/orders`,
    shop: `${shop}/shop`,
    carts: `${shop}/carts`,
  };
  // The office opens once a ticket exists (SPEC §5): `addTicket` opens it with these params the first time.
  return { ...urls, openWith: { officeOpen: true, ...params } };
}
export type ShopEvent = Awaited<ReturnType<typeof shopEvent>>;

/** A ticket on sale (20 % VAT, 12.00 after taxes unless told otherwise); the first one opens the office. */
export async function addTicket(t: TestApp, owner: Owner, event: ShopEvent, overrides: Record<string, unknown> = {}) {
  const ticket = await created(t, owner.token, event.tickets, ticketBody({ onSale: true, ...overrides }));
  await posted(t, owner.token, event.params, event.openWith);
  return ticket;
}

/** A dinner: 30.00 after 5.5 % VAT. */
export function dinnerTicket(overrides: Record<string, unknown> = {}) {
  return {
    caption: { en: "Dinner" },
    taxPercent: 5.5,
    pricePeriods: [{ startsAt: null, endsAt: null, priceCents: 3000, priceBasis: "incl" }],
    ...overrides,
  };
}

/** A parking space, 5.00, sold only as an option of the tickets `optionOf`. */
export function parkingOption(optionOf: string[], overrides: Record<string, unknown> = {}) {
  return {
    caption: { en: "Parking" },
    isOption: true,
    optionOf,
    pricePeriods: [{ startsAt: null, endsAt: null, priceCents: 500, priceBasis: "incl" }],
    ...overrides,
  };
}

export async function unitsTaken(t: TestApp, ticketId: string) {
  const [row] = await t.context.db
    .select({ taken: tickets.quantityTaken })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row?.taken;
}

export const uniqueEmail = (label = "buyer") => `${label}-${randomBytes(4).toString("hex")}@example.test`;

export function buyer(email = uniqueEmail()) {
  return { firstName: "Ada", lastName: "Lovelace", email };
}

export const billing = {
  buyerKind: "individual",
  name: "Ada Lovelace",
  address: "1 rue de Rivoli",
  zip: "75001",
  city: "Paris",
};

/** A card of Stripe's test set, with an expiry in the future. */
export const card = (number = "4242 4242 4242 4242") => ({ number, expiry: "12/40", cvc: "123", name: "Ada Lovelace" });

/** Calls of the public shop, each from an address of its own (per-address limits stay out of the way). */
export function shopClient(t: TestApp, event: ShopEvent) {
  const headers = () => ({ "x-forwarded-for": clientIp() });
  return {
    shop: () => t.request({ method: "GET", url: event.shop }),
    create: (body: unknown, language?: string) =>
      t.request({ method: "POST", url: event.carts, body, headers: headers(), language }),
    read: (token: string) => t.request({ method: "GET", url: `${event.carts}/${token}` }),
    update: (token: string, body: unknown) =>
      t.request({ method: "POST", url: `${event.carts}/${token}`, body, headers: headers() }),
    checkout: (token: string, body: unknown) =>
      t.request({ method: "POST", url: `${event.carts}/${token}/checkout`, body, headers: headers() }),
    authenticate: (token: string, outcome: "complete" | "fail") =>
      t.request({ method: "POST", url: `${event.carts}/${token}/authenticate`, body: { outcome }, headers: headers() }),
  };
}

/** A cart of one line that must be created; answers the cart. */
export async function cartOf(t: TestApp, event: ShopEvent, items: unknown[], extra: Record<string, unknown> = {}) {
  const response = await shopClient(t, event).create({ buyer: buyer(), items, ...extra });
  if (response.status !== 201) throw new Error(`cart creation failed: ${JSON.stringify(response.body)}`);
  return response.body as { id: string; token: string } & Record<string, unknown>;
}

/** A cart paid with the simulator's success card: a completed order. */
export async function paidOrder(t: TestApp, event: ShopEvent, items: unknown[], extra: Record<string, unknown> = {}) {
  const cart = await cartOf(t, event, items, extra);
  const response = await shopClient(t, event).checkout(cart.token, {
    method: "card",
    billing,
    termsAccepted: true,
    card: card(),
  });
  if (response.body.cart?.status !== "completed") throw new Error(`payment failed: ${JSON.stringify(response.body)}`);
  return response.body.cart as { id: string; token: string; items: { id: string; ticketId: string }[] } & Record<
    string,
    unknown
  >;
}

/** The audit actions written about an order, oldest first. */
export async function orderAudits(t: TestApp, orderId: string) {
  const rows = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, orderId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.action);
}
