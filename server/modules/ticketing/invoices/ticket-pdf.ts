import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import QRCode from "qrcode";
import type { Language } from "../../../../contract/common.js";
import type { Executor } from "../../../db/connection.js";
import { notFound } from "../../../platform/errors.js";
import { ticketPassCode } from "../../../platform/pass-codes.js";
import { events } from "../../events/events.tables.js";
import { localizedText } from "../../events/events.values.js";
import { eventDatesText } from "../../forms/submissions/submissions.mails.js";
import { guests } from "../../guests/guests.tables.js";
import { orderItems, orders, tickets } from "../ticketing.tables.js";
import { newPdf, pdfBuffer } from "./invoice-pdf.js";

/*
 * The tickets of an order as a PDF (issue 5): one page per ticket still valid (options are listed on their ticket's
 * page, refunded units left out), with the QR code check-in reads. Drawn from the order as it is now: a ticket
 * refunded since the mail no longer prints.
 */

const texts = {
  en: {
    holder: "Holder",
    options: "Options",
    when: "When",
    where: "Where",
    test: "TEST TICKET - NOT VALID",
    code: "Code",
  },
  fr: {
    holder: "Titulaire",
    options: "Options",
    when: "Quand",
    where: "Où",
    test: "BILLET DE TEST - NON VALABLE",
    code: "Code",
  },
  es: {
    holder: "Titular",
    options: "Opciones",
    when: "Cuándo",
    where: "Dónde",
    test: "ENTRADA DE PRUEBA - NO VÁLIDA",
    code: "Código",
  },
} satisfies Record<Language, unknown>;

const holders = alias(guests, "holder");

/**
 * The tickets PDF of an order of the event; 404 when there is no such order. Each QR code holds the ticket's signed
 * pass code (`passSecret`: platform/pass-codes.ts), never a guessable id: check-in refuses a forged or altered one.
 * With `holderGuestId`, only that guest's tickets print: a holder never receives the codes of the buyer's others.
 */
export async function renderTicketsPdf(
  executor: Executor,
  eventId: string,
  orderId: string,
  passSecret: string,
  holderGuestId?: string,
): Promise<Buffer> {
  const [found] = await executor
    .select({ order: orders, event: events, buyer: { firstName: guests.firstName, lastName: guests.lastName } })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(guests, eq(guests.id, orders.buyerGuestId))
    .where(and(eq(orders.id, orderId), eq(orders.eventId, eventId)));
  if (!found) throw notFound();
  const { order, event, buyer } = found;
  const rows = await executor
    .select({
      item: orderItems,
      caption: tickets.caption,
      isOption: tickets.isOption,
      holder: { firstName: holders.firstName, lastName: holders.lastName },
    })
    .from(orderItems)
    .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
    .leftJoin(holders, eq(holders.id, orderItems.holderGuestId))
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.refunded, false)))
    .orderBy(orderItems.createdAt, orderItems.id);
  const language = order.language;
  const t = texts[language];
  const captionOf = (caption: (typeof rows)[number]["caption"]) =>
    localizedText(caption, language, event.preferredLanguage);
  const nameOf = (person: { firstName: string | null; lastName: string | null } | null) =>
    person ? `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim() : "";
  const when = eventDatesText(event, language);
  const where = [event.venueName, event.address].filter((part) => part?.trim()).join(", ");

  const doc = newPdf(event.name, order.completedAt ?? order.createdAt);
  const ticketRows = rows.filter(
    (row) => !row.isOption && (holderGuestId === undefined || row.item.holderGuestId === holderGuestId),
  );
  for (const [index, { item, caption, holder }] of ticketRows.entries()) {
    if (index > 0) doc.addPage();
    if (order.testMode) doc.font("Helvetica-Bold").fontSize(14).fillColor("#b42318").text(t.test);
    doc.font("Helvetica-Bold").fontSize(22).fillColor("#102a43").text(event.name);
    doc.moveDown(0.5);
    doc.font("Helvetica").fontSize(12).text(`${t.when}: ${when} (${event.timezone})`);
    if (where) doc.text(`${t.where}: ${where}`);
    doc.moveDown();
    doc.font("Helvetica-Bold").fontSize(16).text(captionOf(caption));
    doc
      .font("Helvetica")
      .fontSize(12)
      .text(`${t.holder}: ${nameOf(holder) || nameOf(buyer)}`);
    const options = rows.filter((row) => row.item.parentItemId === item.id);
    if (options.length > 0) {
      doc.moveDown(0.5).font("Helvetica-Bold").text(t.options);
      doc.font("Helvetica").text(options.map((option) => `- ${captionOf(option.caption)}`).join("\n"));
    }
    doc.moveDown();
    const passCode = ticketPassCode(passSecret, item.code);
    const qr = await QRCode.toBuffer(passCode, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 400 });
    doc.image(qr, 172, doc.y, { width: 250, height: 250 });
    doc.y += 260;
    // Printed whole: staff type it when a camera cannot read a crumpled print.
    doc.font("Helvetica").fontSize(8).fillColor("#52606d").text(`${t.code}: ${passCode}`, { align: "center" });
  }
  return pdfBuffer(doc);
}
