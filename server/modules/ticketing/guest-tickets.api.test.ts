import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { callsAs, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { eventsUrl } from "../events/events.testing.js";
import { guests } from "../guests/guests.tables.js";
import { addGuest, guestEvent } from "../guests/guests.testing.js";
import { orderItems, orders } from "./ticketing.tables.js";
import { insertOrder, insertTicket } from "./ticketing.testing.js";

const t = testAppForFile();
const cast = madeBeforeAll(() => registerTenants(t));

const { get } = callsAs(t, () => cast.owner);
const exists = async (id: string) => (await t.context.db.select().from(guests).where(eq(guests.id, id))).length > 0;
const holderOf = async (itemId: string) =>
  (await t.context.db.select().from(orderItems).where(eq(orderItems.id, itemId)))[0]?.holderGuestId;

/** An event of the owner's account with two guests, the reader given access to it. */
async function eventWithGuests() {
  const event = await guestEvent(t, cast.owner, { preferredLanguage: "fr" }, [cast.reader.userId]);
  const ada = await addGuest(t, cast.owner.token, event.users, { firstName: "Ada", lastName: "Lovelace" });
  const alan = await addGuest(t, cast.owner.token, event.users, { firstName: "Alan", lastName: "Turing" });
  const ticket = await insertTicket(t, event.id);
  return { event, ada, alan, ticket };
}

describe("GET users/{id}/tickets and users/{id}/orders", () => {
  it("answers empty lists for a guest without orders", async () => {
    const { event, ada } = await eventWithGuests();
    for (const path of ["tickets", "orders"]) {
      const response = await get(`${event.users}/${ada.id}/${path}`);
      expect(response.status).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.body).toEqual({ items: [], total: 0 });
    }
  });

  it("lists the tickets a guest holds and the orders they placed, newest first, paged", async () => {
    const { event, ada, alan, ticket } = await eventWithGuests();
    const option = await insertTicket(t, event.id, { caption: { fr: "Dîner" }, isOption: true, taxPercent: 5.5 });
    const older = await insertOrder(
      t,
      event.id,
      { buyerGuestId: ada.id, status: "cancelled", createdAt: new Date(1) },
      [{ ticketId: ticket.id, holderGuestId: ada.id }],
    );
    const paid = await insertOrder(t, event.id, { buyerGuestId: ada.id }, [
      { ticketId: ticket.id, holderGuestId: ada.id, unitPriceInclTaxCents: 2400, unitPriceExclTaxCents: 2000 },
      { ticketId: option.id, holderGuestId: ada.id, optionOf: 0, unitPriceInclTaxCents: 1055 },
      { ticketId: ticket.id, holderGuestId: alan.id },
    ]);

    const tickets = await get(`${event.users}/${ada.id}/tickets`, cast.owner.token, "en");
    expect(tickets.status).toBe(200);
    expect(tickets.body.total).toBe(3);
    const [first] = tickets.body.items.filter((item: { id: string }) => item.id === paid.items[0]?.id);
    expect(first).toEqual({
      id: paid.items[0]?.id,
      orderId: paid.order.id,
      orderStatus: "completed",
      ticketId: ticket.id,
      caption: "Entry",
      isOption: false,
      parentItemId: null,
      currency: "EUR",
      unitPriceExclTaxCents: 2000,
      unitPriceInclTaxCents: 2400,
      taxPercent: 20,
      refunded: false,
      refundedCents: 0,
      testMode: false,
      createdAt: expect.any(String),
    });
    const dinner = tickets.body.items.find((item: { id: string }) => item.id === paid.items[1]?.id);
    // No English caption: the event's preferred language (fr) comes next.
    expect(dinner).toMatchObject({ caption: "Dîner", isOption: true, parentItemId: paid.items[0]?.id });
    expect(tickets.body.items.at(-1)).toMatchObject({ orderId: older.order.id, orderStatus: "cancelled" });

    const page = await get(`${event.users}/${ada.id}/tickets?limit=1&offset=2`);
    expect(page.body).toMatchObject({ total: 3, items: [{ orderId: older.order.id }] });

    const bought = await get(`${event.users}/${ada.id}/orders`);
    expect(bought.body.total).toBe(2);
    expect(bought.body.items.map((order: { id: string }) => order.id)).toEqual([paid.order.id, older.order.id]);
    expect(bought.body.items[0]).toMatchObject({
      status: "completed",
      paymentMethod: "online",
      currency: "EUR",
      totalExclTaxCents: 4000,
      totalInclTaxCents: 4655,
      buyerKind: "individual",
      billingName: "Ada Lovelace",
      itemCount: 3,
      invoiceNumber: null,
      invoice: null,
      cancelReason: null,
      completedAt: null,
    });
    // Alan holds a ticket Ada bought: it is his ticket, not his order.
    expect((await get(`${event.users}/${alan.id}/tickets`)).body.total).toBe(1);
    expect((await get(`${event.users}/${alan.id}/orders`)).body).toEqual({ items: [], total: 0 });
  });

  it("lets a reader of the event read them; 404 for another account, another event's guest, an unknown guest", async () => {
    const { event, ada } = await eventWithGuests();
    const elsewhere = await eventWithGuests();
    for (const path of ["tickets", "orders"]) {
      expect((await get(`${event.users}/${ada.id}/${path}`, cast.reader.token)).status).toBe(200);
      const foreign = await get(`${event.users}/${ada.id}/${path}`, cast.other.token);
      expect(foreign.status).toBe(404);
      const ownAccount = `${event.users.replace(cast.owner.accountId, cast.other.accountId)}/${ada.id}/${path}`;
      expect((await get(ownAccount, cast.other.token)).status).toBe(404);
      expect((await get(`${event.users}/${elsewhere.ada.id}/${path}`)).status).toBe(404);
      expect((await get(`${event.users}/00000000-0000-4000-8000-000000000000/${path}`)).status).toBe(404);
      expect((await get(`${event.users}/${ada.id}/${path}?limit=0`)).status).toBe(400);
    }
  });
});

describe("a guest with a ticket is not deleted", () => {
  const remove = (url: string, language?: string) =>
    t.request({ method: "DELETE", url, token: cast.owner.token, language });
  const post = (url: string, body: unknown, language?: string) =>
    t.request({ method: "POST", url, token: cast.owner.token, body, language });

  it("refuses the single delete with the reason, in the caller's language", async () => {
    const { event, ada, ticket } = await eventWithGuests();
    await insertOrder(t, event.id, { status: "in_cart" }, [{ ticketId: ticket.id, holderGuestId: ada.id }]);
    const english = await remove(`${event.users}/${ada.id}`);
    expect(english.status).toBe(409);
    expect(english.body.error).toEqual({
      code: "GUEST_NOT_DELETED",
      message: "Guest could not be deleted. Reason: this guest holds a ticket.",
    });
    const french = await remove(`${event.users}/${ada.id}`, "fr");
    expect(french.body.error.message).toBe("L'invité n'a pas pu être supprimé. Raison : cet invité détient un billet.");
    expect(await exists(ada.id)).toBe(true);
  });

  it("refuses deleteusers as a whole when one of the guests holds a ticket", async () => {
    const { event, ada, alan, ticket } = await eventWithGuests();
    // A partly refunded order: the item still sold keeps its holder's ticket.
    await insertOrder(t, event.id, { status: "partially_refunded" }, [
      { ticketId: ticket.id, holderGuestId: ada.id, refunded: true },
      { ticketId: ticket.id, holderGuestId: ada.id },
    ]);
    const response = await post(`${event.users}/deleteusers`, { ids: [ada.id, alan.id] });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "GUESTS_NOT_DELETED",
      message: "Guests could not be deleted. They may have a ticket.",
    });
    expect(await exists(ada.id)).toBe(true);
    expect(await exists(alan.id)).toBe(true);
  });

  it("deletes the holder of a cancelled order or of refunded items, keeping the orders", async () => {
    const { event, ada, alan, ticket } = await eventWithGuests();
    const cancelled = await insertOrder(t, event.id, { buyerGuestId: ada.id, status: "cancelled" }, [
      { ticketId: ticket.id, holderGuestId: ada.id },
    ]);
    const refunded = await insertOrder(t, event.id, { status: "refunded" }, [
      { ticketId: ticket.id, holderGuestId: alan.id, refunded: true },
    ]);
    expect((await remove(`${event.users}/${ada.id}`)).status).toBe(200);
    expect(await exists(ada.id)).toBe(false);
    const [order] = await t.context.db.select().from(orders).where(eq(orders.id, cancelled.order.id));
    expect(order?.buyerGuestId).toBeNull();
    expect(await holderOf(cancelled.items[0]?.id ?? "")).toBeNull();

    const bulk = await post(`${event.users}/deleteusers`, { ids: [alan.id] });
    expect(bulk.body).toEqual({ deleted: 1, notDeleted: [] });
    expect(await holderOf(refunded.items[0]?.id ?? "")).toBeNull();
  });

  it("deletes a buyer whose tickets are held by others", async () => {
    const { event, ada, alan, ticket } = await eventWithGuests();
    const bought = await insertOrder(t, event.id, { buyerGuestId: ada.id }, [
      { ticketId: ticket.id, holderGuestId: alan.id },
    ]);
    expect((await post(`${event.users}/deleteusers`, { ids: [ada.id] })).body).toEqual({ deleted: 1, notDeleted: [] });
    expect(await holderOf(bought.items[0]?.id ?? "")).toBe(alan.id);
  });

  it("keeps ticket holders out of a grouped delete and reports them, by ids or by filter", async () => {
    const { event, ada, alan, ticket } = await eventWithGuests();
    await insertOrder(t, event.id, {}, [{ ticketId: ticket.id, holderGuestId: ada.id }]);
    const byIds = await post(`${event.users}/bulk`, {
      selection: { ids: [ada.id, alan.id] },
      action: { type: "delete" },
    });
    expect(byIds.body).toEqual({ deleted: 1, notDeleted: [ada.id] });
    await addGuest(t, cast.owner.token, event.users, { lastName: "Hopper" });
    const byFilter = await post(`${event.users}/bulk`, { selection: { filter: {} }, action: { type: "delete" } });
    expect(byFilter.body).toEqual({ deleted: 1, notDeleted: [ada.id] });
    expect(await exists(ada.id)).toBe(true);
  });

  it("moves a merged duplicate's tickets and orders to the guest kept", async () => {
    const { event, ada, alan, ticket } = await eventWithGuests();
    const bought = await insertOrder(t, event.id, { buyerGuestId: alan.id }, [
      { ticketId: ticket.id, holderGuestId: alan.id },
    ]);
    const merge = await get(`/${event.slug}/admin/duplicates/mergeJson?user1=${ada.id}&user2=${alan.id}`);
    expect(merge.status).toBe(200);
    expect(await holderOf(bought.items[0]?.id ?? "")).toBe(ada.id);
    expect((await get(`${event.users}/${ada.id}/orders`)).body.total).toBe(1);
  });

  it("keeps an event with orders and ticket holders, as its orders (issue 17: it is archived instead)", async () => {
    const { event, ada, ticket } = await eventWithGuests();
    await insertOrder(t, event.id, { buyerGuestId: ada.id }, [{ ticketId: ticket.id, holderGuestId: ada.id }]);
    const url = `${eventsUrl(cast.owner.accountId)}/${event.id}`;
    const refused = await remove(url);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("EVENT_NOT_DELETED");
    expect(await t.context.db.select().from(orders).where(eq(orders.eventId, event.id))).toHaveLength(1);
    expect(await exists(ada.id)).toBe(true);
  });
});
