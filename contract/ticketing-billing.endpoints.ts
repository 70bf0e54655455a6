import { endpointGroup } from "./endpoint.js";
import { termsFileSchema } from "./forms.js";
import { eventScopeParams } from "./guests.js";
import { publicEventParams } from "./public.js";
import {
  billingOrganizerBody,
  billingOrganizerSchema,
  publicTicketingQuery,
  publicTicketingSchema,
  ticketingParamsBody,
  ticketingParamsSchema,
} from "./ticketing-billing.js";

const event = "/events/:account/:event";
const pdf = ["application/pdf"] as const;

/** SPEC §7 organizers and ticketingparams, plus the terms of sale and the public view of the ticket office. */
export const billingEndpoints = endpointGroup("ticketing", {
  organizer: {
    method: "GET",
    path: `${event}/organizers`,
    summary: "Read the event's billing details (the seller on invoices)",
    access: "organizer",
    params: eventScopeParams,
    answer: billingOrganizerSchema,
  },
  saveOrganizer: {
    method: "POST",
    path: `${event}/organizers`,
    summary: "Save the event's billing details",
    access: "organizer",
    params: eventScopeParams,
    body: billingOrganizerBody,
    answer: billingOrganizerSchema,
  },
  params: {
    method: "GET",
    path: `${event}/ticketingparams`,
    summary: "Read the ticket office's settings and whether it can open",
    access: "organizer",
    params: eventScopeParams,
    answer: ticketingParamsSchema,
  },
  saveParams: {
    method: "POST",
    path: `${event}/ticketingparams`,
    summary: "Change the ticket office's settings (only those sent); opening it is refused while something is missing",
    access: "organizer",
    params: eventScopeParams,
    body: ticketingParamsBody,
    answer: ticketingParamsSchema,
    errors: [409],
  },
  uploadTerms: {
    method: "POST",
    path: `${event}/ticketingparams/terms`,
    summary: "Upload the terms of sale (a PDF) in place of the previous ones",
    access: "organizer",
    params: eventScopeParams,
    body: "multipart",
    answer: termsFileSchema,
  },
  terms: {
    method: "GET",
    path: `${event}/ticketingparams/terms`,
    summary: "Download the terms of sale",
    access: "organizer",
    params: eventScopeParams,
    file: pdf,
  },
  publicTicketing: {
    method: "GET",
    path: "/public/events/:slug/ticketing",
    summary: "Read whether the event's ticket office is open, for a buyer",
    access: "anyone",
    params: publicEventParams,
    query: publicTicketingQuery,
    answer: publicTicketingSchema,
  },
  publicTerms: {
    method: "GET",
    path: "/public/events/:slug/ticketing/terms",
    summary: "Download the event's terms of sale, for a buyer",
    access: "anyone",
    params: publicEventParams,
    file: pdf,
  },
});
