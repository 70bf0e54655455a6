import type { FastifyInstance, FastifyReply } from "fastify";
import { billingEndpoints } from "../../../../contract/ticketing-billing.endpoints.js";
import { salesTermsMaxBytes } from "../../../../contract/ticketing-billing.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { contentDisposition, receiveUpload } from "../../../platform/file-store.js";
import { isLanguage } from "../../../platform/language.js";
import { eventCaller } from "../../events/events.caller.js";
import { getBillingOrganizer, saveBillingOrganizer } from "./billing.service.js";
import { getPublicTicketing, getTicketingParams, setTicketingParams } from "./params.service.js";
import { getPublicSalesTerms, getSalesTerms, uploadSalesTerms } from "./terms.service.js";

// Billing details and the office's state change under the organizer's hands: never cached.
const noStore = { "cache-control": "no-store" };

const sendPdf = (reply: FastifyReply, file: Awaited<ReturnType<typeof getSalesTerms>>) =>
  reply
    .headers({ "content-type": file.contentType, "content-disposition": contentDisposition("inline", file.name) })
    .send(file.stream);

/** SPEC §7 organizers and ticketingparams, plus the terms of sale and the public view of the ticket office. */
export function registerBillingRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, billingEndpoints, {
    organizer: async (request, reply) => {
      reply.headers(noStore);
      return getBillingOrganizer(context, await eventCaller(context, request), request.params.event);
    },
    saveOrganizer: async (request) =>
      saveBillingOrganizer(context, await eventCaller(context, request), request.params.event, request.body),
    params: async (request, reply) => {
      reply.headers(noStore);
      return getTicketingParams(context, await eventCaller(context, request), request.params.event);
    },
    saveParams: async (request) =>
      setTicketingParams(context, await eventCaller(context, request), request.params.event, request.body),
    uploadTerms: async (request) =>
      uploadSalesTerms(context, await eventCaller(context, request), request.params.event, () =>
        receiveUpload(request, salesTermsMaxBytes),
      ),
    terms: async (request, reply) => {
      const file = await getSalesTerms(context, await eventCaller(context, request), request.params.event);
      return sendPdf(reply.headers(noStore), file);
    },
    publicTicketing: async (request, reply) => {
      // The office opens and closes by the minute: a buyer always reads its current state.
      reply.headers(noStore);
      const { lang } = request.query;
      const language = lang === undefined ? request.language : isLanguage(lang) ? lang : "en";
      return getPublicTicketing(context, request.params.slug, language);
    },
    publicTerms: async (request, reply) => sendPdf(reply, await getPublicSalesTerms(context, request.params.slug)),
  });
}
