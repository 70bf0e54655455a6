import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import { contentItemParams, contentReorderBody } from "./ordered-content.js";
import { partnerBody, partnerList, partnerListQuery, partnerSchema } from "./partners.js";

const partners = "/events/:account/:event/partners";

/** SPEC §7 partners: the event's partners (sponsors, exhibitors…), in the order the organizer sets. */
export const partnersEndpoints = endpointGroup("partners", {
  list: {
    method: "GET",
    path: partners,
    summary: "List the event's partners in their order (expand=logo adds each logo's resized copies)",
    access: "organizer",
    params: eventScopeParams,
    query: partnerListQuery,
    answer: partnerList,
  },
  create: {
    method: "POST",
    path: `${partners}/create`,
    summary: "Add a partner at the end of the list",
    access: "organizer",
    params: eventScopeParams,
    body: partnerBody,
    status: 201,
    answer: partnerSchema,
  },
  reorder: {
    method: "POST",
    path: `${partners}/reorder`,
    summary: "Set the partners' order (every partner of the event, each once)",
    access: "organizer",
    params: eventScopeParams,
    body: contentReorderBody,
    answer: partnerList,
    errors: [409],
  },
  get: {
    method: "GET",
    path: `${partners}/:id`,
    summary: "Read a partner",
    access: "organizer",
    params: contentItemParams,
    answer: partnerSchema,
  },
  update: {
    method: "POST",
    path: `${partners}/:id`,
    summary: "Save a partner",
    access: "organizer",
    params: contentItemParams,
    body: partnerBody,
    answer: partnerSchema,
  },
  remove: {
    method: "DELETE",
    path: `${partners}/:id`,
    summary: "Delete a partner (the ones after it move up)",
    access: "organizer",
    params: contentItemParams,
    answer: okSchema,
  },
});
