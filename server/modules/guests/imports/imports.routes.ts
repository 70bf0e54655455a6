import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  importMaxBytes,
  importParams,
  importProgressSchema,
  importStartBody,
  legacyImportParams,
  uploadedImportSchema,
} from "../../../../contract/guest-imports.js";
import { eventScopeParams } from "../../../../contract/guests.js";
import { requirePrincipal } from "../../../platform/auth-guard.js";
import type { AppContext } from "../../../platform/context.js";
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

/** `x-has-headers: 0` says the first row is data; anything else (or nothing) says it holds the headers. */
const hasHeaders = (request: FastifyRequest) => request.headers["x-has-headers"] !== "0";

/** The import wizard under /api/v1 (account and event ids). */
export function registerImportsRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["guests"];
  const base = "/events/:account/:event/imports";

  app.post(
    base,
    { schema: { tags, params: eventScopeParams, response: { 201: uploadedImportSchema } } },
    async (request, reply) => {
      const uploaded = await uploadImport(
        context,
        await eventCaller(context, request),
        request.params.event,
        () => receiveFile(request),
        hasHeaders(request),
      );
      return reply.status(201).send(uploaded);
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: importParams, response: { 200: importProgressSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return getImport(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
  );

  app.post(
    `${base}/:id/start`,
    { schema: { tags, params: importParams, body: importStartBody, response: { 202: importProgressSchema } } },
    async (request, reply) => {
      const { event, id } = request.params;
      const progress = await startImport(context, await eventCaller(context, request), event, id, request.body);
      return reply.status(202).send(progress);
    },
  );

  app.get(`${base}/:id/report`, { schema: { tags, params: importParams } }, async (request, reply) => {
    const { event, id } = request.params;
    const report = await importReport(context, await eventCaller(context, request), event, id, request.language);
    return reply
      .headers(noStore)
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${report.fileName}"`)
      .send(report.csv);
  });
}

/** SPEC §7 legacy `POST /{event}/admin/imports/uploadCsvJson`: the same upload, the event named by its slug. */
export function registerLegacyImportsRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/:event/admin/imports/uploadCsvJson",
    { schema: { tags: ["guests"], params: legacyImportParams, response: { 201: uploadedImportSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { access, event } = await requireEventBySlug(context.db, principal, request.params.event, "events.update");
      const uploaded = await uploadImport(
        context,
        { access, ip: request.ip },
        event.id,
        () => receiveFile(request),
        hasHeaders(request),
      );
      return reply.status(201).send(uploaded);
    },
  );
}
