import type { FastifyInstance } from "fastify";
import { documentsEndpoints } from "../../../contract/documents.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { contentDisposition, receiveMultipart } from "../../platform/file-store.js";
import { eventCaller } from "../events/events.caller.js";
import { documentsService, readPublicDocument, uploadDocument } from "./documents.service.js";
import { contentHandlers } from "./ordered-content.service.js";

/** What a browser may show itself rather than save: the rest downloads. */
const shownInline = new Set(["application/pdf", "image/jpeg", "image/png", "image/gif", "image/webp"]);

/** SPEC §7 documents: list, upload (x-document-position), rename, delete, reorder; the public download. */
export function registerDocumentsRoutes(app: FastifyInstance, context: AppContext) {
  const { update, remove, reorder } = contentHandlers(context, documentsService);
  registerEndpoints(app, documentsEndpoints, {
    // Documents have nothing to expand: their list takes no query.
    list: async (request) =>
      documentsService.list(context, await eventCaller(context, request), request.params.event, { expand: [] }),
    update,
    remove,
    reorder,
    upload: async (request, reply) => {
      const document = await uploadDocument(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.headers["x-document-position"],
        (maxBytes) => receiveMultipart(request, maxBytes),
      );
      return reply.status(201).send(document);
    },
    download: async (request, reply) => {
      const file = await readPublicDocument(context, request.params.slug, request.params.id);
      return reply
        .headers({
          "content-type": file.contentType,
          "content-length": String(file.size),
          "content-disposition": contentDisposition(
            shownInline.has(file.contentType) ? "inline" : "attachment",
            file.fileName,
          ),
          // The type is the one read from the bytes: a browser never guesses another (an HTML page hidden in a PDF).
          "x-content-type-options": "nosniff",
          // A deleted document stops being served at once.
          "cache-control": "no-cache",
        })
        .send(file.stream);
    },
  });
}
