import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { guests } from "../../guests/guests.tables.js";
import { posted } from "../billing/billing.testing.js";
import { created } from "../catalogue/catalogue.testing.js";
import {
  addTicket,
  billing,
  buyer,
  card,
  cartOf,
  dinnerTicket,
  orderAudits,
  parkingOption,
  shopClient,
  shopEvent,
  uniqueEmail,
  unitsTaken,
} from "./orders.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => shopEvent(t, tenants.owner));
const entry = madeBeforeAll(() => addTicket(t, tenants.owner, event, { maxQuantity: 50 }));
const dinner = madeBeforeAll(() => addTicket(t, tenants.owner, event, dinnerTicket()));
const parking = madeBeforeAll(() => addTicket(t, tenants.owner, event, parkingOption([entry.id], { maxQuantity: 2 })));

const shop = () => shopClient(t, event);

describe("the shop", () => {
  it("lists what is on sale at its current price, with the units left", async () => {
    const response = await shop().shop();
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const byId = Object.fromEntries(response.body.tickets.map((ticket: { id: string }) => [ticket.id, ticket]));
    expect(byId[entry.id]).toMatchObject({ caption: "Entry", priceInclTaxCents: 1200, priceExclTaxCents: 1000 });
    expect(byId[parking.id]).toMatchObject({ isOption: true, optionOf: [entry.id], remaining: 2 });
    expect(byId[dinner.id]).toMatchObject({ remaining: null, taxPercent: 5.5 });
  });

  it("names the categories, in the organizer's order, for the tickets to be shown under them", async () => {
    const meals = await created(t, tenants.owner.token, event.categories, { name: "Meals", color: "#2f9e44" });
    const evening = await created(t, tenants.owner.token, event.categories, { name: "Evening", parentId: meals.id });
    const { categories } = (await shop().shop()).body as { categories: unknown[] };
    expect(categories).toEqual([
      { id: meals.id, name: "Meals", color: "#2f9e44", parentId: null },
      { id: evening.id, name: "Evening", color: null, parentId: meals.id },
    ]);
  });

  it("answers 404 for an unknown event", async () => {
    expect((await t.request({ method: "GET", url: "/api/v1/public/events/nope-nope/shop" })).status).toBe(404);
  });
});

describe("carts", () => {
  it("holds the units of a cart with exact totals per tax rate, options attached to their ticket", async () => {
    const before = await unitsTaken(t, entry.id);
    const response = await shop().create({
      buyer: buyer(),
      items: [
        { ticketId: entry.id, quantity: 1, options: [{ ticketId: parking.id, quantity: 1 }] },
        { ticketId: dinner.id, quantity: 1 },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const cart = response.body;
    expect(cart).toMatchObject({
      status: "in_cart",
      testMode: true,
      currency: "EUR",
      totalInclTaxCents: 1200 + 500 + 3000,
      totalExclTaxCents: 1000 + 417 + 2844,
      taxes: [
        { taxPercent: 5.5, exclCents: 2844, taxCents: 156, inclCents: 3000 },
        { taxPercent: 20, exclCents: 1417, taxCents: 283, inclCents: 1700 },
      ],
    });
    expect(cart.token).toMatch(/^ct_/);
    const option = cart.items.find((item: { ticketId: string }) => item.ticketId === parking.id);
    const ticket = cart.items.find((item: { ticketId: string }) => item.ticketId === entry.id);
    expect(option.parentItemId).toBe(ticket.id);
    expect(ticket.holder.email).toBe(cart.buyer.email);
    const reserved = Date.parse(cart.reservedUntil) - Date.parse(cart.createdAt);
    expect(reserved).toBe(15 * 60_000);
    expect(await unitsTaken(t, entry.id)).toBe((before ?? 0) + 1);
    expect(await orderAudits(t, cart.id)).toEqual(["ticketing.order.created"]);
    expect((await shop().read(cart.token)).body).toMatchObject({ id: cart.id, token: cart.token });
  });

  it("answers 404 for a token that is no cart's", async () => {
    expect((await shop().read("ct_not-a-real-token-at-all")).status).toBe(404);
  });

  it("prices coupons and automatic discounts with priceOrder", async () => {
    await created(t, tenants.owner.token, event.coupons, {
      code: "TENOFF",
      discountType: "percent",
      percentOff: 10,
      ticketIds: [entry.id],
    });
    await created(t, tenants.owner.token, event.discounts, {
      name: "Group",
      discountType: "amount",
      amountOffCents: 100,
      minQuantity: 2,
      ticketIds: [entry.id],
    });
    const holder = { firstName: "Grace", lastName: "Hopper", email: uniqueEmail("holder") };
    const cart = await cartOf(t, event, [{ ticketId: entry.id, quantity: 2, holders: [holder] }], {
      couponCodes: ["tenoff"],
    });
    // 12.00 − 1.00 (group) = 11.00, then 10 % = 1.10 off: 9.90 each.
    expect(cart).toMatchObject({
      totalInclTaxCents: 1980,
      totalExclTaxCents: 1650,
      coupons: [{ code: "TENOFF", cents: 220 }],
    });
    const items = cart.items as { holder: { email: string }; discountInclTaxCents: number }[];
    expect(items.map((item) => item.discountInclTaxCents)).toEqual([210, 210]);
    expect(items.map((item) => item.holder.email).sort()).toEqual(
      [holder.email, (cart.buyer as { email: string }).email].sort(),
    );
  });

  it("refuses unknown, expired, used-up and not combinable coupons", async () => {
    const line = [{ ticketId: entry.id, quantity: 1 }];
    const unknown = await shop().create({ buyer: buyer(), items: line, couponCodes: ["NOPE"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: "CART_COUPON_INVALID",
      message: "This coupon code is not valid.",
    });
    await created(t, tenants.owner.token, event.coupons, {
      code: "OLD",
      discountType: "amount",
      amountOffCents: 100,
      redeemBy: "2020-01-01",
      ticketIds: [entry.id],
    });
    expect((await shop().create({ buyer: buyer(), items: line, couponCodes: ["OLD"] })).body.error.code).toBe(
      "CART_COUPON_EXPIRED",
    );
    await created(t, tenants.owner.token, event.coupons, {
      code: "ONCE",
      discountType: "amount",
      amountOffCents: 100,
      maxRedemptions: 1,
      ticketIds: [entry.id],
    });
    expect((await shop().create({ buyer: buyer(), items: line, couponCodes: ["ONCE"] })).status).toBe(201);
    const used = await shop().create({ buyer: buyer(), items: line, couponCodes: ["ONCE"] });
    expect(used.status).toBe(409);
    expect(used.body.error.code).toBe("CART_COUPON_USED_UP");
    await created(t, tenants.owner.token, event.coupons, {
      code: "DINNER",
      discountType: "amount",
      amountOffCents: 100,
      ticketIds: [dinner.id],
    });
    const idle = await shop().create({ buyer: buyer(), items: line, couponCodes: ["DINNER"] });
    expect(idle.body.error.code).toBe("CART_COUPON_NOT_APPLICABLE");
    const combined = await shop().create({
      buyer: buyer(),
      items: [...line, { ticketId: dinner.id, quantity: 1 }],
      couponCodes: ["TENOFF", "DINNER"],
    });
    expect(combined.status).toBe(409);
    expect(combined.body.error.code).toBe("CART_COUPONS_NOT_COMBINABLE");
  });

  it("refuses an option alone, with a ticket it does not go with, and past its quota", async () => {
    const alone = await shop().create({ buyer: buyer(), items: [{ ticketId: parking.id, quantity: 1 }] });
    expect(alone.status).toBe(400);
    expect(alone.body.error.code).toBe("TICKET_OPTION_ALONE");
    expect(alone.body.error.fields).toHaveProperty("items.0.ticketId");
    const wrong = await shop().create({
      buyer: buyer(),
      items: [{ ticketId: dinner.id, quantity: 1, options: [{ ticketId: parking.id, quantity: 1 }] }],
    });
    expect(wrong.body.error.code).toBe("TICKET_OPTION_NOT_FOR_TICKET");
    const left = 2 - ((await unitsTaken(t, parking.id)) ?? 0);
    const full = await shop().create({
      buyer: buyer(),
      items: [{ ticketId: entry.id, quantity: 1, options: [{ ticketId: parking.id, quantity: left + 1 }] }],
    });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({
      code: "TICKET_OPTION_QUOTA_FILLED",
      message: "Quota is filled for this option.",
    });
  });

  it("refuses a ticket past its quota, not on sale or inactive: This ticket is not available anymore.", async () => {
    const rare = await addTicket(t, tenants.owner, event, { caption: { en: "Rare" }, maxQuantity: 1 });
    await cartOf(t, event, [{ ticketId: rare.id, quantity: 1 }]);
    const gone = await shop().create({ buyer: buyer(), items: [{ ticketId: rare.id, quantity: 1 }] });
    expect(gone.status).toBe(409);
    expect(gone.body.error).toMatchObject({
      code: "TICKET_NOT_AVAILABLE",
      message: "This ticket is not available anymore.",
    });
    const hidden = await addTicket(t, tenants.owner, event, { caption: { en: "Hidden" }, onSale: false });
    expect(
      (await shop().create({ buyer: buyer(), items: [{ ticketId: hidden.id, quantity: 1 }] })).body.error.code,
    ).toBe("TICKET_NOT_AVAILABLE");
    const retired = await addTicket(t, tenants.owner, event, { caption: { en: "Retired" } });
    await posted(t, tenants.owner.token, `${event.tickets}/${retired.id}`, { active: false });
    expect(
      (await shop().create({ buyer: buyer(), items: [{ ticketId: retired.id, quantity: 1 }] })).body.error.code,
    ).toBe("TICKET_NOT_AVAILABLE");
    const later = await addTicket(t, tenants.owner, event, {
      caption: { en: "Later" },
      pricePeriods: [{ startsAt: "2099-01-01T00:00:00Z", endsAt: null, priceCents: 100, priceBasis: "incl" }],
    });
    expect((await shop().create({ buyer: buyer(), items: [{ ticketId: later.id, quantity: 1 }] })).status).toBe(409);
  });

  it("refuses a sold-out ticket with nothing written, yet lets the holder of its last unit replace their cart", async () => {
    const last = await addTicket(t, tenants.owner, event, { caption: { en: "Last one" }, maxQuantity: 1 });
    const holderEmail = uniqueEmail("Holder");
    const held = await cartOf(t, event, [{ ticketId: last.id, quantity: 1 }], { buyer: buyer(holderEmail) });

    const lateEmail = uniqueEmail("late");
    const late = await shop().create({ buyer: buyer(lateEmail), items: [{ ticketId: last.id, quantity: 1 }] });
    expect(late.body.error).toMatchObject({
      code: "TICKET_NOT_AVAILABLE",
      fields: { "items.0.ticketId": "This ticket is not available anymore." },
    });
    const [written] = await t.context.db.select({ count: count() }).from(guests).where(eq(guests.email, lateEmail));
    expect(written?.count).toBe(0);

    // Their units come back with the cart they replace: the catalogue's "full" is theirs (the email in another case).
    const again = await shop().create({
      buyer: buyer(holderEmail.toUpperCase()),
      items: [
        { ticketId: last.id, quantity: 1 },
        { ticketId: dinner.id, quantity: 1 },
      ],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await shop().read(held.token)).body).toMatchObject({ status: "cancelled", cancelReason: "replaced" });
    expect(await unitsTaken(t, last.id)).toBe(1);
  });

  it("lets a guest hold one unit of a ticket: You already own this ticket.", async () => {
    const email = uniqueEmail();
    const twice = await shop().create({ buyer: buyer(email), items: [{ ticketId: entry.id, quantity: 2 }] });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: "TICKET_ALREADY_OWNED", message: "You already own this ticket." });
    const first = await cartOf(t, event, [{ ticketId: entry.id, quantity: 1 }], { buyer: buyer(email) });
    // Another buyer naming them as holder while their cart holds it.
    const named = await shop().create({
      buyer: buyer(),
      items: [{ ticketId: entry.id, quantity: 1, holders: [{ firstName: "A", lastName: "B", email }] }],
    });
    expect(named.body.error.code).toBe("TICKET_ALREADY_OWNED");
    // Their own new cart takes the place of the old one, which is cancelled and gives its units back.
    const taken = await unitsTaken(t, entry.id);
    const second = await cartOf(t, event, [{ ticketId: entry.id, quantity: 1 }], { buyer: buyer(email) });
    expect(await unitsTaken(t, entry.id)).toBe(taken);
    expect((await shop().read(first.token)).body).toMatchObject({ status: "cancelled", cancelReason: "replaced" });
    expect(second.status).toBe("in_cart");
  });

  it("keeps the event's max attendees: This event is full.", async () => {
    const small = await shopEvent(t, tenants.owner, { maxAttendees: 2 });
    const seat = await addTicket(t, tenants.owner, small);
    const client = shopClient(t, small);
    expect((await client.create({ buyer: buyer(), items: [{ ticketId: seat.id, quantity: 1 }] })).status).toBe(201);
    const holder = { firstName: "B", lastName: "C", email: uniqueEmail() };
    const two = await client.create({ buyer: buyer(), items: [{ ticketId: seat.id, quantity: 2, holders: [holder] }] });
    expect(two.status).toBe(409);
    expect(two.body.error).toMatchObject({ code: "EVENT_FULL", message: "This event is full." });
    expect((await client.create({ buyer: buyer(), items: [{ ticketId: seat.id, quantity: 1 }] })).status).toBe(201);
  });

  it("replaces a cart's content, moving only the units that change", async () => {
    const email = uniqueEmail();
    const cart = await cartOf(t, event, [{ ticketId: entry.id, quantity: 1 }], { buyer: buyer(email) });
    const entries = await unitsTaken(t, entry.id);
    const dinners = await unitsTaken(t, dinner.id);
    const response = await shop().update(cart.token, {
      buyer: buyer(email),
      items: [{ ticketId: dinner.id, quantity: 1 }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: cart.id, totalInclTaxCents: 3000, reservedUntil: cart.reservedUntil });
    expect(await unitsTaken(t, entry.id)).toBe((entries ?? 0) - 1);
    expect(await unitsTaken(t, dinner.id)).toBe((dinners ?? 0) + 1);
    expect(await orderAudits(t, cart.id)).toEqual(["ticketing.order.created", "ticketing.order.cart_updated"]);
  });

  it("sells only while the office is open", async () => {
    const closed = await shopEvent(t, tenants.owner, {}, [], { officeOpen: false });
    const ticket = await addTicket(t, tenants.owner, closed);
    const response = await shopClient(t, closed).create({
      buyer: buyer(),
      items: [{ ticketId: ticket.id, quantity: 1 }],
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: "CART_OFFICE_CLOSED", message: "The ticket office is closed." });
    await posted(t, tenants.owner.token, closed.params, { officeOpen: true, salesStartAt: "2099-01-01T00:00:00Z" });
    const early = await shopClient(t, closed).create({ buyer: buyer(), items: [{ ticketId: ticket.id, quantity: 1 }] });
    expect(early.body.error.code).toBe("CART_OFFICE_NOT_OPEN");
  });

  it("answers in the buyer's language", async () => {
    const response = await shop().create({ buyer: buyer(), items: [{ ticketId: parking.id, quantity: 1 }] }, "fr");
    expect(response.body.error.message).toBe("Une option ne peut pas être achetée seule : ajoutez-la à un billet.");
  });

  it("limits the POSTs of one address", async () => {
    const ip = "10.250.250.250";
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) {
      const response = await t.request({
        method: "POST",
        url: event.carts,
        headers: { "x-forwarded-for": ip },
        // Refused after the limit counted it: an option alone.
        body: { buyer: buyer(), items: [{ ticketId: parking.id, quantity: 1 }] },
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  // A cart's own budget: 30 POSTs a minute, from however many addresses (shopClient calls from a new one each time).
  const cartPosts = [
    {
      route: "cart update",
      post: (token: string, email: string) =>
        shop().update(token, { buyer: buyer(email), items: [{ ticketId: dinner.id, quantity: 1 }] }),
      status: 200,
    },
    {
      route: "checkout",
      post: (token: string) =>
        shop().checkout(token, { method: "card", billing, termsAccepted: true, card: card("4000 0000 0000 0002") }),
      status: 200,
    },
    // Nothing awaits 3-D Secure: refused on its merits, and counted all the same.
    { route: "3-D Secure step", post: (token: string) => shop().authenticate(token, "complete"), status: 409 },
  ];
  it.each(cartPosts)("limits the $route POSTs of one cart", async ({ post, status }) => {
    const email = uniqueEmail();
    const cart = await cartOf(t, event, [{ ticketId: dinner.id, quantity: 1 }], { buyer: buyer(email) });
    for (let i = 0; i < 30; i++) expect((await post(cart.token, email)).status, `POST ${i + 1}`).toBe(status);
    const limited = await post(cart.token, email);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many attempts. Please wait 1 minutes and try again.",
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await shop().read(cart.token)).body.status).toBe("in_cart");
  });
});
