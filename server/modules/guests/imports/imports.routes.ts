import type { FastifyInstance, FastifyRequest } from "fastify";
import { guestImportsEndpoints } from "../../../../contract/guest-imports.endpoints.js";
import { importMaxBytes } from "../../../../contract/guest-imports.js";
import { requirePrincipal } from "../../../platform/auth-guard.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { AppError, fieldError } from "../../../platform/errors.js";
import { refuseNulCharacter } from "../../../platform/nul-refusal.js";
import { eventCaller } from "../../events/events.caller.js";
import { requireEventBySlug } from "../../events/events.visibility.js";
import { getImport, importReport, startImport, type UploadedFile, uploadImport } from "./imports.service.js";

const noStore = { "cache-control": "no-store" };

/** The multipart `file` part, within the size limit (413) and as multipart at all (415). */
async function receiveFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError(415, "TYPE_NOT_ACCEPTED");
  const part = await request.file({ limits: { fileSize: importMaxBytes, files: 1 } });
  if (part?.fieldname !== "file") throw fieldError("file", "FIELD_REQUIRED");
  refuseNulCharacter(part.filename, ["file"]);
  // Past the limit, @fastify/multipart's 413 is answered "The file uploaded is too big." (errors.ts).
  return { fileName: part.filename, bytes: await part.toBuffer() };
}

/** The header `x-has-headers: 0` says the first row is data; anything else (or nothing) says it holds the headers. */
const hasHeaders = (headers: { "x-has-headers"?: string }) => headers["x-has-headers"] !== "0";

/**
 * The import wizard under /api/v1 (account and event ids), and SPEC §7's legacy
 * `POST /{event}/admin/imports/uploadCsvJson`: the same upload, the event named by its slug.
 */
export function registerImportsRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, guestImportsEndpoints, {
    upload: async (request) =>
      uploadImport(
        context,
        await eventCaller(context, request),
        request.params.event,
        () => receiveFile(request),
        hasHeaders(request.headers),
      ),
    get: async (request, reply) => {
      reply.headers(noStore);
      return getImport(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
    start: async (request) => {
      const { event, id } = request.params;
      return startImport(context, await eventCaller(context, request), event, id, request.body);
    },
    report: async (request, reply) => {
      const { event, id } = request.params;
      const report = await importReport(context, await eventCaller(context, request), event, id, request.language);
      return reply
        .headers(noStore)
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${report.fileName}"`)
        .send(report.csv);
    },
    legacyUpload: async (request) => {
      const principal = requirePrincipal(request);
      const { access, event } = await requireEventBySlug(context.db, principal, request.params.event, "events.update");
      return uploadImport(
        context,
        { access, ip: request.ip },
        event.id,
        () => receiveFile(request),
        hasHeaders(request.headers),
      );
    },
  });
}
