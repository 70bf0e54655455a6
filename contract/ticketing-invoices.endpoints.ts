import { idSchema } from "./common.js";
import { endpointGroup } from "./endpoint.js";
import { publicEventParams } from "./public.js";
import { cartParams, orderParams } from "./ticketing-orders.js";

const order = "/events/:account/:event/orders/:id";
const cart = "/public/events/:slug/carts/:token";
const pdf = ["application/pdf"] as const;
const documentParams = orderParams.extend({ documentId: idSchema });
const cartDocumentParams = cartParams.extend({ documentId: idSchema });
const memberOrder = "/public/events/:slug/member/orders/:id";
const memberOrderParams = publicEventParams.extend({ id: idSchema });

/**
 * The PDFs of an order (issue 5): its invoice and credit notes, its tickets. For the organizer under the event's
 * orders, for the buyer by their cart's token once paid or from the member area (issue 21), where a guest who holds
 * a ticket of someone else's order downloads their own tickets of it. Tickets print only for an order paid (409
 * before).
 */
export const invoicesEndpoints = endpointGroup("ticketing", {
  documentPdf: {
    method: "GET",
    path: `${order}/documents/:documentId/pdf`,
    summary: "Download an order's invoice or credit note as a PDF",
    access: "organizer",
    params: documentParams,
    file: pdf,
  },
  ticketsPdf: {
    method: "GET",
    path: `${order}/tickets/pdf`,
    summary: "Download a paid order's tickets as a PDF",
    access: "organizer",
    params: orderParams,
    file: pdf,
    errors: [409],
  },
  cartDocumentPdf: {
    method: "GET",
    path: `${cart}/documents/:documentId/pdf`,
    summary: "Download an invoice or credit note of the buyer's order, by its cart's token",
    access: "anyone",
    params: cartDocumentParams,
    file: pdf,
  },
  cartTicketsPdf: {
    method: "GET",
    path: `${cart}/tickets/pdf`,
    summary: "Download the tickets of the buyer's paid order, by its cart's token",
    access: "anyone",
    params: cartParams,
    file: pdf,
    errors: [409],
  },
  memberDocumentPdf: {
    method: "GET",
    path: `${memberOrder}/documents/:documentId/pdf`,
    summary: "Download an invoice or credit note of the signed-in guest's order",
    access: "member",
    params: memberOrderParams.extend({ documentId: idSchema }),
    file: pdf,
  },
  memberTicketsPdf: {
    method: "GET",
    path: `${memberOrder}/tickets/pdf`,
    summary: "Download the signed-in guest's tickets of a paid order: all of it for its buyer, their own for a holder",
    access: "member",
    params: memberOrderParams,
    file: pdf,
    errors: [409],
  },
});
