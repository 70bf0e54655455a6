import type { FastifyInstance } from "fastify";
import { photosEndpoints } from "../../../contract/photos.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { receiveMultipart } from "../../platform/file-store.js";
import { eventCaller } from "../events/events.caller.js";
import { contentHandlers } from "./ordered-content.service.js";
import { photosService, uploadPhoto } from "./photos.service.js";

/** SPEC §7 photos: list (expand=image), upload (x-photo-position), caption, delete, reorder. */
export function registerPhotosRoutes(app: FastifyInstance, context: AppContext) {
  const { list, update, remove, reorder } = contentHandlers(context, photosService);
  registerEndpoints(app, photosEndpoints, {
    list,
    update,
    remove,
    reorder,
    upload: async (request, reply) => {
      const photo = await uploadPhoto(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.headers["x-photo-position"],
        (maxBytes) => receiveMultipart(request, maxBytes),
      );
      return reply.status(201).send(photo);
    },
  });
}
