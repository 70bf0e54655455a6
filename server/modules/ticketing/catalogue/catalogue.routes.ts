import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Language } from "../../../../contract/common.js";
import type { Answer, Endpoint, EndpointGroup } from "../../../../contract/endpoint.js";
import {
  type CatalogueResourceEndpoints,
  categoriesEndpoints,
  couponsEndpoints,
  discountsEndpoints,
  ticketsEndpoints,
} from "../../../../contract/ticketing-catalogue.endpoints.js";
import type { catalogueParams } from "../../../../contract/ticketing-catalogue.js";
import type { AppContext } from "../../../platform/context.js";
import { type EndpointHandler, type EndpointHandlers, registerEndpoints } from "../../../platform/endpoints.js";
import { eventCaller } from "../../events/events.caller.js";
import type { Caller } from "../../events/events.service.js";
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  setCategoryPositions,
  updateCategory,
} from "./categories.service.js";
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from "./coupons.service.js";
import { createDiscount, deleteDiscount, getDiscount, listDiscounts, updateDiscount } from "./discounts.service.js";
import {
  createTicket,
  deleteTicket,
  getTicket,
  listTickets,
  setTicketPositions,
  updateTicket,
} from "./tickets.service.js";

// The organizer's catalogue changes under their hands: answers are never cached.
const noStore = { "cache-control": "no-store" };

type Body<E extends Endpoint> = E["body"] extends z.ZodType ? z.output<E["body"]> : never;

/** The service behind one catalogue resource, typed by the resource's declarations. */
type ResourceService<E extends CatalogueResourceEndpoints> = {
  list(context: AppContext, caller: Caller, eventId: string): Promise<Answer<E["list"]>>;
  get(context: AppContext, caller: Caller, eventId: string, id: string): Promise<Answer<E["get"]>>;
  create(context: AppContext, caller: Caller, eventId: string, body: Body<E["create"]>): Promise<Answer<E["create"]>>;
  update(
    context: AppContext,
    caller: Caller,
    eventId: string,
    id: string,
    body: Body<E["update"]>,
  ): Promise<Answer<E["update"]>>;
  remove(
    context: AppContext,
    caller: Caller,
    eventId: string,
    id: string,
    language: Language,
  ): Promise<Answer<E["remove"]>>;
};

type ResourceGroup = EndpointGroup & { endpoints: CatalogueResourceEndpoints };

/**
 * SPEC §7 tickets, discounts, coupons and categories of an event: GET list, POST create, GET/POST (edit)/DELETE {id},
 * plus `categories/positions` and `tickets/positions` for the drag ordering.
 */
export function registerCatalogueRoutes(app: FastifyInstance, context: AppContext) {
  /**
   * Registers a resource's five endpoints on its service, and its other endpoints on their own handlers. Typed by the
   * resource rather than by the request, which cannot follow generic schemas: the declared schemas still parse every
   * request and serialize every answer.
   */
  function registerResource<Group extends ResourceGroup>(
    group: Group,
    service: ResourceService<Group["endpoints"]>,
    others: Omit<EndpointHandlers<Group>, keyof CatalogueResourceEndpoints>,
  ) {
    // Any member passes eventCaller; the event's own check (read or update) follows, so 404 comes before any 403.
    const scope = (request: FastifyRequest) => request.params as z.output<typeof catalogueParams>;
    const caller = (request: FastifyRequest) =>
      eventCaller(context, request as FastifyRequest & { params: { account: string } });
    const handlers: Record<keyof CatalogueResourceEndpoints, EndpointHandler<Endpoint>> = {
      list: async (request, reply) => {
        reply.headers(noStore);
        return service.list(context, await caller(request), scope(request).event);
      },
      create: async (request) =>
        service.create(context, await caller(request), scope(request).event, request.body as never),
      get: async (request, reply) => {
        reply.headers(noStore);
        const { event, id } = scope(request);
        return service.get(context, await caller(request), event, id);
      },
      update: async (request) => {
        const { event, id } = scope(request);
        return service.update(context, await caller(request), event, id, request.body as never);
      },
      remove: async (request) => {
        const { event, id } = scope(request);
        return service.remove(context, await caller(request), event, id, request.language);
      },
    };
    registerEndpoints(app, group, { ...handlers, ...others } as EndpointHandlers<Group>);
  }

  const ok = { ok: true as const };
  registerResource(
    ticketsEndpoints,
    { list: listTickets, get: getTicket, create: createTicket, update: updateTicket, remove: deleteTicket },
    {
      positions: async (request) =>
        setTicketPositions(context, await eventCaller(context, request), request.params.event, request.body.ids),
    },
  );
  registerResource(
    categoriesEndpoints,
    {
      list: listCategories,
      get: getCategory,
      create: createCategory,
      update: updateCategory,
      remove: (context, who, eventId, id) => deleteCategory(context, who, eventId, id).then(() => ok),
    },
    {
      positions: async (request) =>
        setCategoryPositions(context, await eventCaller(context, request), request.params.event, request.body),
    },
  );
  registerResource(
    couponsEndpoints,
    {
      list: listCoupons,
      get: getCoupon,
      create: createCoupon,
      update: updateCoupon,
      remove: (context, who, eventId, id) => deleteCoupon(context, who, eventId, id).then(() => ok),
    },
    {},
  );
  registerResource(
    discountsEndpoints,
    {
      list: listDiscounts,
      get: getDiscount,
      create: createDiscount,
      update: updateDiscount,
      remove: (context, who, eventId, id) => deleteDiscount(context, who, eventId, id).then(() => ok),
    },
    {},
  );
}
