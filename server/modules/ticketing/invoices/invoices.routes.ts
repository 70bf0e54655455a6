import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { invoicesEndpoints } from "../../../../contract/ticketing-invoices.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { AppError, errorBody } from "../../../platform/errors.js";
import { eventCaller } from "../../events/events.caller.js";
import { requireMember } from "../../guests/member-sessions.js";
import {
  cartDocumentPdf,
  cartTicketsPdf,
  memberDocumentPdf,
  memberTicketsPdf,
  organizerDocumentPdf,
  organizerTicketsPdf,
  type PdfFile,
} from "./invoices.service.js";

/**
 * Makes the PDF and sends it, never cached (a refund changes what the tickets print). A failure of the making itself
 * (not a refusal) is logged and answered with SPEC §8 "Qr-codes, Ebadges and Invoices could not be generated."
 */
async function sendPdf(request: FastifyRequest, reply: FastifyReply, find: () => Promise<PdfFile>) {
  const file = await find();
  let content: Buffer;
  try {
    content = await file.make();
  } catch (error) {
    if (error instanceof AppError) throw error;
    request.log.error({ err: error, file: file.filename }, "a PDF could not be generated");
    return reply.status(500).send(errorBody(request.language, "DOCUMENTS_NOT_GENERATED"));
  }
  return reply
    .headers({
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${file.filename}"`,
      "cache-control": "no-store",
    })
    .send(content);
}

/**
 * The PDFs of an order (issue 5): its invoice and credit notes, its tickets. For the organizer under the event's
 * orders, for the buyer by their cart's token once paid, for the signed-in guest in the member area.
 */
export function registerInvoicesRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, invoicesEndpoints, {
    documentPdf: async (request, reply) => {
      const { event, id, documentId } = request.params;
      const who = await eventCaller(context, request);
      return sendPdf(request, reply, () => organizerDocumentPdf(context, who, event, id, documentId));
    },
    ticketsPdf: async (request, reply) => {
      const { event, id } = request.params;
      const who = await eventCaller(context, request);
      return sendPdf(request, reply, () => organizerTicketsPdf(context, who, event, id));
    },
    cartDocumentPdf: async (request, reply) => {
      const { slug, token, documentId } = request.params;
      return sendPdf(request, reply, () => cartDocumentPdf(context, slug, token, documentId));
    },
    cartTicketsPdf: async (request, reply) => {
      const { slug, token } = request.params;
      return sendPdf(request, reply, () => cartTicketsPdf(context, slug, token));
    },
    memberDocumentPdf: async (request, reply) => {
      const { slug, id, documentId } = request.params;
      const member = await requireMember(context.db, slug, request.headers.authorization);
      return sendPdf(request, reply, () => memberDocumentPdf(context, member, id, documentId));
    },
    memberTicketsPdf: async (request, reply) => {
      const { slug, id } = request.params;
      const member = await requireMember(context.db, slug, request.headers.authorization);
      return sendPdf(request, reply, () => memberTicketsPdf(context, member, id));
    },
  });
}
