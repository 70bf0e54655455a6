import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unitOfWork } from "../../../db/unit-of-work.js";
import { passCodeSecret, ticketPassCode } from "../../../platform/pass-codes.js";
import { mailsTo, registerTenants } from "../../../testing/fixtures.js";
import { callsAs, madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { posted } from "../billing/billing.testing.js";
import { billingBody } from "../billing/billing-body.testing.js";
import { completeOrder } from "../orders/order-states.js";
import { lockOrder, readOrderEvent, systemActor } from "../orders/orders.shared.js";
import {
  addTicket,
  billing,
  buyer,
  paidOrder,
  type ShopEvent,
  shopClient,
  shopEvent,
  uniqueEmail,
} from "../orders/orders.testing.js";
import { orderItems } from "../ticketing.tables.js";
import { orderDocuments } from "./invoices.tables.js";
import { getPdf, pdfText, setPaymentMode } from "./invoices.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));

const owner = () => tenants.owner;
const { get, post } = callsAs(t, owner);

type Document = { id: string; kind: string; number: string; amountInclTaxCents: number; testMode: boolean };
type Order = { id: string; invoiceNumber: number | null; documents: Document[]; items: { id: string }[] };

/** An event selling in live mode: the orders its organizer confirms are numbered in the legal series. */
async function liveEvent(seller: Record<string, unknown> = {}) {
  const event = await shopEvent(t, owner(), {}, [tenants.reader.userId]);
  const ticket = await addTicket(t, owner(), event, { maxQuantity: 500 });
  if (Object.keys(seller).length > 0) await posted(t, owner().token, event.organizers, billingBody(seller));
  await setPaymentMode(t, event.id, "live");
  return { event, ticket };
}

/** The organizer's order for a new guest, paid by bank transfer (completed) or awaiting it. */
async function placed(
  event: ShopEvent,
  ticketId: string,
  options: { paid: boolean; quantity?: number; language?: string; email?: string; company?: boolean },
): Promise<Order> {
  const response = await post(event.orders, {
    buyer: buyer(options.email),
    items: [{ ticketId, quantity: options.quantity ?? 1, holders: holders((options.quantity ?? 1) - 1) }],
    billing: options.company
      ? { ...billing, buyerKind: "company", name: "Babbage Ltd", siret: "73282932000074" }
      : billing,
    paid: options.paid,
    kind: "bankTransfer",
    language: options.language ?? "en",
  });
  if (response.status !== 201) throw new Error(`order failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Guests the units beyond the buyer's one are for: a guest holds one unit of a ticket. */
const holders = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    firstName: "Grace",
    lastName: `Hopper ${index}`,
    email: uniqueEmail("holder"),
  }));

const sequenceOf = (document: Document | undefined) => Number(document?.number.split("-").at(-1));

describe("invoice numbering", () => {
  it("numbers the invoices of an event 1..n without a gap, a rolled-back completion giving its number back", async () => {
    const { event, ticket } = await liveEvent();
    const first = await placed(event, ticket.id, { paid: true });
    expect(first.documents).toMatchObject([{ kind: "invoice", testMode: false, amountInclTaxCents: 1200 }]);
    const series = event.id.replaceAll("-", "").slice(0, 8).toUpperCase();
    expect(first.documents[0]?.number).toBe(`F-${series}-000001`);
    expect(first.invoiceNumber).toBe(1);

    // A completion whose transaction fails after its invoice was numbered.
    const awaiting = await placed(event, ticket.id, { paid: false });
    expect(awaiting.documents).toEqual([]);
    await expect(
      unitOfWork(t.context.db, async (unit) => {
        const order = await lockOrder(unit.tx, event.id, awaiting.id);
        const eventRow = await readOrderEvent(unit.tx, event.id);
        await completeOrder(unit, eventRow, order, { action: "confirm", paymentMethod: "other" }, systemActor("test"));
        // The completion's writes go out ahead of this statement: the invoice is numbered.
        const [numbered] = await unit.tx
          .select({ id: orderDocuments.id })
          .from(orderDocuments)
          .where(eq(orderDocuments.orderId, awaiting.id));
        expect(numbered).toBeDefined();
        throw new Error("the transaction fails after the invoice");
      }),
    ).rejects.toThrow("after the invoice");
    expect(await t.context.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, awaiting.id))).toEqual([]);

    const confirmed = await post(`${event.orders}/${awaiting.id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.documents[0].number).toBe(`F-${series}-000002`);
    const third = await placed(event, ticket.id, { paid: true });
    expect(third.invoiceNumber).toBe(3);

    // A test order (the event back in test mode for a while) takes a number of the TEST series only.
    await setPaymentMode(t, event.id, "test");
    const testOrder = await placed(event, ticket.id, { paid: true });
    expect(testOrder.documents).toMatchObject([{ number: `TEST-F-${series}-000001`, testMode: true }]);
    expect(testOrder.invoiceNumber).toBeNull();
    await setPaymentMode(t, event.id, "live");
    expect((await placed(event, ticket.id, { paid: true })).invoiceNumber).toBe(4);

    const list = await get(`${event.orders}?limit=10`);
    expect(list.body.items.map((order: Order) => order.invoiceNumber).sort()).toEqual([1, 2, 3, 4, null]);
  });

  it("gives 20 simultaneous confirmations the numbers 1 to 20 exactly", async () => {
    const { event, ticket } = await liveEvent();
    const awaiting = await Promise.all(Array.from({ length: 20 }, () => placed(event, ticket.id, { paid: false })));
    const confirmed = await Promise.all(awaiting.map((order) => post(`${event.orders}/${order.id}/confirm`, {})));
    expect(confirmed.map((response) => response.status)).toEqual(Array(20).fill(200));
    const sequences = confirmed.map((response) => sequenceOf(response.body.documents[0]));
    expect(sequences.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(confirmed.map((response) => response.body.invoiceNumber).sort((a, b) => a - b)).toEqual(sequences);
  });

  it("numbers the card orders of a test-mode event in the TEST series", async () => {
    const event = await shopEvent(t, owner());
    const ticket = await addTicket(t, owner(), event);
    const cart = await paidOrder(t, event, [{ ticketId: ticket.id, quantity: 1 }]);
    expect(cart.documents).toMatchObject([{ kind: "invoice", testMode: true }]);
    expect((cart.documents as Document[])[0]?.number).toMatch(/^TEST-F-[0-9A-F]{8}-000001$/);
    expect(cart.invoiceNumber).toBeNull();
  });
});

describe("invoice and credit note PDFs", () => {
  it("prints a French invoice of a seller not subject to VAT with its legal mention", async () => {
    const { event, ticket } = await liveEvent({
      vatStatus: "not_subject",
      vatNumber: null,
      legalMentions: "Association loi 1901",
    });
    const order = await placed(event, ticket.id, { paid: true, quantity: 2, language: "fr", company: true });
    const invoice = order.documents[0];
    const pdf = await getPdf(t, `${event.orders}/${order.id}/documents/${invoice?.id}/pdf`, owner().token);
    expect(pdf.status).toBe(200);
    expect(pdf.contentType).toBe("application/pdf");
    expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf.bytes);
    expect(text).toContain("FACTURE");
    expect(text).toContain(`Numéro: ${invoice?.number}`);
    expect(text).toContain("TVA non applicable, art. 293 B du CGI.");
    expect(text).toContain("Acme Events SAS");
    expect(text).toContain("SIRET 73282932000074");
    expect(text).toContain("RCS Paris 732 829 320");
    expect(text).toContain("Babbage Ltd");
    expect(text).toContain("24,00\u00a0€");
    expect(text).toContain("Association loi 1901");
    // A company buyer: the late-payment mentions of the Code de commerce.
    expect(text).toContain("40 €");
    expect(text).not.toContain("Détail de la TVA");
  });

  it("prints the VAT-on-margin mention of a seller under the margin scheme, without a VAT breakdown", async () => {
    const { event, ticket } = await liveEvent({ vatStatus: "margin" });
    const order = await placed(event, ticket.id, { paid: true, language: "fr" });
    const invoice = order.documents[0];
    const [row] = await t.context.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.id, invoice?.id ?? ""));
    expect(row?.snapshot).toMatchObject({ kind: "invoice", seller: { vatStatus: "margin" } });
    const pdf = await getPdf(t, `${event.orders}/${order.id}/documents/${invoice?.id}/pdf`, owner().token);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes);
    expect(text).toContain("Régime particulier - agences de voyages.");
    expect(text).toContain("12,00\u00a0€");
    expect(text).not.toContain("Détail de la TVA");
    expect(text).not.toContain("TVA non applicable");

    // In the buyer's language: an English invoice names the scheme.
    const english = await placed(event, ticket.id, { paid: true, language: "en" });
    const englishPdf = await getPdf(
      t,
      `${event.orders}/${english.id}/documents/${english.documents[0]?.id}/pdf`,
      owner().token,
    );
    expect(pdfText(englishPdf.bytes)).toContain(
      "Régime particulier - agences de voyages (VAT on margin, not deductible).",
    );
  });

  it("prints the VAT breakdown of a seller subject to VAT, in the buyer's language", async () => {
    const { event, ticket } = await liveEvent();
    const order = await placed(event, ticket.id, { paid: true, language: "es" });
    const pdf = await getPdf(t, `${event.orders}/${order.id}/documents/${order.documents[0]?.id}/pdf`, owner().token);
    const text = pdfText(pdf.bytes);
    expect(text).toContain("FACTURA");
    expect(text).toContain("Desglose del IVA");
    expect(text).toContain("N.º IVA FR40303265045");
    expect(text).toContain("20\u00a0%");
    // 12.00 after taxes at 20 %: 10.00 before, 2.00 of VAT.
    expect(text).toContain("10,00\u00a0€");
    expect(text).toContain("2,00\u00a0€");
    expect(text).not.toContain("TVA non applicable");
  });

  it("issues a credit note of the refunded items, referencing the invoice", async () => {
    const { event, ticket } = await liveEvent();
    const email = uniqueEmail();
    const order = await placed(event, ticket.id, { paid: true, quantity: 2, email });
    const refunded = await post(`${event.orders}/${order.id}/refund`, { items: [order.items[0]?.id] });
    expect(refunded.status).toBe(200);
    const [invoice, creditNote] = refunded.body.documents as Document[];
    expect(creditNote).toMatchObject({ kind: "credit_note", amountInclTaxCents: -1200, testMode: false });
    expect(creditNote?.number).toMatch(/^AV-[0-9A-F]{8}-000001$/);
    const pdf = await getPdf(t, `${event.orders}/${order.id}/documents/${creditNote?.id}/pdf`, owner().token);
    const text = pdfText(pdf.bytes);
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain(`Corrects invoice: ${invoice?.number}`);
    expect(text).toContain("-€12.00");
    expect(text).not.toContain("-€24.00");

    // The rest refunded: a second credit note, next number.
    const rest = await post(`${event.orders}/${order.id}/refund`, {});
    expect(rest.body.documents.map((document: Document) => document.number).at(-1)).toMatch(/-000002$/);

    const sent = await mailsTo(t, email);
    expect(sent.map((mail) => mail.template)).toEqual([
      "ticketing.order_confirmation",
      "ticketing.refund_notice",
      "ticketing.refund_notice",
    ]);
    expect(sent[1]?.attachments).toEqual([{ kind: "document", documentId: creditNote?.id }]);
    expect(sent[1]?.subject).toBe(`Refund of your order for ${event.name}`);
  });

  it("answers SPEC §8's message when a document cannot be made", async () => {
    const { event, ticket } = await liveEvent();
    const order = await placed(event, ticket.id, { paid: true });
    const id = order.documents[0]?.id ?? "";
    const [row] = await t.context.db.select().from(orderDocuments).where(eq(orderDocuments.id, id));
    await t.context.db
      .update(orderDocuments)
      .set({ snapshot: { ...(row?.snapshot as object), lines: null } as never })
      .where(eq(orderDocuments.id, id));
    const pdf = await getPdf(t, `${event.orders}/${order.id}/documents/${id}/pdf`, owner().token);
    expect(pdf.status).toBe(500);
    expect(pdf.json().error).toMatchObject({
      code: "DOCUMENTS_NOT_GENERATED",
      message: "Qr-codes, Ebadges and Invoices could not be generated.",
    });
  });
});

describe("tickets, mails and access", () => {
  it("mails the confirmation with the tickets and the invoice, served by /dev/mailbox", async () => {
    const { event, ticket } = await liveEvent();
    const email = uniqueEmail();
    const order = await placed(event, ticket.id, { paid: true, quantity: 2, language: "fr", email });
    const [mail] = await mailsTo(t, email);
    expect(mail).toMatchObject({ template: "ticketing.order_confirmation", language: "fr", status: "stored" });
    expect(mail?.subject).toBe(`Votre commande pour ${event.name} est confirmée`);
    expect(mail?.attachments).toEqual([
      { kind: "tickets", eventId: event.id, orderId: order.id },
      { kind: "document", documentId: order.documents[0]?.id },
    ]);
    const page = await t.request({ method: "GET", url: `/dev/mailbox/${mail?.id}` });
    expect(page.body).toContain(`/dev/mailbox/${mail?.id}/attachments/1`);
    const tickets = await getPdf(t, `/dev/mailbox/${mail?.id}/attachments/0`);
    expect(tickets.contentType).toBe("application/pdf");
    const invoice = await getPdf(t, `/dev/mailbox/${mail?.id}/attachments/1`);
    expect(pdfText(invoice.bytes)).toContain(order.documents[0]?.number ?? "?");
    expect((await getPdf(t, `/dev/mailbox/${mail?.id}/attachments/2`)).status).toBe(404);
  });

  it("prints one page per ticket with its code, options on their ticket's page, refunded ones left out", async () => {
    const event = await shopEvent(t, owner());
    const entry = await addTicket(t, owner(), event, { caption: { en: "Entry", fr: "Entrée" } });
    const parking = await addTicket(t, owner(), event, {
      caption: { en: "Parking" },
      isOption: true,
      optionOf: [entry.id],
    });
    const cart = await paidOrder(t, event, [
      { ticketId: entry.id, quantity: 2, holders: holders(1), options: [{ ticketId: parking.id, quantity: 1 }] },
    ]);
    const codes = await t.context.db.select().from(orderItems).where(eq(orderItems.orderId, cart.id));
    const entryCodes = codes.filter((item) => item.ticketId === entry.id);
    expect(entryCodes).toHaveLength(2);
    for (const item of codes) expect(item.code).toMatch(/^[0-9a-f]{32}$/);

    const url = `${event.orders}/${cart.id}/tickets/pdf`;
    const pdf = await getPdf(t, url, owner().token);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes);
    expect(text).toContain("TEST TICKET - NOT VALID");
    // Each QR code and its printed line hold the ticket's signed pass code, which check-in verifies.
    const secret = await passCodeSecret(t.context);
    for (const item of entryCodes) expect(text).toContain(`Code: ${ticketPassCode(secret, item.code)}`);
    expect(text).toContain("Holder: Ada Lovelace");
    expect(text).toContain("Holder: Grace Hopper 0");
    expect(text.match(/- Parking/g)).toHaveLength(2);
    expect(pdf.bytes.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(2);

    const first = entryCodes[0];
    await post(`${event.orders}/${cart.id}/refund`, { items: [first?.id] });
    const after = pdfText((await getPdf(t, url, owner().token)).bytes);
    expect(after).not.toContain(`Code: ${ticketPassCode(secret, first?.code ?? "")}`);
    expect(after).toContain(`Code: ${ticketPassCode(secret, entryCodes[1]?.code ?? "")}`);
  });

  it("serves the buyer's documents and tickets by cart token once paid", async () => {
    const event = await shopEvent(t, owner());
    const ticket = await addTicket(t, owner(), event);
    const cart = await paidOrder(t, event, [{ ticketId: ticket.id, quantity: 1 }]);
    const document = (cart.documents as Document[])[0];
    const base = `${event.carts}/${cart.token}`;
    const invoice = await getPdf(t, `${base}/documents/${document?.id}/pdf`);
    expect(invoice.status).toBe(200);
    expect(pdfText(invoice.bytes)).toContain(document?.number ?? "?");
    expect((await getPdf(t, `${base}/tickets/pdf`)).status).toBe(200);
    const read = await get(base);
    expect(read.body.documents).toEqual(cart.documents);

    const other = await paidOrder(t, event, [{ ticketId: ticket.id, quantity: 1 }]);
    expect((await getPdf(t, `${event.carts}/${other.token}/documents/${document?.id}/pdf`)).status).toBe(404);
    expect((await getPdf(t, `${event.carts}/${"x".repeat(40)}/tickets/pdf`)).status).toBe(404);

    const unpaid = await shopClient(t, event).create({ buyer: buyer(), items: [{ ticketId: ticket.id, quantity: 1 }] });
    const refused = await getPdf(t, `${event.carts}/${unpaid.body.token}/tickets/pdf`);
    expect(refused.status).toBe(409);
    expect(refused.json().error.code).toBe("ORDER_NOT_PAID");
  });

  it("lets a reader read the PDFs and answers 404 to another account", async () => {
    const { event, ticket } = await liveEvent();
    const order = await placed(event, ticket.id, { paid: true });
    const documentUrl = `${event.orders}/${order.id}/documents/${order.documents[0]?.id}/pdf`;
    const ticketsUrl = `${event.orders}/${order.id}/tickets/pdf`;
    expect((await getPdf(t, documentUrl, tenants.reader.token)).status).toBe(200);
    expect((await getPdf(t, ticketsUrl, tenants.reader.token)).status).toBe(200);
    expect((await getPdf(t, documentUrl, tenants.other.token)).status).toBe(404);
    expect((await getPdf(t, ticketsUrl, tenants.other.token)).status).toBe(404);
    const foreign = documentUrl.replace(owner().accountId, tenants.other.accountId);
    expect((await getPdf(t, foreign, tenants.other.token)).status).toBe(404);
    expect((await getPdf(t, documentUrl)).status).toBe(401);

    // A document of another order of the same event is not this order's.
    const second = await placed(event, ticket.id, { paid: true });
    const mixed = `${event.orders}/${second.id}/documents/${order.documents[0]?.id}/pdf`;
    expect((await getPdf(t, mixed, owner().token)).status).toBe(404);
  });
});
