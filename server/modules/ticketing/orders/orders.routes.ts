import type { FastifyInstance } from "fastify";
import { ordersEndpoints } from "../../../../contract/ticketing-orders.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
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
export function registerOrdersRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, ordersEndpoints, {
    list: async (request, reply) => {
      reply.headers(noStore);
      return listOrders(context, await eventCaller(context, request), request.params.event, request.query);
    },
    create: async (request) =>
      createOrder(context, await eventCaller(context, request), request.params.event, request.body, request.language),
    export: async (request, reply) => {
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
    get: async (request, reply) => {
      reply.headers(noStore);
      const { event, id } = request.params;
      return getOrder(context, await eventCaller(context, request), event, id, request.language);
    },
    edit: async (request) => {
      const { event, id } = request.params;
      return editOrder(context, await eventCaller(context, request), event, id, request.body, request.language);
    },
    billingAddress: async (request, reply) => {
      reply.headers(noStore);
      const { event, id } = request.params;
      return getBillingAddress(context, await eventCaller(context, request), event, id);
    },
    pay: async (request) => {
      const { event, id } = request.params;
      return payOrder(context, await eventCaller(context, request), event, id, request.body, request.language);
    },
    confirm: async (request) => {
      const { event, id } = request.params;
      return confirmOrder(context, await eventCaller(context, request), event, id, request.body, request.language);
    },
    await: async (request) => {
      const { event, id } = request.params;
      const who = await eventCaller(context, request);
      return awaitOrder(context, who, event, id, request.body?.kind, request.language);
    },
    refund: async (request) => {
      const { event, id } = request.params;
      const who = await eventCaller(context, request);
      return refundOrderItems(context, who, event, id, request.body?.items, request.language);
    },
  });
}
