import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { accounts } from "../accounts/accounts.tables.js";
import { auditLogs } from "../audit/audit.tables.js";
import { events } from "../events/events.tables.js";
import { eventsUrl } from "../events/events.testing.js";
import { orderDocuments } from "./invoices/invoices.tables.js";
import { getPdf, pdfText } from "./invoices/invoices.testing.js";
import { orderPayments, orderRefunds } from "./orders/orders.tables.js";
import {
  addTicket,
  billing,
  buyer,
  paidOrder,
  type ShopEvent,
  shopEvent,
  uniqueEmail,
} from "./orders/orders.testing.js";
import { orderItems, orders } from "./ticketing.tables.js";

/*
 * Issue 17, "Nothing financial is lost": an event that has sold is archived, never deleted, and no way of deleting
 * guests or an account takes an order, a payment or a document along.
 */

const t = testAppForFile();
const cast = madeBeforeAll(() => registerTenants(t));

const owner = () => cast.owner;
const request = (method: "GET" | "POST" | "DELETE", url: string, body?: unknown, language?: string) =>
  t.request({ method, url, body, token: owner().token, language });
const eventUrl = (eventId: string) => `${eventsUrl(owner().accountId)}/${eventId}`;

type Order = { id: string; documents: { id: string; kind: string }[] };

/** An event selling in test mode with one ticket. */
async function sellingEvent() {
  const event = await shopEvent(t, owner());
  const ticket = await addTicket(t, owner(), event, { maxQuantity: 100 });
  return { event, ticket };
}

/** The organizer's order for a new guest, by bank transfer: awaiting it (no invoice yet) or paid (invoiced). */
async function transferOrder(event: ShopEvent, ticketId: string, paid: boolean): Promise<Order> {
  const response = await request("POST", event.orders, {
    buyer: buyer(),
    items: [{ ticketId, quantity: 1 }],
    billing,
    paid,
    kind: "bankTransfer",
  });
  if (response.status !== 201) throw new Error(`order failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Card orders paid with the simulator, the first one refunded: payments, invoices, a refund and a credit note. */
async function cardSales(event: ShopEvent, ticketId: string) {
  const refunded = await paidOrder(t, event, [{ ticketId, quantity: 1 }]);
  const kept = await paidOrder(t, event, [{ ticketId, quantity: 1 }]);
  const refund = await request("POST", `${event.orders}/${refunded.id}/refund`, {});
  if (refund.status !== 200) throw new Error(`refund failed: ${JSON.stringify(refund.body)}`);
  return { refunded: refund.body as Order, kept: kept as unknown as Order };
}

/** Every row of the event's sales, by table: what must survive any deletion attempt unchanged. */
async function salesRows(eventId: string) {
  const db = t.context.db;
  const orderRows = await db.select().from(orders).where(eq(orders.eventId, eventId)).orderBy(orders.id);
  const orderIds = orderRows.map((row) => row.id);
  const ofOrders = <T extends { orderId: unknown }>(column: T["orderId"]) =>
    inArray(column as typeof orders.id, orderIds.length > 0 ? orderIds : ["00000000-0000-4000-8000-000000000000"]);
  return {
    orders: orderRows,
    items: await db.select().from(orderItems).where(ofOrders(orderItems.orderId)).orderBy(orderItems.id),
    payments: await db.select().from(orderPayments).where(ofOrders(orderPayments.orderId)).orderBy(orderPayments.id),
    refunds: await db.select().from(orderRefunds).where(ofOrders(orderRefunds.orderId)).orderBy(orderRefunds.id),
    documents: await db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.eventId, eventId))
      .orderBy(orderDocuments.id),
  };
}

const eventExists = async (eventId: string) =>
  (await t.context.db.select({ id: events.id }).from(events).where(eq(events.id, eventId))).length === 1;

describe("deleting an event that has sold", () => {
  it("refuses an event with one order awaiting payment, saying so in the caller's language", async () => {
    const { event, ticket } = await sellingEvent();
    await transferOrder(event, ticket.id, false);

    const english = await request("DELETE", eventUrl(event.id));
    expect(english.status).toBe(409);
    expect(english.body.error).toEqual({
      code: "EVENT_NOT_DELETED",
      message:
        "Event could not be deleted. Reason: it holds 1 order, kept as financial records; archive the event instead.",
    });
    const french = await request("DELETE", eventUrl(event.id), undefined, "fr");
    expect(french.body.error.message).toBe(
      "L'événement n'a pas pu être supprimé. Raison : il contient 1 commande, conservés comme pièces comptables ; " +
        "archivez plutôt l'événement.",
    );
    const spanish = await request("DELETE", eventUrl(event.id), undefined, "es");
    expect(spanish.body.error.message).toBe(
      "No se ha podido eliminar el evento. Motivo: contiene 1 pedido, que se conservan como registros contables; " +
        "archive el evento en su lugar.",
    );
    expect(await eventExists(event.id)).toBe(true);
    const deletions = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, event.id), eq(auditLogs.action, "events.event.deleted")));
    expect(deletions).toEqual([]);
  });

  it("names the payments, invoices and credit notes it holds", async () => {
    const { event, ticket } = await sellingEvent();
    await cardSales(event, ticket.id);
    await transferOrder(event, ticket.id, true);

    const english = await request("DELETE", eventUrl(event.id));
    expect(english.status).toBe(409);
    expect(english.body.error.message).toBe(
      "Event could not be deleted. Reason: it holds 3 orders, 2 payments, 3 invoices, and 1 credit note, kept as " +
        "financial records; archive the event instead.",
    );
    const french = await request("DELETE", eventUrl(event.id), undefined, "fr");
    expect(french.body.error.message).toContain("il contient 3 commandes, 2 paiements, 3 factures et 1 avoir,");
    const spanish = await request("DELETE", eventUrl(event.id), undefined, "es");
    expect(spanish.body.error.message).toContain("contiene 3 pedidos, 2 pagos, 3 facturas y 1 factura rectificativa,");
  });

  it("leaves every order and document in place when the event has an invoice, and lets it be archived", async () => {
    const { event, ticket } = await sellingEvent();
    const { refunded, kept } = await cardSales(event, ticket.id);
    await transferOrder(event, ticket.id, false);
    const before = await salesRows(event.id);
    expect(before.orders).toHaveLength(3);
    expect(before.items).toHaveLength(3);
    expect(before.payments).toHaveLength(2);
    expect(before.refunds).toHaveLength(1);
    expect(before.documents.map((row) => row.kind).sort()).toEqual(["credit_note", "invoice", "invoice"]);
    const pdfs = async () =>
      Promise.all(
        [
          ...refunded.documents.map((document) => ({ order: refunded.id, document })),
          ...kept.documents.map((document) => ({ order: kept.id, document })),
        ].map(async ({ order, document }) => {
          const pdf = await getPdf(t, `${event.orders}/${order}/documents/${document.id}/pdf`, owner().token);
          expect(pdf.status).toBe(200);
          return pdfText(pdf.bytes);
        }),
      );
    const printed = await pdfs();
    expect(printed).toHaveLength(3);

    expect((await request("DELETE", eventUrl(event.id))).status).toBe(409);

    expect(await eventExists(event.id)).toBe(true);
    expect(await salesRows(event.id)).toEqual(before);
    expect(await pdfs()).toEqual(printed);
    const listed = await request("GET", `${event.orders}?limit=10`);
    expect(listed.body.total).toBe(3);

    const archived = await request("POST", eventUrl(event.id), { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    expect(await salesRows(event.id)).toEqual(before);
  });

  it("still deletes an event with tickets that never sold", async () => {
    const { event } = await sellingEvent();
    const response = await request("DELETE", eventUrl(event.id));
    expect(response.status).toBe(200);
    expect(await eventExists(event.id)).toBe(false);
  });
});

describe("deleting or merging guests keeps their orders", () => {
  /** A completed order, invoiced, bought by a new guest for another one: the buyer holds no ticket of it. */
  async function boughtForAnother(event: ShopEvent, ticketId: string) {
    const holder = buyer(uniqueEmail("holder"));
    const response = await request("POST", event.orders, {
      buyer: buyer(),
      items: [{ ticketId, quantity: 1, holders: [holder] }],
      billing,
      paid: true,
      kind: "bankTransfer",
    });
    if (response.status !== 201) throw new Error(`order failed: ${JSON.stringify(response.body)}`);
    const [row] = await t.context.db.select().from(orders).where(eq(orders.id, response.body.id));
    if (!row?.buyerGuestId) throw new Error("the order has no buyer");
    return { order: row, buyerId: row.buyerGuestId };
  }
  const buyerOf = async (orderId: string) =>
    (await t.context.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.buyerGuestId;

  it("keeps the order and its invoice of a buyer deleted alone, in a group or by a filter", async () => {
    const { event, ticket } = await sellingEvent();
    const alone = await boughtForAnother(event, ticket.id);
    const grouped = await boughtForAnother(event, ticket.id);
    const filtered = await boughtForAnother(event, ticket.id);
    const before = await salesRows(event.id);
    expect(before.documents).toHaveLength(3);

    expect((await request("DELETE", `${event.users}/${alone.buyerId}`)).status).toBe(200);
    const group = await request("POST", `${event.users}/deleteusers`, { ids: [grouped.buyerId] });
    expect(group.body).toEqual({ deleted: 1, notDeleted: [] });
    // Every guest of the event: the buyer goes, the holders of a ticket stay.
    const bulk = await request("POST", `${event.users}/bulk`, {
      selection: { filter: {} },
      action: { type: "delete" },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.deleted).toBe(1);
    expect(bulk.body.notDeleted).toHaveLength(3);

    const after = await salesRows(event.id);
    expect(after.orders.map((order) => order.buyerGuestId)).toEqual([null, null, null]);
    const { buyerGuestId: _before, updatedAt: _u1, ...kept } = before.orders[0] ?? {};
    const { buyerGuestId: _after, updatedAt: _u2, ...still } = after.orders[0] ?? {};
    expect(still).toEqual(kept);
    expect(after.orders.map((order) => order.billingName)).toEqual(before.orders.map((order) => order.billingName));
    expect(after.items).toEqual(before.items);
    expect(after.documents).toEqual(before.documents);
    for (const { order } of [alone, grouped, filtered]) expect(await buyerOf(order.id)).toBeNull();
  });

  it("moves the orders and tickets of a merged duplicate to the guest kept, documents untouched", async () => {
    const { event, ticket } = await sellingEvent();
    const { order, buyerId } = await boughtForAnother(event, ticket.id);
    const keep = await request("POST", event.users, { firstName: "Ada", lastName: "Lovelace" });
    expect(keep.status).toBe(201);
    const [item] = (await salesRows(event.id)).items;
    const holderId = item?.holderGuestId;
    const before = await salesRows(event.id);

    const merged = await request(
      "GET",
      `/${event.slug}/admin/duplicates/mergeJson?user1=${keep.body.id}&user2=${buyerId}`,
    );
    expect(merged.status).toBe(200);
    expect(await buyerOf(order.id)).toBe(keep.body.id);
    const holderMerge = await request(
      "GET",
      `/${event.slug}/admin/duplicates/mergeJson?user1=${keep.body.id}&user2=${holderId}`,
    );
    expect(holderMerge.status).toBe(200);
    const after = await salesRows(event.id);
    expect(after.items.map((row) => row.holderGuestId)).toEqual([keep.body.id]);
    expect(after.documents).toEqual(before.documents);
    expect(after.orders).toHaveLength(1);
  });
});

describe("the database keeps them whatever the code does", () => {
  /**
   * PostgreSQL's refusal by a foreign key, through Drizzle's wrapping of the driver's error: restrict_violation (23001)
   * from PGlite (PostgreSQL 17), foreign_key_violation (23503) from a PostgreSQL 15 server.
   */
  const foreignKeyViolation = { cause: expect.objectContaining({ code: expect.stringMatching(/^23(001|503)$/) }) };

  it("refuses to delete an event, an order, a payment, a refund or the account holding them", async () => {
    const { event, ticket } = await sellingEvent();
    const { refunded } = await cardSales(event, ticket.id);
    const before = await salesRows(event.id);
    const db = t.context.db;

    await expect(db.delete(events).where(eq(events.id, event.id))).rejects.toMatchObject(foreignKeyViolation);
    await expect(db.delete(orders).where(eq(orders.id, refunded.id))).rejects.toMatchObject(foreignKeyViolation);
    await expect(db.delete(orderPayments).where(eq(orderPayments.orderId, refunded.id))).rejects.toMatchObject(
      foreignKeyViolation,
    );
    await expect(db.delete(orderRefunds).where(eq(orderRefunds.orderId, refunded.id))).rejects.toMatchObject(
      foreignKeyViolation,
    );
    // An account's removal would cascade to its events: their sales stop it.
    await expect(db.delete(accounts).where(eq(accounts.id, owner().accountId))).rejects.toMatchObject(
      foreignKeyViolation,
    );
    // The order without documents nor payments (items only) is kept as well.
    const awaiting = await transferOrder(event, ticket.id, false);
    await expect(db.delete(orders).where(eq(orders.id, awaiting.id))).rejects.toMatchObject(foreignKeyViolation);

    const after = await salesRows(event.id);
    expect(after.documents).toEqual(before.documents);
    expect(after.payments).toEqual(before.payments);
    expect(after.refunds).toEqual(before.refunds);
    expect(
      await db.select({ count: sql<number>`count(*)::int` }).from(accounts).where(eq(accounts.id, owner().accountId)),
    ).toEqual([{ count: 1 }]);
  });
});
