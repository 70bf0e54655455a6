import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerTenants } from "../../../testing/fixtures.js";
import { startTestApp, type TestApp } from "../../../testing/test-app.js";
import { coupons, tickets } from "../ticketing.tables.js";
import { catalogueEvent, created, ticketBody } from "./catalogue.testing.js";
import { redeemCoupon, releaseCoupon, releaseTicketUnits, takeTicketUnits, ticketPriceAt } from "./stock.service.js";

let t: TestApp;
let tenants: Awaited<ReturnType<typeof registerTenants>>;
let event: Awaited<ReturnType<typeof catalogueEvent>>;

beforeAll(async () => {
  t = await startTestApp();
  tenants = await registerTenants(t);
  event = await catalogueEvent(t, tenants.owner);
});
afterAll(() => t.close());

const taken = async (id: string) =>
  (await t.context.db.select({ taken: tickets.quantityTaken }).from(tickets).where(eq(tickets.id, id)))[0]?.taken;

describe("what orders take from the catalogue", () => {
  it("sells exactly the quota when buyers race for it, and gives units back", async () => {
    const ticket = await created(t, tenants.owner.token, event.tickets, ticketBody({ maxQuantity: 10 }));
    const results = await Promise.all(Array.from({ length: 30 }, () => takeTicketUnits(t.context.db, ticket.id, 1)));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await taken(ticket.id)).toBe(10);
    expect(await takeTicketUnits(t.context.db, ticket.id, 1)).toBe(false);
    await releaseTicketUnits(t.context.db, ticket.id, 3);
    expect(await takeTicketUnits(t.context.db, ticket.id, 4)).toBe(false);
    expect(await takeTicketUnits(t.context.db, ticket.id, 3)).toBe(true);
    expect(await taken(ticket.id)).toBe(10);
  });

  it("sells any number of an unlimited ticket, and nothing of an inactive one", async () => {
    const unlimited = await created(t, tenants.owner.token, event.tickets, ticketBody());
    expect(await takeTicketUnits(t.context.db, unlimited.id, 500)).toBe(true);
    const inactive = await created(t, tenants.owner.token, event.tickets, ticketBody({ active: false }));
    expect(await takeTicketUnits(t.context.db, inactive.id, 1)).toBe(false);
    expect(await taken(inactive.id)).toBe(0);
  });

  it("uses a limited coupon no more than its limit", async () => {
    const coupon = await created(t, tenants.owner.token, event.coupons, {
      code: "RACE",
      discountType: "percent",
      percentOff: 10,
      maxRedemptions: 2,
      ticketIds: [(await created(t, tenants.owner.token, event.tickets, ticketBody())).id],
    });
    const results = await Promise.all(Array.from({ length: 8 }, () => redeemCoupon(t.context.db, coupon.id)));
    expect(results.filter(Boolean)).toHaveLength(2);
    await releaseCoupon(t.context.db, coupon.id);
    const [row] = await t.context.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.redemptions).toBe(1);
  });

  it("finds the price in effect at a moment", async () => {
    const ticket = await created(
      t,
      tenants.owner.token,
      event.tickets,
      ticketBody({
        pricePeriods: [
          { startsAt: null, endsAt: "2026-03-01T00:00:00Z", priceCents: 1000, priceBasis: "incl" },
          { startsAt: "2026-03-01T00:00:00Z", endsAt: "2026-04-01T00:00:00Z", priceCents: 1000, priceBasis: "excl" },
        ],
      }),
    );
    expect(await ticketPriceAt(t.context.db, ticket.id, new Date("2026-02-28T23:59:59Z"))).toEqual({
      priceInclTaxCents: 1000,
      priceExclTaxCents: 833,
      taxPercent: 20,
    });
    expect(await ticketPriceAt(t.context.db, ticket.id, new Date("2026-03-01T00:00:00Z"))).toMatchObject({
      priceInclTaxCents: 1200,
      priceExclTaxCents: 1000,
    });
    expect(await ticketPriceAt(t.context.db, ticket.id, new Date("2026-04-01T00:00:00Z"))).toBeNull();
  });
});
