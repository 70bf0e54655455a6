import { describe, expect, it } from "vitest";
import { registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppCountingRoundTrips } from "../../../testing/test-app.js";
import { addTicket, billing, buyer, card, shopClient, shopEvent } from "./orders.testing.js";

/*
 * The round trips to PostgreSQL of sale day's two requests, and the statements they run, counted by a proxy between
 * the server and the database: a statement added to the path, a write that stops riding with the statement after it,
 * or writes that stop going out as one statement, show here before they show in the benchmark. Each count is the
 * least of a few runs: the job runner's polls share the connections.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const { t, counter } = testAppCountingRoundTrips({ PUBLIC_SHOP_POSTS_PER_MINUTE: "100000" });
const tenants = madeBeforeAll(() => registerTenants(t));

describe.skipIf(!serverUrl)("sale day's round trips to PostgreSQL", () => {
  // A cart: the sale read as the buyer's hits are counted; `begin` with the buyer written; the order, its items, audit
  // row and units (one statement) sent with the cart read back and `commit`. A card checkout: the billing with the
  // intent to pay; the simulator's payment; the settlement's `begin` and statement; the completion's writes (one
  // statement: the order, its holders, audit row, mail and invoice) with `commit`; the cart read back.
  it("a new cart takes 3 round trips and 6 statements, and its card checkout 5 and 7", async () => {
    const event = await shopEvent(t, tenants.owner);
    const ticket = await addTicket(t, tenants.owner, event, { maxQuantity: 1000 });
    const shop = shopClient(t, event);
    const newCart = async () => {
      const cart = await shop.create({ buyer: buyer(), items: [{ ticketId: ticket.id, quantity: 1 }] });
      expect(cart.status).toBe(201);
      return cart.body.token as string;
    };
    // The pool's connections opened, and each statement prepared on them, before counting.
    for (let warm = 0; warm < 3; warm++) {
      const paid = await shop.checkout(await newCart(), { method: "card", billing, termsAccepted: true, card: card() });
      expect(paid.body.cart?.status).toBe("completed");
    }
    const cartTrips = await counter().fewest(5, newCart);
    const tokens = await Promise.all(Array.from({ length: 5 }, newCart));
    const checkoutTrips = await counter().fewest(5, async () => {
      const token = tokens.pop() as string;
      const paid = await shop.checkout(token, { method: "card", billing, termsAccepted: true, card: card() });
      expect(paid.body.cart?.status).toBe("completed");
    });
    expect({ cart: cartTrips, checkout: checkoutTrips }).toEqual({
      cart: { roundTrips: 3, statements: 6 },
      checkout: { roundTrips: 5, statements: 7 },
    });
  });
});
