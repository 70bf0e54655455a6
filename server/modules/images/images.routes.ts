import type { FastifyInstance } from "fastify";
import { imagesEndpoints } from "../../../contract/images.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { receiveUpload } from "../../platform/file-store.js";
import { eventCaller } from "../events/events.caller.js";
import { getImage, readImageVariant, uploadImage } from "./images.service.js";

/** SPEC §7 images: upload and metadata for the organizer, and the public bytes of the resized copies. */
export function registerImagesRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, imagesEndpoints, {
    upload: async (request) =>
      uploadImage(
        context,
        await eventCaller(context, request),
        request.params.event,
        (maxBytes) => receiveUpload(request, maxBytes),
        { purpose: request.query.purpose },
      ),
    get: async (request) =>
      getImage(context, await eventCaller(context, request), request.params.event, request.params.id),
    variant: async (request, reply) => {
      const file = await readImageVariant(context, request.params.id, request.params.variant);
      // An image's id is new for every upload and its copies never change: caches and mail proxies keep them a year.
      return reply
        .headers({
          "content-type": file.contentType,
          "content-length": String(file.size),
          "cache-control": "public, max-age=31536000, immutable",
          "x-content-type-options": "nosniff",
        })
        .send(file.stream);
    },
  });
}
