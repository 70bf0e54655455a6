import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { callsAs, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { guests } from "../guests/guests.tables.js";
import { addGuest, guestEvent } from "../guests/guests.testing.js";
import { memberSessionOf } from "../public/public.testing.js";
import { getPdf, pdfText } from "./invoices/invoices.testing.js";
import { addTicket, buyer, paidOrder, type ShopEvent, shopEvent, uniqueEmail } from "./orders/orders.testing.js";
import { orders } from "./ticketing.tables.js";
import { insertOrder } from "./ticketing.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const { post } = callsAs(t, () => tenants.owner);

type Listed = {
  orders: { id: string; status: string; items: { id: string; holderName: string | null; refunded: boolean }[] }[];
  heldTickets: { id: string; orderId: string; refunded: boolean; ticketsPrintable: boolean }[];
} & Record<string, unknown>;

const memberUrl = (event: ShopEvent) => `/api/v1/public/events/${event.slug}/member/orders`;
const listed = async (event: ShopEvent, session: string, language = "en") => {
  const response = await t.request({ method: "GET", url: memberUrl(event), token: session, language });
  expect(response.status).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.body as Listed;
};
const guestId = async (event: ShopEvent, email: string) => {
  const [guest] = await t.context.db
    .select({ id: guests.id })
    .from(guests)
    .where(and(eq(guests.eventId, event.id), eq(guests.email, email)));
  if (!guest) throw new Error(`no guest ${email}`);
  return guest.id;
};

/** Ada buys two entries, one of them for Grace: a paid order with its invoice. */
async function boughtForTwo() {
  const event = await shopEvent(t, tenants.owner);
  const ticket = await addTicket(t, tenants.owner, event, { caption: { en: "Entry", fr: "Entrée" } });
  const adaEmail = uniqueEmail("ada");
  const graceEmail = uniqueEmail("grace");
  const order = await paidOrder(
    t,
    event,
    [{ ticketId: ticket.id, quantity: 2, holders: [{ firstName: "Grace", lastName: "Hopper", email: graceEmail }] }],
    { buyer: buyer(adaEmail) },
  );
  const ada = await memberSessionOf(t, event.slug, adaEmail);
  const grace = await memberSessionOf(t, event.slug, graceEmail);
  return { event, ticket, order, ada, grace, adaEmail, graceEmail };
}

describe("GET member/orders", () => {
  it("shows the buyer their order with its items, totals and invoice, and the holder the ticket bought for them", async () => {
    const { event, order, ada, grace } = await boughtForTwo();

    const mine = await listed(event, ada, "fr");
    expect(mine.heldTickets).toEqual([]);
    expect(mine.orders).toHaveLength(1);
    const [listedOrder] = mine.orders;
    expect(listedOrder).toMatchObject({
      id: order.id,
      status: "completed",
      cancelReason: null,
      currency: "EUR",
      totalInclTaxCents: 2400,
      refundedCents: 0,
      ticketsPrintable: true,
      documents: [{ kind: "invoice", number: expect.stringMatching(/^TEST-F-/) }],
    });
    // Units of one order share their time, so their order among them is not fixed.
    expect(listedOrder?.items.map((item) => [item.holderName, item.refunded])).toEqual(
      expect.arrayContaining([
        [null, false],
        ["Grace Hopper", false],
      ]),
    );
    for (const item of listedOrder?.items ?? [])
      expect(item).toMatchObject({ caption: "Entrée", isOption: false, priceInclTaxCents: 1200 });

    const held = await listed(event, grace);
    expect(held.orders).toEqual([]);
    expect(held.heldTickets).toEqual([
      {
        id: listedOrder?.items.find((item) => item.holderName)?.id,
        orderId: order.id,
        caption: "Entry",
        refunded: false,
        testMode: true,
        ticketsPrintable: true,
      },
    ]);
  });

  it("never lists carts, orders awaiting payment or abandoned carts, nor another event's orders", async () => {
    const { event, ticket, order, ada, adaEmail } = await boughtForTwo();
    const buyerGuestId = await guestId(event, adaEmail);
    for (const status of ["in_cart", "awaiting_payment", "cancelled"] as const)
      await insertOrder(t, event.id, { buyerGuestId, status }, [{ ticketId: ticket.id, holderGuestId: buyerGuestId }]);
    const cancelled = await insertOrder(t, event.id, { buyerGuestId, status: "cancelled" }, [
      { ticketId: ticket.id, holderGuestId: buyerGuestId },
    ]);
    await t.context.db.update(orders).set({ cancelReason: "organizer" }).where(eq(orders.id, cancelled.order.id));
    const other = await guestEvent(t, tenants.owner);
    await insertOrder(t, other.id, { buyerGuestId }, [{ ticketId: ticket.id, holderGuestId: buyerGuestId }]);

    const listedOrders = (await listed(event, ada)).orders;
    expect(listedOrders.map((row) => [row.id, row.status])).toEqual([
      [cancelled.order.id, "cancelled"],
      [order.id, "completed"],
    ]);
  });

  it("shows a refund: the order partially refunded with its credit note, the holder's ticket refunded", async () => {
    const { event, order, ada, grace } = await boughtForTwo();
    const graceItem = (await listed(event, grace)).heldTickets[0];
    const refund = await post(`${event.orders}/${order.id}/refund`, { items: [graceItem?.id] });
    expect(refund.status).toBe(200);

    const [refunded] = (await listed(event, ada)).orders;
    expect(refunded).toMatchObject({ status: "partially_refunded", refundedCents: 1200, ticketsPrintable: true });
    expect(refunded?.items.map((item) => [item.holderName, item.refunded])).toEqual(
      expect.arrayContaining([
        [null, false],
        ["Grace Hopper", true],
      ]),
    );
    expect((refunded as unknown as { documents: { kind: string }[] }).documents.map((d) => d.kind)).toEqual([
      "invoice",
      "credit_note",
    ]);
    expect((await listed(event, grace)).heldTickets).toMatchObject([{ refunded: true, ticketsPrintable: false }]);
    expect((await getPdf(t, `${memberUrl(event)}/${order.id}/tickets/pdf`, grace)).status).toBe(404);
  });

  it("refuses without a member session", async () => {
    const { event } = await boughtForTwo();
    expect((await t.request({ method: "GET", url: memberUrl(event) })).status).toBe(401);
    expect((await getPdf(t, `${memberUrl(event)}/${crypto.randomUUID()}/tickets/pdf`)).status).toBe(401);
  });
});

describe("member area PDFs", () => {
  it("serves the buyer the invoice and all the order's tickets, the holder their own tickets only", async () => {
    const { event, order, ada, grace } = await boughtForTwo();
    const [mine] = (await listed(event, ada)).orders as unknown as { documents: { id: string; number: string }[] }[];
    const invoice = mine?.documents[0];
    const invoiceUrl = `${memberUrl(event)}/${order.id}/documents/${invoice?.id}/pdf`;
    const ticketsUrl = `${memberUrl(event)}/${order.id}/tickets/pdf`;

    const invoicePdf = await getPdf(t, invoiceUrl, ada);
    expect(invoicePdf.status).toBe(200);
    expect(invoicePdf.contentType).toBe("application/pdf");
    expect(pdfText(invoicePdf.bytes)).toContain(invoice?.number);

    const all = await getPdf(t, ticketsUrl, ada);
    expect(all.status).toBe(200);
    expect(all.bytes.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(2);

    const own = await getPdf(t, ticketsUrl, grace);
    expect(own.status).toBe(200);
    const ownText = pdfText(own.bytes);
    expect(own.bytes.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(ownText).toContain("Holder: Grace Hopper");
    expect(ownText).not.toContain("Holder: Ada Lovelace");

    // The invoice is the buyer's business: a holder of one of its tickets does not read it.
    expect((await getPdf(t, invoiceUrl, grace)).status).toBe(404);
  });

  it("answers 404 for another guest's order, and for an order of another event", async () => {
    const { event, ticket, order, ada, adaEmail } = await boughtForTwo();
    const strangerEmail = uniqueEmail("stranger");
    await addGuest(t, tenants.owner.token, event.users, {
      firstName: "Alan",
      lastName: "Turing",
      email: strangerEmail,
    });
    const stranger = await memberSessionOf(t, event.slug, strangerEmail);
    const [mine] = (await listed(event, ada)).orders as unknown as { documents: { id: string }[] }[];
    const invoiceUrl = `${memberUrl(event)}/${order.id}/documents/${mine?.documents[0]?.id}/pdf`;
    expect(await listed(event, stranger)).toEqual({ orders: [], heldTickets: [] });
    expect((await getPdf(t, invoiceUrl, stranger)).status).toBe(404);
    expect((await getPdf(t, `${memberUrl(event)}/${order.id}/tickets/pdf`, stranger)).status).toBe(404);

    // Even naming the guest as buyer, an order of another event is out of this event's member area.
    const other = await guestEvent(t, tenants.owner);
    const buyerGuestId = await guestId(event, adaEmail);
    const elsewhere = await insertOrder(t, other.id, { buyerGuestId }, [
      { ticketId: ticket.id, holderGuestId: buyerGuestId },
    ]);
    expect((await getPdf(t, `${memberUrl(event)}/${elsewhere.order.id}/tickets/pdf`, ada)).status).toBe(404);
  });
});
