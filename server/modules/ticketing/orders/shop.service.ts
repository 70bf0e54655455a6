import { and, asc, desc, eq, gt, isNotNull, isNull, ne, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Language } from "../../../../contract/common.js";
import type { MessageCode } from "../../../../contract/error-messages.js";
import {
  salesBlockers,
  type TicketingParamsValues,
  type TicketOfficeState,
  ticketOfficeState,
} from "../../../../contract/ticketing-billing.js";
import type { Cart, CartLineBody, CartValues, CheckoutValues, Shop } from "../../../../contract/ticketing-orders.js";
import type { Executor } from "../../../db/connection.js";
import { preparedStatement, rowOfValues } from "../../../db/prepared.js";
import { type UnitOfWork, unitOfWork, unitOfWorkAfter } from "../../../db/unit-of-work.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, fieldError, notFound } from "../../../platform/errors.js";
import { createPaymentSimulator } from "../../../platform/payments/simulator.js";
import {
  consumeHits,
  consumeRateLimit,
  countedBuckets,
  type Hits,
  hitsOf,
  rateLimitHitsQuery,
  refuseIfOverLimit,
  refuseOverLimit,
  shopPostLimits,
  withinLimits,
} from "../../../platform/rate-limit.js";
import { hashSecret, newSecret } from "../../../platform/tokens.js";
import { events } from "../../events/events.tables.js";
import { localizedText } from "../../events/events.values.js";
import { type EventRow, eventColumnsWithStatus, publicEventCondition } from "../../events/events.visibility.js";
import { ticketingParams } from "../billing/billing.tables.js";
import { paramsValues, salesReadinessColumns } from "../billing/params.service.js";
import { orders, ticketCategories } from "../ticketing.tables.js";
import {
  automaticDiscountsJson,
  type CartPrices,
  catalogueOf,
  catalogueTicketsJson,
  onSaleAt,
  priceAt,
  ticketIdsOf,
} from "./cart.catalogue.js";
import {
  type CartPlacement,
  cancelReplacedCarts,
  fillCart,
  lockOtherCarts,
  lockPeople,
  refuseSoldOutEarly,
} from "./cart.js";
import { findCart } from "./cart.lookup.js";
import {
  paymentIntent,
  paymentStartOf,
  paymentToMake,
  recordPaymentStatus,
  settleSucceededPayment,
  startCardPayment,
  syncOrderPayments,
} from "./order-payments.js";
import { awaitPayment, cancelOrder, completeOrder } from "./order-states.js";
import { readOrder } from "./order-view.js";
import { type OrderRow, systemActor } from "./orders.shared.js";
import { orderPayments } from "./orders.tables.js";
import { providerForMode } from "./payment-providers.js";

/*
 * The public ticket shop (SPEC §2 public event page, issue 5 "buy from the public page"): what is on sale, the
 * buyer's cart (created, read, replaced), its checkout by card or by another method, and the 3-D Secure step of the
 * simulator. A cart is reached by its token, handed to the buyer at creation and stored hashed.
 */

const officeRefusals: Record<Exclude<TicketOfficeState, "open">, MessageCode> = {
  closed: "CART_OFFICE_CLOSED",
  not_yet_open: "CART_OFFICE_NOT_OPEN",
  ended: "CART_OFFICE_ENDED",
};

/**
 * The public event of its slug, its ticketing params, what sales need, and its catalogue tickets (those of the
 * placeholder `ticketIds`, or all): one statement, built once, read by every cart and shop call. Counting the
 * buyer's hits (`countingHits`), it also counts them (rate-limit.ts), one round trip fewer for a new cart.
 */
function saleStatement(name: string, options: { ticketIds?: Placeholder; countingHits?: boolean } = {}) {
  return preparedStatement((executor) => {
    const eventId = sql`${events}.id`;
    const hits = options.countingHits ? rateLimitHitsQuery(executor) : undefined;
    return (hits ? executor.with(hits) : executor)
      .select({
        event: eventColumnsWithStatus,
        params: ticketingParams,
        readiness: salesReadinessColumns(eventId),
        tickets: catalogueTicketsJson(eventId, options.ticketIds),
        discounts: automaticDiscountsJson(eventId),
        buckets: hits ? countedBuckets(hits) : sql<[]>`'[]'::json`,
      })
      .from(events)
      .leftJoin(ticketingParams, eq(ticketingParams.eventId, events.id))
      .where(publicEventCondition(sql.placeholder("slug")))
      .prepare(name);
  });
}
const shopSale = saleStatement("shop_sale");
const cartSale = saleStatement("cart_sale", { ticketIds: sql.placeholder("ticketIds") });
const newCartSale = saleStatement("new_cart_sale", { ticketIds: sql.placeholder("ticketIds"), countingHits: true });

/**
 * The sale of `slug`, with the catalogue tickets of `lines` (or all): see `saleStatement`. Given the buyer's `hits`,
 * they are counted as it is read, and refused past a limit.
 */
async function readSale(executor: Executor, slug: string, lines?: readonly CartLineBody[], hits?: Hits) {
  const [found] = !lines
    ? await shopSale(executor).execute({ slug })
    : hits
      ? await newCartSale(executor).execute({ slug, ticketIds: ticketIdsOf(lines), ...hits.values })
      : await cartSale(executor).execute({ slug, ticketIds: ticketIdsOf(lines) });
  if (!found) throw notFound();
  if (hits) refuseOverLimit(hits, found.buckets);
  const params = paramsValues(found.params ?? undefined);
  const prices = { catalogue: catalogueOf(found.tickets), discounts: found.discounts };
  return { event: found.event, params, readiness: found.readiness, prices };
}

/**
 * The sale of a cart's lines, whose office must be open (T2's ticketOfficeState: opened by hand, within its dates,
 * nothing sales need missing).
 */
async function requireOpenSale(
  executor: Executor,
  slug: string,
  lines: readonly CartLineBody[],
  at: Date,
  hits?: Hits,
) {
  const sale = await readSale(executor, slug, lines, hits);
  const state = ticketOfficeState(sale.params, at, salesBlockers(sale.readiness));
  if (state !== "open") throw new AppError(409, officeRefusals[state]);
  return sale;
}

const cartActor = (email: string, ip: string) => systemActor(email, ip);
const expiredAt = (order: OrderRow, at: Date) => order.reservedUntil !== null && order.reservedUntil <= at;

/** GET /public/events/{slug}/shop: the tickets and options on sale now, at their current price, with units left. */
export async function getShop(context: AppContext, slug: string, language: Language): Promise<Shop> {
  const { event, params, prices } = await readSale(context.db, slug);
  const now = new Date();
  const tickets = [...prices.catalogue.values()].flatMap((ticket) => {
    const price = onSaleAt(ticket, now) ? priceAt(ticket, now) : null;
    if (!price) return [];
    return [
      {
        id: ticket.id,
        caption: localizedText(ticket.caption, language, event.preferredLanguage),
        description: localizedText(ticket.description, language, event.preferredLanguage),
        isOption: ticket.isOption,
        optionOf: ticket.optionOf,
        categoryId: ticket.categoryId,
        taxPercent: ticket.taxPercent,
        priceInclTaxCents: price.inclCents,
        priceExclTaxCents: price.exclCents,
        remaining: ticket.maxQuantity === null ? null : Math.max(0, ticket.maxQuantity - ticket.quantityTaken),
      },
    ];
  });
  const categories = await context.db
    .select({
      id: ticketCategories.id,
      name: ticketCategories.name,
      color: ticketCategories.color,
      parentId: ticketCategories.parentId,
    })
    .from(ticketCategories)
    .where(eq(ticketCategories.eventId, event.id))
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.createdAt));
  return { currency: params.currency, categories, tickets };
}

async function cartView(context: AppContext, event: EventRow, orderId: string, token: string, language: Language) {
  return { ...(await readOrder(context.db, event, orderId, language)), token } satisfies Cart;
}

/** Who and what a public cart is about: its people locked, the buyer's other cart (if any) to take the place of. */
async function placeCart(
  tx: Executor,
  { event, prices }: { event: EventRow; prices: CartPrices },
  body: CartValues,
  at: Date,
  ip: string,
  keep?: string,
): Promise<CartPlacement> {
  const { buyerGuest, people } = await lockPeople(tx, event.id, body.buyer, body.items, "registration");
  const placed = { event, buyer: buyerGuest, people };
  return {
    ...placed,
    content: { lines: body.items, couponCodes: body.couponCodes },
    seller: "public",
    at,
    actor: cartActor(body.buyer.email, ip),
    replacing: await lockOtherCarts(tx, placed, keep),
    prices,
  };
}

/**
 * POST /public/events/{slug}/carts: the buyer's cart, holding its units for the reservation time. First the sale is
 * read as the buyer's hits are counted, committed on its own (its buckets are not locked for the cart's time), and a
 * sold-out ticket refused when the sale says so. Then the cart is one unit of work: its people locked, its content
 * checked, and its writes sent with the cart read back, whose round trip carries the commit.
 */
export async function createCart(context: AppContext, slug: string, body: CartValues, ip: string) {
  const limits = shopPostLimits(context.config);
  const token = newSecret("ct_");
  const at = new Date();
  const openSaleCountingHits = async (executor: Executor) => {
    const hits = hitsOf([limits.perIp, ip], [limits.perBuyer, body.buyer.email]);
    const sale = await requireOpenSale(executor, slug, body.items, at, hits);
    const lines = body.items;
    await refuseSoldOutEarly(executor, sale.event, sale.prices.catalogue, { buyerEmail: body.buyer.email, lines });
    return sale;
  };
  const cart = await unitOfWorkAfter(context.db, openSaleCountingHits, async (unit, sale) => {
    const { event, params } = sale;
    const placement = await placeCart(unit.tx, sale, body, at, ip);
    const language = body.language ?? (event.preferredLanguage as Language);
    cancelReplacedCarts(unit, placement);
    const orderId = await fillCart(unit, placement, {
      kind: "new",
      values: {
        currency: params.currency,
        testMode: !providerForMode(context, params.paymentMode).livemode,
        reservedUntil: new Date(at.getTime() + params.reservationMinutes * 60_000),
        cartToken: hashSecret(token),
        language,
      },
    });
    return unit.commitWith(() => readOrder(unit.tx, event, orderId, language));
  });
  return { ...cart, token } satisfies Cart;
}

/**
 * Runs `work` on the locked cart, which must still be a live cart: an expired one is released on the spot (and
 * "Your reservation has expired." answered once that is committed).
 */
async function withLiveCart<T>(
  context: AppContext,
  slug: string,
  token: string,
  work: (
    unit: UnitOfWork,
    found: { event: EventRow; order: OrderRow; params: TicketingParamsValues },
    at: Date,
  ) => Promise<T>,
): Promise<T> {
  const at = new Date();
  const outcome = await unitOfWork(context.db, async (unit) => {
    const found = await findCart(unit.tx, slug, token, { lock: true });
    if (found.order.status === "in_cart" && expiredAt(found.order, at)) {
      await cancelOrder(unit, found.event, found.order, "expired", systemActor("cart-expiry"));
      return { expired: true as const };
    }
    return { expired: false as const, value: await work(unit, found, at) };
  });
  if (outcome.expired) throw new AppError(409, "CART_EXPIRED");
  return outcome.value;
}

/** GET /public/events/{slug}/carts/{token}: a payment under way is asked about first (Stripe's webhook may lag). */
export async function readCart(context: AppContext, slug: string, token: string, language?: Language) {
  const found = await findCart(context.db, slug, token, { lock: false });
  if (found.order.status === "in_cart" || found.order.status === "awaiting_payment") {
    await syncOrderPayments(context, found.order.id);
  }
  return cartView(context, found.event, found.order.id, token, language ?? found.order.language);
}

/** POST /public/events/{slug}/carts/{token}: replaces the cart's content; its reservation time runs on. */
export async function updateCart(context: AppContext, slug: string, token: string, body: CartValues, ip: string) {
  const limits = shopPostLimits(context.config);
  await consumeRateLimit(context.db, [limits.perIp, ip], [limits.perBuyer, token]);
  const { event, orderId, language } = await withLiveCart(context, slug, token, async (unit, { event, order }, at) => {
    if (order.status !== "in_cart") throw new AppError(409, "ORDER_NOT_IN_CART");
    const sale = await requireOpenSale(unit.tx, slug, body.items, at);
    const placement = await placeCart(unit.tx, sale, body, at, ip, order.id);
    const language = body.language ?? order.language;
    cancelReplacedCarts(unit, placement);
    await fillCart(unit, placement, { kind: "existing", id: order.id, language });
    return { event, orderId: order.id, language };
  });
  return cartView(context, event, orderId, token, language);
}

/** What a checkout writes on its order: the buyer's billing details, and the terms accepted (SPEC §5). */
const billingValues = (billing: CheckoutValues["billing"], at: Date) => ({
  buyerKind: billing.buyerKind,
  billingName: billing.name,
  billingAddress: billing.address,
  billingZip: billing.zip,
  billingCity: billing.city,
  billingSiret: billing.siret ?? null,
  termsAcceptedAt: at,
  updatedAt: at,
});

const cardCheckoutBilling = preparedStatement((executor) => {
  const at = sql.placeholder("at");
  const hits = rateLimitHitsQuery(executor);
  const billable = and(
    eq(orders.cartToken, sql.placeholder("cartToken")),
    eq(events.id, orders.eventId),
    publicEventCondition(sql.placeholder("slug")),
    eq(orders.status, "in_cart"),
    gt(orders.totalInclTaxCents, 0),
    or(isNull(orders.reservedUntil), gt(orders.reservedUntil, at)),
    withinLimits(hits),
  );
  // Who takes the event's card payments, by its payment mode (`providerForMode`; without params, test mode's).
  const byMode = (key: string, type: SQL) =>
    sql`case when ${ticketingParams.paymentMode} = 'live' then ${sql.placeholder(`live${key}`)}::${type}
      else ${sql.placeholder(`test${key}`)}::${type} end`;
  const provider = byMode("Provider", sql`text`);
  // The intent to pay, recorded with the billing, before the provider is asked (order-payments.ts).
  const intent = paymentIntent(executor, {
    provider,
    livemode: byMode("Livemode", sql`boolean`),
    condition: billable,
    from: "cart",
  });
  return executor
    .with(hits, intent)
    .update(orders)
    .set(
      rowOfValues(
        [
          "buyerKind",
          "billingName",
          "billingAddress",
          "billingZip",
          "billingCity",
          "billingSiret",
          "termsAcceptedAt",
          "updatedAt",
        ],
        sql.placeholder,
      ) satisfies Record<keyof ReturnType<typeof billingValues>, SQL>,
    )
    .from(events)
    .leftJoin(ticketingParams, eq(ticketingParams.eventId, events.id))
    .where(billable)
    .returning({
      order: orders,
      event: eventColumnsWithStatus,
      params: ticketingParams,
      payment: paymentToMake(intent, provider),
    })
    .prepare("card_checkout_billing");
});

/** The providers of both payment modes, as the billing statement picks one by the event's (`byMode`). */
function providersByMode(context: AppContext) {
  const test = providerForMode(context, "test");
  const live = providerForMode(context, "live");
  return {
    testProvider: test.name,
    testLivemode: test.livemode,
    liveProvider: live.name,
    liveLivemode: live.livemode,
  };
}

/**
 * A card checkout of a live cart (in cart, its reservation running) with something to pay, billed in one conditional
 * statement rather than a locked read then a write, which counts the buyer's hits and records the intent to pay too:
 * what sale day mostly sees. It answers the cart's event, params and the payment to make (null if a checkout racing
 * this one recorded it first); null sends the checkout the locked way (`withLiveCart`), which
 * tells an expired cart, a paid order or a free one apart, unless a limit was passed (429). The row lock the update
 * takes serializes it with the expiry sweep as that lock would.
 */
async function billCardCheckout(
  context: AppContext,
  slug: string,
  token: string,
  billing: CheckoutValues["billing"],
  hits: Hits,
) {
  const at = new Date();
  const [billed] = await cardCheckoutBilling(context.db).execute({
    ...billingValues(billing, at),
    at,
    cartToken: hashSecret(token),
    slug,
    ...providersByMode(context),
    ...hits.values,
  });
  if (!billed) {
    await refuseIfOverLimit(context.db, hits);
    return null;
  }
  return {
    event: billed.event,
    order: billed.order,
    params: paramsValues(billed.params ?? undefined),
    payment: billed.payment,
  };
}

/**
 * POST /public/events/{slug}/carts/{token}/checkout. SPEC §5: terms accepted first. Another method the organizer
 * offers puts the order in "awaiting payment"; a card starts (or takes up) the payment of its total and, with the
 * simulator's card form, confirms it at once: its outcome completes the order before the answer.
 */
export async function checkoutCart(context: AppContext, slug: string, token: string, body: CheckoutValues, ip: string) {
  const limits = shopPostLimits(context.config);
  const hits = hitsOf([limits.perIp, ip], [limits.perBuyer, token]);
  // A card's hits are counted by its billing statement.
  if (body.method !== "card") await consumeHits(context.db, hits);
  const billedAtOnce = body.method === "card" ? await billCardCheckout(context, slug, token, body.billing, hits) : null;
  const found =
    billedAtOnce ??
    (await withLiveCart(context, slug, token, async (unit, { event, order, params }, at) => {
      const { tx } = unit;
      if (order.status !== "in_cart") {
        throw new AppError(409, order.status === "completed" ? "ORDER_ALREADY_PAID" : "ORDER_NOT_IN_CART");
      }
      const { billing } = body;
      const [billed] = await tx
        .update(orders)
        .set(billingValues(billing, at))
        .where(eq(orders.id, order.id))
        .returning();
      if (!billed) throw notFound();
      const actor = cartActor(billing.name, ip);
      if (body.method !== "card") {
        if (!params.otherPaymentMethods[body.method].enabled) {
          throw fieldError("method", "CART_PAYMENT_METHOD_UNAVAILABLE");
        }
        return { event, params, order: await awaitPayment(tx, event, billed, body.method, actor) };
      }
      // Nothing to pay (free tickets, a full coupon): no card is asked for.
      if (billed.totalInclTaxCents === 0) {
        return {
          event,
          params,
          order: await completeOrder(unit, event, billed, { action: "pay", paymentMethod: "online" }, actor),
        };
      }
      return { event, params, order: billed };
    }));
  const { event, order, params } = found;
  if (order.status === "completed") context.mailer.kickSoon();
  if (order.status !== "in_cart")
    return { cart: await cartView(context, event, order.id, token, order.language), payment: null };
  const provider = providerForMode(context, params.paymentMode);
  if (body.card && provider.name !== "simulator") throw fieldError("card", "CART_CARD_NOT_ACCEPTED");
  const started = await startCardPayment(context, event, order, provider, {
    payment: billedAtOnce?.payment,
    card: body.card,
  });
  let cart = await cartView(context, event, order.id, token, order.language);
  // The simulator told the orders already; should that have failed, the success is applied here (once).
  if (started.status === "succeeded" && cart.status === "in_cart") {
    await settleSucceededPayment(context, provider.name, started);
    cart = await cartView(context, event, order.id, token, order.language);
  }
  return { cart, payment: paymentStartOf(provider, started) };
}

/** POST /public/events/{slug}/carts/{token}/authenticate: the buyer's answer to the simulated 3-D Secure check. */
export async function authenticateCart(
  context: AppContext,
  slug: string,
  token: string,
  outcome: "complete" | "fail",
  ip: string,
) {
  const limits = shopPostLimits(context.config);
  await consumeRateLimit(context.db, [limits.perIp, ip], [limits.perBuyer, token]);
  const { event, order } = await findCart(context.db, slug, token, { lock: false });
  const [waiting] = await context.db
    .select({ providerPaymentId: orderPayments.providerPaymentId })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, order.id),
        eq(orderPayments.provider, "simulator"),
        ne(orderPayments.status, "succeeded"),
        isNotNull(orderPayments.providerPaymentId),
      ),
    )
    .orderBy(desc(orderPayments.createdAt))
    .limit(1);
  if (!waiting?.providerPaymentId) throw new AppError(409, "PAYMENT_NOT_AWAITING_AUTHENTICATION");
  const simulator = createPaymentSimulator(context);
  const current = await simulator.retrievePayment(waiting.providerPaymentId);
  const done = await simulator.authenticate({ clientSecret: current.clientSecret, outcome });
  if (done.status === "succeeded") await settleSucceededPayment(context, simulator.name, done);
  else await recordPaymentStatus(context, done);
  return {
    cart: await cartView(context, event, order.id, token, order.language),
    payment: paymentStartOf(simulator, done),
  };
}
