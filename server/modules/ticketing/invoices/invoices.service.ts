import { randomUUID } from "node:crypto";
import { and, eq, exists, not, or, sql } from "drizzle-orm";
import type { OrderDocumentKind } from "../../../../contract/ticketing-orders.js";
import type { Executor } from "../../../db/connection.js";
import { type PendingWrite, preparedWrite } from "../../../db/prepared.js";
import type { UnitOfWork } from "../../../db/unit-of-work.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, notFound } from "../../../platform/errors.js";
import type { AttachmentRef } from "../../../platform/mail.tables.js";
import { mailWrite } from "../../../platform/mailer.js";
import { passCodeSecret } from "../../../platform/pass-codes.js";
import type { Caller } from "../../events/events.service.js";
import { type EventRow, requireEvent } from "../../events/events.visibility.js";
import type { Member } from "../../guests/member-sessions.js";
import { findCart } from "../orders/cart.lookup.js";
import type { OrderRow } from "../orders/orders.shared.js";
import { orderItems, orders } from "../ticketing.tables.js";
import { renderDocumentPdf } from "./invoice-pdf.js";
import { type DocumentSources, readDocumentSources, type SnapshotParts, snapshotParts } from "./invoice-snapshot.js";
import { orderConfirmationMail, refundNoticeMail } from "./invoices.mails.js";
import { type DocumentSnapshot, documentCounters, orderDocuments } from "./invoices.tables.js";
import { renderTicketsPdf } from "./ticket-pdf.js";

/*
 * Issuing invoices and credit notes in the transaction that completes or refunds an order (order-states.ts
 * `completeOrder`, order-refunds.ts `refundOrder`), with the buyer's mail that carries them.
 */

/** A short prefix of the event's own, stable whatever the event is renamed to: the seller's series. */
const seriesOf = (eventId: string) => eventId.replaceAll("-", "").slice(0, 8).toUpperCase();

/** "F-1A2B3C4D-", "AV-1A2B3C4D-", "TEST-F-1A2B3C4D-": what a document's number starts with, before its sequence. */
function numberPrefix(kind: OrderDocumentKind, testMode: boolean, eventId: string) {
  return `${testMode ? "TEST-" : ""}${kind === "invoice" ? "F" : "AV"}-${seriesOf(eventId)}-`;
}

/**
 * Takes the series' next number and writes the document, in one write: the counter row stays locked until the
 * transaction commits (sale-day completions queue on it), so callers write it LAST in their transaction. The number
 * is written into the snapshot there too, since it is known only then. Built once; nothing is read back.
 */
const documentIssue = preparedWrite<
  | "eventId"
  | "kind"
  | "testMode"
  | "id"
  | "orderId"
  | "refundId"
  | "prefix"
  | "issuedAt"
  | "language"
  | "amountInclTaxCents"
  | "snapshot"
>("document_issue", (_executor, value) => {
  const sequence = sql`insert into ${documentCounters} (event_id, kind, test_mode, last_sequence)
      values (${value("eventId")}, ${value("kind")}, ${value("testMode")}, 1)
      on conflict (event_id, kind, test_mode) do update set last_sequence = ${documentCounters}.last_sequence + 1
      returning last_sequence`;
  // Six digits at least, more past a million: lpad would cut a longer number.
  const padded = sql`right('00000' || c.last_sequence::text, greatest(6, length(c.last_sequence::text)))`;
  const number = sql`${value("prefix")}::text || ${padded}`;
  const document = sql`insert into ${orderDocuments} (id, event_id, order_id, refund_id, kind, sequence, number,
      issued_at, language, test_mode, amount_incl_tax_cents, snapshot)
    select ${value("id")}::uuid, ${value("eventId")}::uuid, ${value("orderId")}::uuid, ${value("refundId")}::uuid,
      ${value("kind")}, c.last_sequence, ${number}, ${value("issuedAt")}::timestamptz, ${value("language")},
      ${value("testMode")}::boolean, ${value("amountInclTaxCents")}::int,
      jsonb_set(${value("snapshot")}::jsonb, '{number}', to_jsonb(${number}))
    from document_sequence c`;
  return { ahead: { document_sequence: sequence }, write: document };
});

/** The document's write (`documentIssue`), not sent yet. */
function documentWrite(document: {
  id: string;
  eventId: string;
  orderId: string;
  refundId: string | null;
  kind: OrderDocumentKind;
  testMode: boolean;
  issuedAt: Date;
  snapshot: Omit<DocumentSnapshot, "number">;
}): PendingWrite {
  const { kind, testMode, eventId } = document;
  return documentIssue.with({
    eventId,
    kind,
    testMode,
    id: document.id,
    orderId: document.orderId,
    refundId: document.refundId,
    prefix: numberPrefix(kind, testMode, eventId),
    issuedAt: document.issuedAt.toISOString(),
    language: document.snapshot.language,
    amountInclTaxCents: document.snapshot.totalInclTaxCents,
    snapshot: JSON.stringify(document.snapshot),
  });
}

/**
 * The writes of an order that has just completed, not sent yet: the buyer's confirmation mail with the tickets and the
 * invoice attached, then the invoice, whose number comes last. Test orders get an invoice of the TEST series: it shows
 * the buyer what they will receive, without taking a number of the legal sequence.
 */
export function invoiceWrites(event: EventRow, order: OrderRow, sources: DocumentSources): PendingWrite[] {
  const parts = snapshotParts(event, order, sources, { sign: 1 });
  const id = randomUUID();
  const mail = buyerMailWrite({ event, order, sources, parts }, "ticketing.order_confirmation", [
    { kind: "tickets", eventId: event.id, orderId: order.id },
    { kind: "document", documentId: id },
  ]);
  const issuedAt = new Date();
  const invoice = documentWrite({
    id,
    eventId: event.id,
    orderId: order.id,
    refundId: null,
    kind: "invoice",
    testMode: order.testMode,
    issuedAt,
    snapshot: {
      ...parts,
      kind: "invoice",
      issuedAt: issuedAt.toISOString(),
      testMode: order.testMode,
      invoiceNumber: null,
    },
  });
  return mail ? [mail, invoice] : [invoice];
}

/**
 * The credit note of a refund (negative lines of the items refunded), and the buyer's refund notice carrying it: sent
 * with the unit's next statement or its commit, the credit note last (its number locks its series until the commit).
 */
export async function issueCreditNote(
  unit: UnitOfWork,
  event: EventRow,
  order: OrderRow,
  refund: { id: string; itemIds: readonly string[] },
): Promise<void> {
  const sources = await readDocumentSources(unit.tx, order);
  const parts = snapshotParts(event, order, sources, { itemIds: refund.itemIds, sign: -1 });
  const [invoice] = await unit.tx
    .select({ number: orderDocuments.number })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, order.id), eq(orderDocuments.kind, "invoice")));
  const id = randomUUID();
  const mail = buyerMailWrite({ event, order, sources, parts }, "ticketing.refund_notice", [
    { kind: "document", documentId: id },
  ]);
  const issuedAt = new Date();
  const creditNote = documentWrite({
    id,
    eventId: event.id,
    orderId: order.id,
    refundId: refund.id,
    kind: "credit_note",
    testMode: order.testMode,
    issuedAt,
    snapshot: {
      ...parts,
      kind: "credit_note",
      issuedAt: issuedAt.toISOString(),
      testMode: order.testMode,
      invoiceNumber: invoice?.number ?? null,
    },
  });
  unit.send(...(mail ? [mail, creditNote] : [creditNote]));
}

/** The buyer's mail carrying a document, not sent yet; none (a buyer deleted, a guest without email): no mail. */
function buyerMailWrite(
  {
    event,
    order,
    sources,
    parts,
  }: { event: EventRow; order: OrderRow; sources: DocumentSources; parts: SnapshotParts },
  template: "ticketing.order_confirmation" | "ticketing.refund_notice",
  attachments: AttachmentRef[],
): PendingWrite | undefined {
  const to = sources.buyer?.email;
  if (!to) return undefined;
  const details = { event, totalInclTaxCents: parts.totalInclTaxCents, currency: parts.currency };
  const mail =
    template === "ticketing.order_confirmation"
      ? orderConfirmationMail(order.language, details)
      : refundNoticeMail(order.language, details);
  return mailWrite({
    to,
    template,
    language: order.language,
    accountId: event.accountId,
    eventId: event.id,
    guestId: order.buyerGuestId,
    ...mail,
    attachments,
  }).write;
}

/** One document of an order of the event; 404 when it is another order's. */
export async function readDocument(executor: Executor, eventId: string, orderId: string, documentId: string) {
  const [document] = await executor
    .select()
    .from(orderDocuments)
    .where(
      and(eq(orderDocuments.id, documentId), eq(orderDocuments.orderId, orderId), eq(orderDocuments.eventId, eventId)),
    );
  if (!document) throw notFound();
  return document;
}

/** Tickets print for an order paid and not wholly refunded; before payment there is nothing to show at the door. */
function requireTicketsValid(order: Pick<OrderRow, "status">) {
  if (order.status !== "completed" && order.status !== "partially_refunded") throw new AppError(409, "ORDER_NOT_PAID");
}

/** A PDF to make: the routes make it (and answer SPEC §8's message when that fails), the mails attach it. */
export type PdfFile = { filename: string; make: () => Promise<Buffer> };

const documentFile = (document: { number: string; snapshot: DocumentSnapshot }): PdfFile => ({
  filename: `${document.number}.pdf`,
  make: () => renderDocumentPdf(document.snapshot),
});

const ticketsFile = (context: AppContext, eventId: string, orderId: string, holderGuestId?: string): PdfFile => ({
  filename: `tickets-${orderId}.pdf`,
  make: async () => renderTicketsPdf(context.db, eventId, orderId, await passCodeSecret(context), holderGuestId),
});

/** GET orders/{id}/documents/{documentId}/pdf: readable by whoever reads the event's orders. */
export async function organizerDocumentPdf(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  orderId: string,
  documentId: string,
): Promise<PdfFile> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return documentFile(await readDocument(context.db, event.id, orderId, documentId));
}

/** GET orders/{id}/tickets/pdf */
export async function organizerTicketsPdf(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  orderId: string,
): Promise<PdfFile> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const [order] = await context.db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.eventId, event.id)));
  if (!order) throw notFound();
  requireTicketsValid(order);
  return ticketsFile(context, event.id, orderId);
}

/** The buyer's documents by their cart's token, once paid. */
export async function cartDocumentPdf(context: AppContext, slug: string, token: string, documentId: string) {
  const { event, order } = await findCart(context.db, slug, token, { lock: false });
  return documentFile(await readDocument(context.db, event.id, order.id, documentId));
}

export async function cartTicketsPdf(context: AppContext, slug: string, token: string) {
  const { event, order } = await findCart(context.db, slug, token, { lock: false });
  requireTicketsValid(order);
  return ticketsFile(context, event.id, order.id);
}

/** The member area's invoice and credit notes: the buyer's alone; anyone else's order, or another event's, is 404. */
export async function memberDocumentPdf(
  context: AppContext,
  { guest, event }: Member,
  orderId: string,
  documentId: string,
) {
  const [order] = await context.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.eventId, event.id), eq(orders.buyerGuestId, guest.id)));
  if (!order) throw notFound();
  return documentFile(await readDocument(context.db, event.id, order.id, documentId));
}

/**
 * The member area's tickets of an order: all of them for its buyer; for a guest who holds a ticket of it (bought by
 * someone else), their own tickets only. Any other order is 404.
 */
export async function memberTicketsPdf(context: AppContext, { guest, event }: Member, orderId: string) {
  const holdsOne = exists(
    context.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orders.id), eq(orderItems.holderGuestId, guest.id), not(orderItems.refunded))),
  );
  const [order] = await context.db
    .select({ status: orders.status, buyerGuestId: orders.buyerGuestId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.eventId, event.id), or(eq(orders.buyerGuestId, guest.id), holdsOne)));
  if (!order) throw notFound();
  requireTicketsValid(order);
  return ticketsFile(context, event.id, orderId, order.buyerGuestId === guest.id ? undefined : guest.id);
}

/** What the order mails' references (`invoiceWrites`, `issueCreditNote`) become at delivery. */
export function registerDocumentRenderers(context: AppContext) {
  const pdf = async (file: PdfFile) => ({
    filename: file.filename,
    contentType: "application/pdf",
    content: await file.make(),
  });
  context.mailer.registerAttachmentRenderer("document", async (ref) => {
    const [document] = await context.db
      .select({ number: orderDocuments.number, snapshot: orderDocuments.snapshot })
      .from(orderDocuments)
      .where(eq(orderDocuments.id, String(ref.documentId)));
    if (!document) throw new Error(`the document ${ref.documentId} of a mail was not found`);
    return pdf(documentFile(document));
  });
  context.mailer.registerAttachmentRenderer("tickets", (ref) =>
    pdf(ticketsFile(context, String(ref.eventId), String(ref.orderId))),
  );
}
