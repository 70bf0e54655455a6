import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { poolConnections, rowsOf } from "../../../db/connection.js";
import { deferred } from "../../../testing/deferred.js";
import { registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { tickets } from "../ticketing.tables.js";
import { addTicket, billing, buyer, card, shopClient, shopEvent } from "./orders.testing.js";

/*
 * Sale day's crowd of new carts is admitted a few at a time (shop.routes.ts), so a buyer paying a cart they hold does
 * not queue for the database behind the whole crowd. On a PostgreSQL server (the embedded database runs one
 * statement at a time whatever the gate): the test holds the ticket's row, so every new cart admitted stops at its
 * units and keeps its connection; more carts than the pool has connections are sent; the checkout must still go
 * through. Without the gate the carts take every connection and the checkout waits for them.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const t = testAppForFile({ PUBLIC_SHOP_POSTS_PER_MINUTE: "100000" });
const tenants = madeBeforeAll(() => registerTenants(t));

/** Sessions of this database waiting for a lock. */
async function waitingForLocks() {
  const [row] = await rowsOf<{ waiting: number }>(
    t.context.db,
    sql`select count(*)::int as waiting
    from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(row?.waiting ?? 0);
}

const timeOut = (ms: number, reason: string) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(reason)), ms));

describe.skipIf(!serverUrl)("new carts admitted a few at a time", () => {
  it("a checkout goes through while a crowd of new carts waits for the database", async () => {
    const event = await shopEvent(t, tenants.owner);
    const ticket = await addTicket(t, tenants.owner, event, { maxQuantity: 1000 });
    const shop = shopClient(t, event);
    const line = [{ ticketId: ticket.id, quantity: 1 }];
    const held = await shop.create({ buyer: buyer(), items: line });
    expect(held.status).toBe(201);

    const rowHeld = deferred();
    const released = deferred();
    const lock = t.context.db.transaction(async (tx) => {
      await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticket.id)).for("update");
      rowHeld.resolve();
      await released.promise;
    });
    await rowHeld.promise;
    const crowd = Array.from({ length: poolConnections * 2 }, () => shop.create({ buyer: buyer(), items: line }));
    // The carts admitted reach the ticket's row and wait there, holding their connections.
    while ((await waitingForLocks()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));

    try {
      const checkout = shop.checkout(held.body.token, { method: "card", billing, termsAccepted: true, card: card() });
      const paid = await Promise.race([checkout, timeOut(10_000, "the checkout waited behind the crowd of carts")]);
      expect(paid.body.cart?.status).toBe("completed");
      expect(await waitingForLocks()).toBeLessThan(poolConnections - 1);
    } finally {
      released.resolve();
      await lock;
    }
    expect((await Promise.all(crowd)).map((cart) => cart.status)).toEqual(crowd.map(() => 201));
  });
});
