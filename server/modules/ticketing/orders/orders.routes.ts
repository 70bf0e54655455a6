import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eventScopeParams } from "../../../../contract/guests.js";
import {
  awaitBody,
  billingAddressSchema,
  confirmBody,
  orderCreateBody,
  orderEditBody,
  orderExportQuery,
  orderList,
  orderListQuery,
  orderParams,
  orderPayResult,
  orderSchema,
  payBody,
  refundBody,
} from "../../../../contract/ticketing-orders.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, errorBody } from "../../../platform/errors.js";
import { sendSpreadsheet } from "../../../platform/spreadsheet.js";
import { eventCaller } from "../../events/events.caller.js";
import { exportOrders } from "./orders.export.js";
import {
  awaitOrder,
  confirmOrder,
  createOrder,
  editOrder,
  getBillingAddress,
  getOrder,
  listOrders,
  payOrder,
  refundOrderItems,
} from "./orders.service.js";

// Orders change under the organizer's hands (payments, expiries): never cached.
const noStore = { "cache-control": "no-store" };

/**
 * SPEC §7 orders of an event: GET, POST; GET/POST {id} (POST edits billing fields, and cancels with
 * `status: "cancelled"`); POST {id}/pay, {id}/confirm, {id}/await, {id}/refund; GET export; GET {id}/billingaddress.
 */
export function registerOrdersRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["ticketing"];
  const base = "/events/:account/:event/orders";

  app.get(
    base,
    { schema: { tags, params: eventScopeParams, querystring: orderListQuery, response: { 200: orderList } } },
    async (request, reply) => {
      reply.headers(noStore);
      return listOrders(context, await eventCaller(context, request), request.params.event, request.query);
    },
  );

  app.post(
    base,
    { schema: { tags, params: eventScopeParams, body: orderCreateBody, response: { 201: orderSchema } } },
    async (request, reply) => {
      const who = await eventCaller(context, request);
      const order = await createOrder(context, who, request.params.event, request.body, request.language);
      return reply.status(201).send(order);
    },
  );

  // Static segment: outranks `:id`.
  app.get(
    `${base}/export`,
    { schema: { tags, params: eventScopeParams, querystring: orderExportQuery } },
    async (request, reply) => {
      const who = await eventCaller(context, request);
      const language = request.query.language ?? request.language;
      try {
        const file = await exportOrders(context, who, request.params.event, request.query, language);
        return sendSpreadsheet(reply, file);
      } catch (error) {
        // SPEC §8 "Export failed." for the export's own failure; refusals keep their answer.
        if (error instanceof AppError) throw error;
        request.log.error({ err: error }, "order export failed");
        return reply.status(500).send(errorBody(request.language, "EXPORT_FAILED"));
      }
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: orderParams, response: { 200: orderSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      const { event, id } = request.params;
      return getOrder(context, await eventCaller(context, request), event, id, request.language);
    },
  );

  app.post(
    `${base}/:id`,
    { schema: { tags, params: orderParams, body: orderEditBody, response: { 200: orderSchema } } },
    async (request) => {
      const { event, id } = request.params;
      return editOrder(context, await eventCaller(context, request), event, id, request.body, request.language);
    },
  );

  app.get(
    `${base}/:id/billingaddress`,
    { schema: { tags, params: orderParams, response: { 200: billingAddressSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      const { event, id } = request.params;
      return getBillingAddress(context, await eventCaller(context, request), event, id);
    },
  );

  app.post(
    `${base}/:id/pay`,
    { schema: { tags, params: orderParams, body: payBody, response: { 200: orderPayResult } } },
    async (request) => {
      const { event, id } = request.params;
      return payOrder(context, await eventCaller(context, request), event, id, request.body, request.language);
    },
  );

  app.post(
    `${base}/:id/confirm`,
    { schema: { tags, params: orderParams, body: confirmBody, response: { 200: orderSchema } } },
    async (request) => {
      const { event, id } = request.params;
      return confirmOrder(context, await eventCaller(context, request), event, id, request.body, request.language);
    },
  );

  app.post(
    `${base}/:id/await`,
    { schema: { tags, params: orderParams, body: awaitBody.optional(), response: { 200: orderSchema } } },
    async (request) => {
      const { event, id } = request.params;
      const who = await eventCaller(context, request);
      return awaitOrder(context, who, event, id, request.body?.kind, request.language);
    },
  );

  app.post(
    `${base}/:id/refund`,
    { schema: { tags, params: orderParams, body: refundBody.optional(), response: { 200: orderSchema } } },
    async (request) => {
      const { event, id } = request.params;
      const who = await eventCaller(context, request);
      return refundOrderItems(context, who, event, id, request.body?.items, request.language);
    },
  );
}
