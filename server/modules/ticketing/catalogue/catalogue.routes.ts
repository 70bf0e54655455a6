import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { okSchema } from "../../../../contract/auth.js";
import type { Language } from "../../../../contract/common.js";
import { eventScopeParams } from "../../../../contract/guests.js";
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
} from "../../../../contract/ticketing-catalogue.js";
import { requirePrincipal } from "../../../platform/auth-guard.js";
import type { AppContext } from "../../../platform/context.js";
import { requireAccountAccess } from "../../../platform/permissions.js";
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

type Resource<
  Body extends z.ZodType,
  UpdateBody extends z.ZodType,
  Item extends z.ZodType,
  Deleted extends z.ZodType,
> = {
  path: string;
  body: Body;
  updateBody: UpdateBody;
  item: Item;
  list: z.ZodType<{ items: z.output<Item>[]; total: number }>;
  deleted: Deleted;
  service: {
    list(context: AppContext, caller: Caller, eventId: string): Promise<{ items: z.output<Item>[]; total: number }>;
    get(context: AppContext, caller: Caller, eventId: string, id: string): Promise<z.output<Item>>;
    create(context: AppContext, caller: Caller, eventId: string, body: z.output<Body>): Promise<z.output<Item>>;
    update(
      context: AppContext,
      caller: Caller,
      eventId: string,
      id: string,
      body: z.output<UpdateBody>,
    ): Promise<z.output<Item>>;
    remove(
      context: AppContext,
      caller: Caller,
      eventId: string,
      id: string,
      language: Language,
    ): Promise<z.output<Deleted>>;
  };
};

/**
 * SPEC §7 tickets, discounts, coupons and categories of an event: GET list, POST create, GET/POST (edit)/DELETE {id},
 * plus `categories/positions` and `tickets/positions` for the drag ordering.
 */
export function registerCatalogueRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["ticketing"];
  const base = "/events/:account/:event";

  /** Any member passes here; the event's own check (read or update) follows, so 404 comes before any 403. */
  async function caller(request: FastifyRequest): Promise<Caller> {
    const principal = requirePrincipal(request);
    const { account } = request.params as { account: string };
    const access = await requireAccountAccess(context.db, principal, account, "events.read");
    return { access, ip: request.ip };
  }

  /**
   * The five routes of one resource. Typed by the resource rather than by Fastify's provider, which cannot follow
   * generic schemas: the schemas below still parse every request and serialize every answer.
   */
  function registerResource<B extends z.ZodType, U extends z.ZodType, I extends z.ZodType, D extends z.ZodType>(
    resource: Resource<B, U, I, D>,
  ) {
    const { service } = resource;
    const url = `${base}/${resource.path}`;
    const scope = (request: FastifyRequest) => request.params as z.output<typeof catalogueParams>;
    const erased = (schema: FastifySchema) => schema;
    parent.get(
      url,
      { schema: erased({ tags, params: eventScopeParams, response: { 200: resource.list } }) },
      async (request, reply) => {
        reply.headers(noStore);
        return service.list(context, await caller(request), scope(request).event);
      },
    );
    parent.post(
      url,
      { schema: erased({ tags, params: eventScopeParams, body: resource.body, response: { 201: resource.item } }) },
      async (request, reply) => {
        const body = request.body as z.output<B>;
        const created = await service.create(context, await caller(request), scope(request).event, body);
        return reply.status(201).send(created);
      },
    );
    parent.get(
      `${url}/:id`,
      { schema: erased({ tags, params: catalogueParams, response: { 200: resource.item } }) },
      async (request, reply) => {
        reply.headers(noStore);
        const { event, id } = scope(request);
        return service.get(context, await caller(request), event, id);
      },
    );
    parent.post(
      `${url}/:id`,
      {
        schema: erased({ tags, params: catalogueParams, body: resource.updateBody, response: { 200: resource.item } }),
      },
      async (request) => {
        const { event, id } = scope(request);
        return service.update(context, await caller(request), event, id, request.body as z.output<U>);
      },
    );
    parent.delete(
      `${url}/:id`,
      { schema: erased({ tags, params: catalogueParams, response: { 200: resource.deleted } }) },
      async (request) => {
        const { event, id } = scope(request);
        return service.remove(context, await caller(request), event, id, request.language);
      },
    );
  }

  const ok = { ok: true as const };
  registerResource({
    path: "tickets",
    body: ticketBody,
    updateBody: ticketUpdateBody,
    item: ticketSchema,
    list: ticketList,
    deleted: ticketDeleteResult,
    service: { list: listTickets, get: getTicket, create: createTicket, update: updateTicket, remove: deleteTicket },
  });
  registerResource({
    path: "categories",
    body: categoryBody,
    updateBody: categoryBody,
    item: categorySchema,
    list: categoryList,
    deleted: okSchema,
    service: {
      list: listCategories,
      get: getCategory,
      create: createCategory,
      update: updateCategory,
      remove: (context, who, eventId, id) => deleteCategory(context, who, eventId, id).then(() => ok),
    },
  });
  registerResource({
    path: "coupons",
    body: couponBody,
    updateBody: couponBody,
    item: couponSchema,
    list: couponList,
    deleted: okSchema,
    service: {
      list: listCoupons,
      get: getCoupon,
      create: createCoupon,
      update: updateCoupon,
      remove: (context, who, eventId, id) => deleteCoupon(context, who, eventId, id).then(() => ok),
    },
  });
  registerResource({
    path: "discounts",
    body: discountBody,
    updateBody: discountBody,
    item: discountSchema,
    list: discountList,
    deleted: okSchema,
    service: {
      list: listDiscounts,
      get: getDiscount,
      create: createDiscount,
      update: updateDiscount,
      remove: (context, who, eventId, id) => deleteDiscount(context, who, eventId, id).then(() => ok),
    },
  });

  // Static segments outrank `:id`, so these never read as an edit of a ticket or category named "positions".
  app.post(
    `${base}/tickets/positions`,
    { schema: { tags, params: eventScopeParams, body: ticketPositionsBody, response: { 200: ticketList } } },
    async (request) => setTicketPositions(context, await caller(request), request.params.event, request.body.ids),
  );
  app.post(
    `${base}/categories/positions`,
    { schema: { tags, params: eventScopeParams, body: categoryPositionsBody, response: { 200: categoryList } } },
    async (request) => setCategoryPositions(context, await caller(request), request.params.event, request.body),
  );
}
