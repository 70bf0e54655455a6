import type { z } from "zod";
import { okSchema } from "./auth.js";
import { type ErrorStatus, endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import {
  catalogueParams,
  categoryBody,
  categoryList,
  categoryPositionsBody,
  categorySchema,
  couponBody,
  couponList,
  couponSchema,
  discountBody,
  discountList,
  discountSchema,
  ticketBody,
  ticketDeleteResult,
  ticketList,
  ticketPositionsBody,
  ticketSchema,
  ticketUpdateBody,
} from "./ticketing-catalogue.js";

const event = "/events/:account/:event";
type EventPath = typeof event;

/** What one catalogue resource reads and answers. */
type ResourceSchemas = {
  body: z.ZodType;
  updateBody: z.ZodType;
  item: z.ZodType;
  list: z.ZodType;
  deleted: z.ZodType;
};

/** How the summaries name the resource, and which of its changes the service can refuse for the state (409). */
type Change = "create" | "update" | "remove";
type ResourceWords = { one: string; many: string; conflicts?: readonly Change[] };

/**
 * The five endpoints every catalogue resource has (SPEC §7): GET list, POST create, GET/POST (edit)/DELETE {id}.
 * Typed by the resource's own schemas, so its client and handlers read and answer exactly those.
 */
export function catalogueResourceEndpoints<const Path extends string, const Schemas extends ResourceSchemas>(
  path: Path,
  words: ResourceWords,
  schemas: Schemas,
) {
  const list = `${event}/${path}` as `${EventPath}/${Path}`;
  const item = `${list}/:id` as const;
  const conflicts = (change: Change): ErrorStatus[] => (words.conflicts?.includes(change) ? [409] : []);
  return {
    list: {
      method: "GET",
      path: list,
      summary: `List the event's ${words.many}`,
      access: "organizer",
      params: eventScopeParams,
      answer: schemas.list as Schemas["list"],
    },
    create: {
      method: "POST",
      path: list,
      summary: `Create a ${words.one}`,
      access: "organizer",
      params: eventScopeParams,
      body: schemas.body as Schemas["body"],
      status: 201,
      answer: schemas.item as Schemas["item"],
      errors: conflicts("create"),
    },
    get: {
      method: "GET",
      path: item,
      summary: `Read a ${words.one}`,
      access: "organizer",
      params: catalogueParams,
      answer: schemas.item as Schemas["item"],
    },
    update: {
      method: "POST",
      path: item,
      summary: `Change a ${words.one}`,
      access: "organizer",
      params: catalogueParams,
      body: schemas.updateBody as Schemas["updateBody"],
      answer: schemas.item as Schemas["item"],
      errors: conflicts("update"),
    },
    remove: {
      method: "DELETE",
      path: item,
      summary: `Delete a ${words.one}`,
      access: "organizer",
      params: catalogueParams,
      answer: schemas.deleted as Schemas["deleted"],
      errors: conflicts("remove"),
    },
  } as const;
}

/** The five declarations of any catalogue resource, whatever its schemas: what the server registers generically. */
export type CatalogueResourceEndpoints = ReturnType<typeof catalogueResourceEndpoints<string, ResourceSchemas>>;

// Static segments outrank `:id`: the positions are never read as an edit of a ticket or category named "positions".

/** SPEC §7 tickets, and their drag ordering; a sold ticket is deactivated rather than deleted. */
export const ticketsEndpoints = endpointGroup("ticketing", {
  ...catalogueResourceEndpoints(
    "tickets",
    { one: "ticket (deactivated instead of deleted once sold)", many: "tickets", conflicts: ["update"] },
    {
      body: ticketBody,
      updateBody: ticketUpdateBody,
      item: ticketSchema,
      list: ticketList,
      deleted: ticketDeleteResult,
    },
  ),
  positions: {
    method: "POST",
    path: `${event}/tickets/positions`,
    summary: "Put the event's tickets in a new display order",
    access: "organizer",
    params: eventScopeParams,
    body: ticketPositionsBody,
    answer: ticketList,
  },
});

/** SPEC §7 categories of tickets, and their drag ordering (which may move a category under another). */
export const categoriesEndpoints = endpointGroup("ticketing", {
  ...catalogueResourceEndpoints(
    "categories",
    { one: "ticket category", many: "ticket categories" },
    { body: categoryBody, updateBody: categoryBody, item: categorySchema, list: categoryList, deleted: okSchema },
  ),
  positions: {
    method: "POST",
    path: `${event}/categories/positions`,
    summary: "Put the event's ticket categories in a new order and nesting",
    access: "organizer",
    params: eventScopeParams,
    body: categoryPositionsBody,
    answer: categoryList,
  },
});

/** SPEC §7 coupons: codes a buyer types for a reduction. */
export const couponsEndpoints = endpointGroup(
  "ticketing",
  catalogueResourceEndpoints(
    "coupons",
    { one: "coupon", many: "coupons", conflicts: ["create", "update", "remove"] },
    { body: couponBody, updateBody: couponBody, item: couponSchema, list: couponList, deleted: okSchema },
  ),
);

/** SPEC §7 discounts: reductions applied by themselves. */
export const discountsEndpoints = endpointGroup(
  "ticketing",
  catalogueResourceEndpoints(
    "discounts",
    { one: "discount", many: "discounts" },
    { body: discountBody, updateBody: discountBody, item: discountSchema, list: discountList, deleted: okSchema },
  ),
);
