import { okSchema } from "./auth.js";
import {
  customPageBody,
  customPageList,
  customPageSchema,
  publicCustomPageParams,
  publicCustomPageQuery,
  publicCustomPageSchema,
} from "./custom-pages.js";
import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import { contentItemParams, contentReorderBody } from "./ordered-content.js";

const pages = "/events/:account/:event/custompages";

/**
 * SPEC §7 custompages: the event's own pages (SPEC §3 Page), each in the event's languages it is written in, in the
 * menu's order. Changes are refused while the event's `misc` module is off (409 MISC_MODULE_OFF).
 */
export const customPagesEndpoints = endpointGroup("custompages", {
  list: {
    method: "GET",
    path: pages,
    summary: "List the event's custom pages in their menu order",
    access: "organizer",
    params: eventScopeParams,
    answer: customPageList,
  },
  create: {
    method: "POST",
    path: `${pages}/create`,
    summary: "Add a custom page at the end of the menu (its HTML sanitized)",
    access: "organizer",
    params: eventScopeParams,
    body: customPageBody,
    status: 201,
    answer: customPageSchema,
    errors: [409],
  },
  reorder: {
    method: "POST",
    path: `${pages}/reorder`,
    summary: "Set the custom pages' menu order (every page of the event, each once)",
    access: "organizer",
    params: eventScopeParams,
    body: contentReorderBody,
    answer: customPageList,
    errors: [409],
  },
  get: {
    method: "GET",
    path: `${pages}/:id`,
    summary: "Read a custom page",
    access: "organizer",
    params: contentItemParams,
    answer: customPageSchema,
  },
  update: {
    method: "POST",
    path: `${pages}/:id`,
    summary: "Save a custom page (every language it exists in; its HTML sanitized)",
    access: "organizer",
    params: contentItemParams,
    body: customPageBody,
    answer: customPageSchema,
    errors: [409],
  },
  remove: {
    method: "DELETE",
    path: `${pages}/:id`,
    summary: "Delete a custom page in every language (the ones after it move up the menu)",
    access: "organizer",
    params: contentItemParams,
    answer: okSchema,
    errors: [409],
  },
});

/** A custom page on the event's public side, `/{event}/pages/{pageSlug}`. */
export const publicCustomPagesEndpoints = endpointGroup("public", {
  page: {
    method: "GET",
    path: "/public/events/:slug/pages/:pageSlug",
    summary: "Read a custom page of a published event in a language (`lang` wins over Accept-Language)",
    access: "anyone",
    params: publicCustomPageParams,
    query: publicCustomPageQuery,
    answer: publicCustomPageSchema,
  },
});
