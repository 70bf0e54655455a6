import type { FastifyInstance } from "fastify";
import { speakersEndpoints } from "../../../contract/speakers.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { eventCaller } from "../events/events.caller.js";
import { speakersService } from "./speakers.service.js";

/** SPEC §7 speakers: list (with expand), create, read, save, delete, reorder. */
export function registerSpeakersRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, speakersEndpoints, {
    list: async (request) =>
      speakersService.list(context, await eventCaller(context, request), request.params.event, request.query.expand),
    create: async (request, reply) => {
      const created = await speakersService.create(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.body,
      );
      return reply.status(201).send(created);
    },
    reorder: async (request) =>
      speakersService.reorder(context, await eventCaller(context, request), request.params.event, request.body.ids),
    get: async (request) =>
      speakersService.get(context, await eventCaller(context, request), request.params.event, request.params.id),
    update: async (request) =>
      speakersService.update(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.params.id,
        request.body,
      ),
    remove: async (request) =>
      speakersService.remove(context, await eventCaller(context, request), request.params.event, request.params.id),
  });
}
