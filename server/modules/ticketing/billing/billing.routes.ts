import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { termsFileSchema } from "../../../../contract/forms.js";
import { eventScopeParams } from "../../../../contract/guests.js";
import { publicEventParams } from "../../../../contract/public.js";
import {
  billingOrganizerBody,
  billingOrganizerSchema,
  publicTicketingQuery,
  publicTicketingSchema,
  salesTermsMaxBytes,
  ticketingParamsBody,
  ticketingParamsSchema,
} from "../../../../contract/ticketing-billing.js";
import type { AppContext } from "../../../platform/context.js";
import { receiveUpload } from "../../../platform/file-store.js";
import { isLanguage } from "../../../platform/language.js";
import { eventCaller } from "../../events/events.caller.js";
import { contentDisposition } from "../../forms/forms.routes.js";
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
export function registerBillingRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["ticketing"];
  const base = "/events/:account/:event";

  app.get(
    `${base}/organizers`,
    { schema: { tags, params: eventScopeParams, response: { 200: billingOrganizerSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return getBillingOrganizer(context, await eventCaller(context, request), request.params.event);
    },
  );

  app.post(
    `${base}/organizers`,
    {
      schema: { tags, params: eventScopeParams, body: billingOrganizerBody, response: { 200: billingOrganizerSchema } },
    },
    async (request) =>
      saveBillingOrganizer(context, await eventCaller(context, request), request.params.event, request.body),
  );

  app.get(
    `${base}/ticketingparams`,
    { schema: { tags, params: eventScopeParams, response: { 200: ticketingParamsSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return getTicketingParams(context, await eventCaller(context, request), request.params.event);
    },
  );

  app.post(
    `${base}/ticketingparams`,
    { schema: { tags, params: eventScopeParams, body: ticketingParamsBody, response: { 200: ticketingParamsSchema } } },
    async (request) =>
      setTicketingParams(context, await eventCaller(context, request), request.params.event, request.body),
  );

  app.post(
    `${base}/ticketingparams/terms`,
    { schema: { tags, params: eventScopeParams, response: { 200: termsFileSchema } } },
    async (request) =>
      uploadSalesTerms(context, await eventCaller(context, request), request.params.event, () =>
        receiveUpload(request, salesTermsMaxBytes),
      ),
  );

  app.get(`${base}/ticketingparams/terms`, { schema: { tags, params: eventScopeParams } }, async (request, reply) => {
    const file = await getSalesTerms(context, await eventCaller(context, request), request.params.event);
    return sendPdf(reply.headers(noStore), file);
  });

  app.get(
    "/public/events/:slug/ticketing",
    {
      schema: {
        tags,
        params: publicEventParams,
        querystring: publicTicketingQuery,
        response: { 200: publicTicketingSchema },
      },
    },
    async (request, reply) => {
      // The office opens and closes by the minute: a buyer always reads its current state.
      reply.headers(noStore);
      const { lang } = request.query;
      const language = lang === undefined ? request.language : isLanguage(lang) ? lang : "en";
      return getPublicTicketing(context, request.params.slug, language);
    },
  );

  app.get(
    "/public/events/:slug/ticketing/terms",
    { schema: { tags, params: publicEventParams } },
    async (request, reply) => sendPdf(reply, await getPublicSalesTerms(context, request.params.slug)),
  );
}
