import type { FastifyInstance } from "fastify";
import { partnersEndpoints } from "../../../contract/partners.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { eventCaller } from "../events/events.caller.js";
import { partnersService } from "./partners.service.js";

/** SPEC §7 partners: list (with expand), create, read, save, delete, reorder. */
export function registerPartnersRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, partnersEndpoints, {
    list: async (request) =>
      partnersService.list(context, await eventCaller(context, request), request.params.event, request.query.expand),
    create: async (request, reply) => {
      const created = await partnersService.create(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.body,
      );
      return reply.status(201).send(created);
    },
    reorder: async (request) =>
      partnersService.reorder(context, await eventCaller(context, request), request.params.event, request.body.ids),
    get: async (request) =>
      partnersService.get(context, await eventCaller(context, request), request.params.event, request.params.id),
    update: async (request) =>
      partnersService.update(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.params.id,
        request.body,
      ),
    remove: async (request) =>
      partnersService.remove(context, await eventCaller(context, request), request.params.event, request.params.id),
  });
}
