import { and, count, countDistinct, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { created } from "../catalogue/catalogue.testing.js";
import { coupons, orderItems, orders } from "../ticketing.tables.js";
import { addTicket, billing, buyer, card, shopClient, shopEvent, unitsTaken } from "./orders.testing.js";

/**
 * Sale day: many buyers at the same instant. The quotas are held by conditional updates in the cart's transaction,
 * so exactly the quota is sold whatever the interleaving (both databases run this file).
 */

const t = testAppForFile({ PUBLIC_SHOP_POSTS_PER_MINUTE: "100000" });
const tenants = madeBeforeAll(() => registerTenants(t));

async function soldOf(ticketId: string) {
  const [row] = await t.context.db
    .select({ count: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.ticketId, ticketId), eq(orders.status, "completed")));
  return row?.count ?? 0;
}

describe("no overselling", () => {
  it("sells exactly 10 of a quota of 10 to 100 simultaneous buyers", async () => {
    const event = await shopEvent(t, tenants.owner);
    const ticket = await addTicket(t, tenants.owner, event, { maxQuantity: 10 });
    const shop = shopClient(t, event);
    const purchases = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const cart = await shop.create({ buyer: buyer(), items: [{ ticketId: ticket.id, quantity: 1 }] });
        if (cart.status !== 201) return cart.body.error.code as string;
        const paid = await shop.checkout(cart.body.token, {
          method: "card",
          billing,
          termsAccepted: true,
          card: card(),
        });
        return paid.body.cart?.status as string;
      }),
    );
    expect(purchases.filter((outcome) => outcome === "completed")).toHaveLength(10);
    expect(purchases.filter((outcome) => outcome === "TICKET_NOT_AVAILABLE")).toHaveLength(90);
    expect(await unitsTaken(t, ticket.id)).toBe(10);
    expect(await soldOf(ticket.id)).toBe(10);
  });

  it("seats exactly 10 of an event of max attendees 10 among 100 simultaneous carts", async () => {
    const event = await shopEvent(t, tenants.owner, { maxAttendees: 10 });
    // No quota on the ticket: the event's seats are all that is counted.
    const ticket = await addTicket(t, tenants.owner, event);
    const shop = shopClient(t, event);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => shop.create({ buyer: buyer(), items: [{ ticketId: ticket.id, quantity: 1 }] })),
    );
    expect(outcomes.filter((response) => response.status === 201)).toHaveLength(10);
    expect(outcomes.filter((response) => response.body.error?.code === "EVENT_FULL")).toHaveLength(90);
    const [seated] = await t.context.db
      .select({ count: countDistinct(orderItems.holderGuestId) })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.eventId, event.id), ne(orders.status, "cancelled")));
    expect(seated?.count).toBe(10);
    expect(await unitsTaken(t, ticket.id)).toBe(10);
  });

  it("uses a coupon of 3 redemptions exactly 3 times among 30 simultaneous carts", async () => {
    const event = await shopEvent(t, tenants.owner);
    const ticket = await addTicket(t, tenants.owner, event);
    const coupon = await created(t, tenants.owner.token, event.coupons, {
      code: "RUSH",
      discountType: "percent",
      percentOff: 50,
      maxRedemptions: 3,
      ticketIds: [ticket.id],
    });
    const shop = shopClient(t, event);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () =>
        shop.create({ buyer: buyer(), items: [{ ticketId: ticket.id, quantity: 1 }], couponCodes: ["RUSH"] }),
      ),
    );
    expect(outcomes.filter((response) => response.status === 201)).toHaveLength(3);
    expect(outcomes.filter((response) => response.body.error?.code === "CART_COUPON_USED_UP")).toHaveLength(27);
    const [row] = await t.context.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.redemptions).toBe(3);
  });

  it("keeps one unit per holder when one guest is named by many carts at once", async () => {
    const event = await shopEvent(t, tenants.owner);
    const ticket = await addTicket(t, tenants.owner, event);
    const shop = shopClient(t, event);
    const holder = { firstName: "Same", lastName: "Person", email: `same-${Date.now()}@example.test` };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        shop.create({ buyer: buyer(), items: [{ ticketId: ticket.id, quantity: 1, holders: [holder] }] }),
      ),
    );
    expect(outcomes.filter((response) => response.status === 201)).toHaveLength(1);
    const [held] = await t.context.db
      .select({ count: count() })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.ticketId, ticket.id), ne(orders.status, "cancelled")));
    expect(held?.count).toBe(1);
  });
});
