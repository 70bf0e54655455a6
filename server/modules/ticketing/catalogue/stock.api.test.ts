import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PendingWrite } from "../../../db/prepared.js";
import { unitOfWork } from "../../../db/unit-of-work.js";
import { AppError } from "../../../platform/errors.js";
import { registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { coupons, tickets } from "../ticketing.tables.js";
import { catalogueEvent, created, ticketBody } from "./catalogue.testing.js";
import {
  couponRedeemed,
  couponReleased,
  ticketPriceAt,
  ticketUnitsReleased,
  ticketUnitsTaken,
} from "./stock.service.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => catalogueEvent(t, tenants.owner));

const sent = (...writes: PendingWrite[]) => unitOfWork(t.context.db, (unit) => unit.write(...writes));
const taken = async (id: string) =>
  (await t.context.db.select({ taken: tickets.quantityTaken }).from(tickets).where(eq(tickets.id, id)))[0]?.taken;

/** "taken", or the refusal PostgreSQL raised, as the code and field it answers. */
async function outcome(update: PromiseLike<unknown>) {
  try {
    await update;
    return "taken";
  } catch (error) {
    // A unit of work answers PostgreSQL's refusal as the AppError it stands for.
    if (!(error instanceof AppError)) throw error;
    return `${error.code} ${Object.keys(error.options.fields ?? {}).join()}`;
  }
}

describe("what orders take from the catalogue", () => {
  it("sells exactly the quota when buyers race for it, refuses the rest, and gives units back", async () => {
    const ticket = await created(t, tenants.owner.token, event.tickets, ticketBody({ maxQuantity: 10 }));
    const refused = `TICKET_NOT_AVAILABLE tickets.${ticket.id}`;
    const results = await Promise.all(Array.from({ length: 30 }, () => outcome(sent(ticketUnitsTaken(ticket.id, 1)))));
    expect(results.filter((result) => result === "taken")).toHaveLength(10);
    expect(results.filter((result) => result === refused)).toHaveLength(20);
    expect(await taken(ticket.id)).toBe(10);
    await sent(ticketUnitsReleased(ticket.id, 3));
    expect(await outcome(sent(ticketUnitsTaken(ticket.id, 4)))).toBe(refused);
    expect(await outcome(sent(ticketUnitsTaken(ticket.id, 3)))).toBe("taken");
    expect(await taken(ticket.id)).toBe(10);
  });

  it("sells any number of an unlimited ticket, nothing of an inactive one, and says an option's quota is filled", async () => {
    const unlimited = await created(t, tenants.owner.token, event.tickets, ticketBody());
    expect(await outcome(sent(ticketUnitsTaken(unlimited.id, 500)))).toBe("taken");
    const inactive = await created(t, tenants.owner.token, event.tickets, ticketBody({ active: false }));
    expect(await outcome(sent(ticketUnitsTaken(inactive.id, 1)))).toBe(`TICKET_NOT_AVAILABLE tickets.${inactive.id}`);
    expect(await taken(inactive.id)).toBe(0);
    const option = await created(
      t,
      tenants.owner.token,
      event.tickets,
      ticketBody({ isOption: true, optionOf: [unlimited.id], maxQuantity: 1 }),
    );
    expect(await outcome(sent(ticketUnitsTaken(option.id, 2)))).toBe(`TICKET_OPTION_QUOTA_FILLED tickets.${option.id}`);
  });

  it("takes units of two tickets in one statement, or neither when one is refused", async () => {
    const first = await created(t, tenants.owner.token, event.tickets, ticketBody({ maxQuantity: 5 }));
    const second = await created(t, tenants.owner.token, event.tickets, ticketBody({ maxQuantity: 1 }));
    expect(await outcome(sent(ticketUnitsTaken(first.id, 2), ticketUnitsTaken(second.id, 1)))).toBe("taken");
    expect(await outcome(sent(ticketUnitsTaken(first.id, 2), ticketUnitsTaken(second.id, 1)))).toBe(
      `TICKET_NOT_AVAILABLE tickets.${second.id}`,
    );
    expect([await taken(first.id), await taken(second.id)]).toEqual([2, 1]);
  });

  it("uses a limited coupon no more than its limit", async () => {
    const coupon = await created(t, tenants.owner.token, event.coupons, {
      code: "RACE",
      discountType: "percent",
      percentOff: 10,
      maxRedemptions: 2,
      ticketIds: [(await created(t, tenants.owner.token, event.tickets, ticketBody())).id],
    });
    const results = await Promise.all(Array.from({ length: 8 }, () => outcome(sent(couponRedeemed(coupon.id, 1)))));
    expect(results.filter((result) => result === "taken")).toHaveLength(2);
    expect(new Set(results.filter((result) => result !== "taken"))).toEqual(
      new Set([`CART_COUPON_USED_UP coupons.${coupon.id}`]),
    );
    await sent(couponReleased(coupon.id, 1));
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
