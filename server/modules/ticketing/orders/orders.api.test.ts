import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { simulatedPayments } from "../../../platform/payments/payments.tables.js";
import { registerTenants } from "../../../testing/fixtures.js";
import { callsAs, madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { addGuest } from "../../guests/guests.testing.js";
import { orders } from "../ticketing.tables.js";
import {
  addTicket,
  billing,
  buyer,
  card,
  cartOf,
  orderAudits,
  paidOrder,
  parkingOption,
  shopClient,
  shopEvent,
  uniqueEmail,
  unitsTaken,
} from "./orders.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => shopEvent(t, tenants.owner, {}, [tenants.reader.userId]));
const entry = madeBeforeAll(() => addTicket(t, tenants.owner, event, { maxQuantity: 100 }));
const parking = madeBeforeAll(() => addTicket(t, tenants.owner, event, parkingOption([entry.id])));

const { get, post } = callsAs(t, () => tenants.owner);
const orderUrl = (id: string) => `${event.orders}/${id}`;
/** What the simulator's card form does in the organizer's browser. */
const confirmCard = (clientSecret: string, cardBody: ReturnType<typeof card>) =>
  t.request({
    method: "POST",
    url: "/api/v1/public/payments/simulator/confirm",
    body: { clientSecret, card: cardBody },
  });
async function paymentMetadata(providerPaymentId: string) {
  const [row] = await t.context.db
    .select({ metadata: simulatedPayments.metadata })
    .from(simulatedPayments)
    .where(eq(simulatedPayments.id, providerPaymentId));
  return row?.metadata;
}
const withParking = () => [{ ticketId: entry.id, quantity: 1, options: [{ ticketId: parking.id, quantity: 1 }] }];

describe("placing orders for guests", () => {
  it("creates an order paid by another method (completed) or awaiting it", async () => {
    const guest = await addGuest(t, tenants.owner.token, event.users, {
      firstName: "Al",
      lastName: "B",
      email: uniqueEmail(),
    });
    const paid = await post(event.orders, {
      buyer: { guestId: guest.id },
      items: [{ ticketId: entry.id, quantity: 1 }],
      billing: { name: "Al B", address: "1 rue", zip: "75001", city: "Paris" },
      paid: true,
      kind: "cheque",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({
      status: "completed",
      paymentMethod: "other",
      otherPaymentKind: "cheque",
      totalInclTaxCents: 1200,
      buyer: { guestId: guest.id },
      billing: { name: "Al B", city: "Paris" },
    });
    expect(await orderAudits(t, paid.body.id)).toEqual([
      "ticketing.order.created",
      "ticketing.order.updated",
      "ticketing.order.completed",
    ]);
    const awaiting = await post(event.orders, { buyer: buyer(), items: [{ ticketId: entry.id, quantity: 1 }] });
    expect(awaiting.body).toMatchObject({ status: "awaiting_payment", paymentMethod: "other", reservedUntil: null });
  });

  it("keeps the quotas and one ticket per guest for the organizer too", async () => {
    const guest = await addGuest(t, tenants.owner.token, event.users, {
      firstName: "C",
      lastName: "D",
      email: uniqueEmail(),
    });
    const first = await post(event.orders, {
      buyer: { guestId: guest.id },
      items: [{ ticketId: entry.id, quantity: 1 }],
    });
    expect(first.status).toBe(201);
    const second = await post(event.orders, {
      buyer: { guestId: guest.id },
      items: [{ ticketId: entry.id, quantity: 1 }],
    });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("TICKET_ALREADY_OWNED");
    const stranger = await post(event.orders, {
      buyer: { guestId: "00000000-0000-4000-8000-000000000000" },
      items: [{ ticketId: entry.id, quantity: 1 }],
    });
    expect(stranger.status).toBe(400);
  });
});

describe("reading orders", () => {
  it("lists with filters, pages and the revenue of live orders only", async () => {
    const email = uniqueEmail("findme");
    const order = await paidOrder(t, event, [{ ticketId: entry.id, quantity: 1 }], { buyer: buyer(email) });
    const all = await get(`${event.orders}?limit=200`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.items.length);
    // Every order here is a test order (simulator): none counts in revenue.
    expect(all.body.revenue).toEqual({ paidCents: 0, refundedCents: 0, netCents: 0 });
    const found = await get(`${event.orders}?search=${encodeURIComponent(email)}`);
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([order.id]);
    expect(found.body.items[0]).toMatchObject({ status: "completed", itemCount: 1, testMode: true });
    const completed = await get(`${event.orders}?status=completed&paymentMethod=online&testMode=true`);
    expect(completed.body.items.every((item: { status: string }) => item.status === "completed")).toBe(true);
    expect((await get(`${event.orders}?testMode=false`)).body.total).toBe(0);
    const paged = await get(`${event.orders}?limit=1&offset=1`);
    expect(paged.body.items).toHaveLength(1);
    // A live order (Stripe live keys) counts: the revenue sums what was paid less what was refunded.
    await t.context.db.update(orders).set({ testMode: false }).where(eq(orders.id, order.id));
    expect((await get(`${event.orders}?testMode=false`)).body.revenue).toEqual({
      paidCents: 1200,
      refundedCents: 0,
      netCents: 1200,
    });
    await t.context.db.update(orders).set({ testMode: true }).where(eq(orders.id, order.id));
  });

  it("reads one order and its billing address", async () => {
    const order = await paidOrder(t, event, withParking());
    const read = await get(orderUrl(order.id));
    expect(read.status).toBe(200);
    expect(read.body.items).toHaveLength(2);
    const address = await get(`${orderUrl(order.id)}/billingaddress`);
    expect(address.body).toEqual({ ...billing, siret: null });
  });

  it("answers 404 to another account and 403 to a reader's changes", async () => {
    const order = await paidOrder(t, event, [{ ticketId: entry.id, quantity: 1 }]);
    const other = tenants.other.token;
    const foreign = `/api/v1/events/${tenants.other.accountId}/${event.id}/orders/${order.id}`;
    expect((await get(foreign, other)).status).toBe(404);
    expect((await get(orderUrl(order.id), other)).status).toBe(404);
    expect((await post(`${orderUrl(order.id)}/refund`, {}, other)).status).toBe(404);
    expect((await get(event.orders, other)).status).toBe(404);
    expect((await get(orderUrl(order.id), tenants.reader.token)).status).toBe(200);
    expect((await post(`${orderUrl(order.id)}/refund`, {}, tenants.reader.token)).status).toBe(403);
    expect((await post(event.orders, { buyer: buyer(), items: [] }, tenants.reader.token)).status).toBe(400);
    const refused = await post(
      event.orders,
      { buyer: buyer(), items: [{ ticketId: entry.id, quantity: 1 }] },
      tenants.reader.token,
    );
    expect(refused.status).toBe(403);
  });
});

describe("state transitions (SPEC §4)", () => {
  it("in cart → awaiting payment → completed by confirmation", async () => {
    const cart = await cartOf(t, event, [{ ticketId: entry.id, quantity: 1 }]);
    const awaiting = await post(`${orderUrl(cart.id)}/await`, { kind: "bankTransfer" });
    expect(awaiting.body).toMatchObject({ status: "awaiting_payment", otherPaymentKind: "bankTransfer" });
    const again = await post(`${orderUrl(cart.id)}/await`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ORDER_ALREADY_AWAITING");
    const confirmed = await post(`${orderUrl(cart.id)}/confirm`, {
      name: "Paid By Transfer",
      siret: "732 829 320 00074",
    });
    expect(confirmed.body).toMatchObject({
      status: "completed",
      paymentMethod: "other",
      otherPaymentKind: "bankTransfer",
      billing: { name: "Paid By Transfer", siret: "73282932000074" },
    });
    for (const action of ["confirm", "await", "pay"]) {
      const refused = await post(`${orderUrl(cart.id)}/${action}`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe("This order has already been paid.");
    }
    const cancel = await post(orderUrl(cart.id), { status: "cancelled" });
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.code).toBe("ORDER_PAID_NOT_CANCELLABLE");
    expect(await orderAudits(t, cart.id)).toEqual([
      "ticketing.order.created",
      "ticketing.order.awaiting_payment",
      "ticketing.order.updated",
      "ticketing.order.completed",
    ]);
  });

  it("in cart → completed by confirmation; awaiting payment → cancelled", async () => {
    const direct = await cartOf(t, event, [{ ticketId: entry.id, quantity: 1 }]);
    expect((await post(`${orderUrl(direct.id)}/confirm`, { kind: "cheque" })).body).toMatchObject({
      status: "completed",
      otherPaymentKind: "cheque",
    });
    const awaiting = await post(event.orders, { buyer: buyer(), items: [{ ticketId: entry.id, quantity: 1 }] });
    const taken = await unitsTaken(t, entry.id);
    const cancelled = await post(orderUrl(awaiting.body.id), { status: "cancelled" });
    expect(cancelled.body).toMatchObject({ status: "cancelled", cancelReason: "organizer" });
    expect(await unitsTaken(t, entry.id)).toBe((taken ?? 0) - 1);
    expect(await orderAudits(t, awaiting.body.id)).toEqual([
      "ticketing.order.created",
      "ticketing.order.awaiting_payment",
      "ticketing.order.cancelled",
    ]);
  });

  it("cancels an order not paid, giving its units back; a cancelled order moves no more", async () => {
    const cart = await cartOf(t, event, withParking());
    const entries = await unitsTaken(t, entry.id);
    const options = await unitsTaken(t, parking.id);
    const cancelled = await post(orderUrl(cart.id), { status: "cancelled" });
    expect(cancelled.body).toMatchObject({ status: "cancelled", cancelReason: "organizer" });
    expect(await unitsTaken(t, entry.id)).toBe((entries ?? 0) - 1);
    expect(await unitsTaken(t, parking.id)).toBe((options ?? 0) - 1);
    for (const action of ["confirm", "await", "pay"]) {
      const refused = await post(`${orderUrl(cart.id)}/${action}`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe("ORDER_CANCELLED");
    }
    expect((await post(`${orderUrl(cart.id)}/refund`, {})).body.error.code).toBe("ORDER_NOT_PAID");
    expect((await post(orderUrl(cart.id), { status: "cancelled" })).body.error.code).toBe("ORDER_CANCELLED");
  });

  it("refunds partially (a ticket takes its options along) then fully; a refund of nothing is refused", async () => {
    const order = await paidOrder(t, event, [
      ...withParking(),
      { ticketId: entry.id, quantity: 1, holders: [{ firstName: "E", lastName: "F", email: uniqueEmail() }] },
    ]);
    const items = (await get(orderUrl(order.id))).body.items as {
      id: string;
      ticketId: string;
      parentItemId: string;
    }[];
    const [first, second] = items.filter((item) => item.ticketId === entry.id);
    const entries = await unitsTaken(t, entry.id);
    const options = await unitsTaken(t, parking.id);
    const unpaid = await post(`${orderUrl(order.id)}/refund`, { items: [] });
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.error.message).toBe("Refund needs at least one item.");
    const withOption = items.find((item) => item.parentItemId)?.parentItemId;
    const partial = await post(`${orderUrl(order.id)}/refund`, { items: [withOption] });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body).toMatchObject({ status: "partially_refunded", refundedCents: 1700 });
    expect(partial.body.refunds).toMatchObject([{ amountCents: 1700, status: "succeeded", reason: "organizer" }]);
    expect(await unitsTaken(t, entry.id)).toBe((entries ?? 0) - 1);
    expect(await unitsTaken(t, parking.id)).toBe((options ?? 0) - 1);
    const twice = await post(`${orderUrl(order.id)}/refund`, { items: [withOption] });
    expect(twice.body.error.code).toBe("ORDER_ITEM_ALREADY_REFUNDED");
    const stranger = await post(`${orderUrl(order.id)}/refund`, { items: ["00000000-0000-4000-8000-000000000000"] });
    expect(stranger.body.error.code).toBe("ORDER_ITEM_NOT_IN_ORDER");
    const rest = await post(`${orderUrl(order.id)}/refund`, {});
    expect(rest.body).toMatchObject({ status: "refunded", refundedCents: 2900 });
    expect(rest.body.items.every((item: { refunded: boolean }) => item.refunded)).toBe(true);
    const nothing = await post(`${orderUrl(order.id)}/refund`, {});
    expect(nothing.status).toBe(409);
    expect(nothing.body.error).toMatchObject({
      code: "ORDER_REFUND_NEEDS_ITEM",
      message: "Refund needs at least one item.",
    });
    expect([first?.id, second?.id]).not.toContain(undefined);
    expect((await orderAudits(t, order.id)).slice(-2)).toEqual([
      "ticketing.order.partially_refunded",
      "ticketing.order.refunded",
    ]);
  });

  it("edits billing fields and refuses a bad Siret", async () => {
    const order = await paidOrder(t, event, [{ ticketId: entry.id, quantity: 1 }]);
    const edited = await post(orderUrl(order.id), { buyerKind: "company", name: "Acme SAS" });
    expect(edited.body.billing).toMatchObject({ buyerKind: "company", name: "Acme SAS" });
    expect((await post(orderUrl(order.id), { siret: "123" })).status).toBe(400);
  });
});

describe("POST orders/{id}/pay", () => {
  it("starts the card payment of an order, then completes it with the payment that succeeded", async () => {
    const awaiting = await post(event.orders, { buyer: buyer(), items: [{ ticketId: entry.id, quantity: 1 }] });
    const started = await post(`${orderUrl(awaiting.body.id)}/pay`, { name: "Card Buyer" });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.payment).toMatchObject({
      provider: "simulator",
      status: "requires_payment_method",
      amountCents: 1200,
    });
    const notYet = await post(`${orderUrl(awaiting.body.id)}/pay`, {
      payment_intent_id: started.body.payment.providerPaymentId,
    });
    expect(notYet.status).toBe(409);
    expect(notYet.body.error.code).toBe("ORDER_PAYMENT_NOT_SUCCEEDED");
    await t.request({
      method: "POST",
      url: "/api/v1/public/payments/simulator/confirm",
      body: { clientSecret: started.body.payment.clientSecret, card: card() },
    });
    // The simulator's event completed it already; the same payment asked again changes nothing.
    expect((await get(orderUrl(awaiting.body.id))).body.status).toBe("completed");
    const again = await post(`${orderUrl(awaiting.body.id)}/pay`, {
      payment_intent_id: started.body.payment.providerPaymentId,
    });
    expect(again.body.error.code).toBe("ORDER_ALREADY_PAID");
  });

  it("records the payment_method_id on the card payment it starts, completed once that card pays", async () => {
    const awaiting = await post(event.orders, { buyer: buyer(), items: [{ ticketId: entry.id, quantity: 1 }] });
    const started = await post(`${orderUrl(awaiting.body.id)}/pay`, { payment_method_id: "pm_card_visa" });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The browser confirms the card (Stripe.js, the simulator's form): the id alone pays nothing.
    expect(started.body.payment).toMatchObject({ provider: "simulator", status: "requires_payment_method" });
    expect(started.body.order.status).toBe("awaiting_payment");
    expect(await paymentMetadata(started.body.payment.providerPaymentId)).toEqual({
      payment_method: "pm_card_visa",
      event_id: event.id,
    });
    await confirmCard(started.body.payment.clientSecret, card());
    expect((await get(orderUrl(awaiting.body.id))).body).toMatchObject({
      status: "completed",
      paymentMethod: "online",
      payments: [{ status: "succeeded", amountCents: 1200 }],
    });
  });

  it("answers a declined card's decline without completing the order", async () => {
    const awaiting = await post(event.orders, { buyer: buyer(), items: [{ ticketId: entry.id, quantity: 1 }] });
    const url = `${orderUrl(awaiting.body.id)}/pay`;
    const started = await post(url, { payment_method_id: "pm_card_chargeDeclined" });
    expect(await paymentMetadata(started.body.payment.providerPaymentId)).toMatchObject({
      payment_method: "pm_card_chargeDeclined",
    });
    await confirmCard(started.body.payment.clientSecret, card("4000 0000 0000 0002"));
    // Paying again takes the same payment up, with its decline, for another card to be tried on it.
    const again = await post(url, { payment_method_id: "pm_card_visa" });
    expect(again.status).toBe(200);
    expect(again.body.payment).toMatchObject({
      providerPaymentId: started.body.payment.providerPaymentId,
      status: "failed",
      declineCode: "generic_decline",
    });
    expect(again.body.order.status).toBe("awaiting_payment");
    const declined = await post(url, { payment_intent_id: started.body.payment.providerPaymentId });
    expect(declined.status).toBe(409);
    expect(declined.body.error.code).toBe("ORDER_PAYMENT_NOT_SUCCEEDED");
    expect((await get(orderUrl(awaiting.body.id))).body).toMatchObject({
      status: "awaiting_payment",
      payments: [{ status: "failed", declineCode: "generic_decline" }],
    });
  });

  it("refuses a payment of another order", async () => {
    const one = await post(event.orders, { buyer: buyer(), items: [{ ticketId: entry.id, quantity: 1 }] });
    const two = await post(event.orders, { buyer: buyer(), items: [{ ticketId: entry.id, quantity: 1 }] });
    const started = await post(`${orderUrl(one.body.id)}/pay`, {});
    const response = await post(`${orderUrl(two.body.id)}/pay`, {
      payment_intent_id: started.body.payment.providerPaymentId,
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("ORDER_PAYMENT_MISMATCH");
  });
});

describe("the public cart cannot be moved by the organizer's token alone", () => {
  it("keeps the buyer's token private to the cart's answers", async () => {
    const cart = await cartOf(t, event, [{ ticketId: entry.id, quantity: 1 }]);
    const read = await get(orderUrl(cart.id));
    expect(read.body).not.toHaveProperty("token");
    expect((await shopClient(t, event).read(cart.id)).status).toBe(404);
  });
});
