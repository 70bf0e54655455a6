import type { FastifyInstance } from "fastify";
import { partnersEndpoints } from "../../../contract/partners.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { eventCaller } from "../events/events.caller.js";
import {
  createPartner,
  getPartner,
  listPartners,
  removePartner,
  reorderPartners,
  updatePartner,
} from "./partners.service.js";

/** SPEC §7 partners: list (with expand), create, read, save, delete, reorder. */
export function registerPartnersRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, partnersEndpoints, {
    list: async (request) =>
      listPartners(context, await eventCaller(context, request), request.params.event, request.query.expand),
    create: async (request, reply) => {
      const created = await createPartner(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.body,
      );
      return reply.status(201).send(created);
    },
    reorder: async (request) =>
      reorderPartners(context, await eventCaller(context, request), request.params.event, request.body.ids),
    get: async (request) =>
      getPartner(context, await eventCaller(context, request), request.params.event, request.params.id),
    update: async (request) =>
      updatePartner(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.params.id,
        request.body,
      ),
    remove: async (request) =>
      removePartner(context, await eventCaller(context, request), request.params.event, request.params.id),
  });
}
