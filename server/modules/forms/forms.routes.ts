import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { type CodedMessage, isMessageCode, messageOfZodIssue } from "../../../contract/error-messages.js";
import { formsEndpoints } from "../../../contract/forms.endpoints.js";
import { formBody, formFileMaxBytes } from "../../../contract/forms.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { AppError, fieldError } from "../../platform/errors.js";
import { contentDisposition, receiveMultipart, receiveUpload } from "../../platform/file-store.js";
import { refuseNulCharacter } from "../../platform/nul-refusal.js";
import { sendSpreadsheet } from "../../platform/spreadsheet.js";
import { eventCaller } from "../events/events.caller.js";
import { previewForm } from "./forms.preview.js";
import {
  deleteForm,
  getForm,
  getFormOptions,
  getTerms,
  listForms,
  saveForm,
  setFormOptions,
  uploadTerms,
} from "./forms.service.js";
import { exportFormAnswers, formStatistics } from "./forms.statistics.js";

// Forms hold guests' answers: never cached, by the browser or anything in between.
const noStore = { "cache-control": "no-store" };

/** The save's body, JSON or the `form` field of a multipart request: checked by `formBody`, answered as the zod errors are. */
function parseFormBody(input: unknown): z.infer<typeof formBody> {
  // A multipart `form` field is JSON text, whose escapes (\u0000) the request-wide check could not see.
  refuseNulCharacter(input);
  const parsed = formBody.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, CodedMessage> = {};
  for (const issue of parsed.error.issues) {
    const message = isMessageCode(issue.message) ? { code: issue.message } : messageOfZodIssue(issue);
    fields[issue.path.join(".") || "body"] ??= message;
  }
  const [first] = Object.values(fields);
  throw new AppError(400, first?.code ?? "VALIDATION", { values: first?.values, fields });
}

function parseJsonField(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    throw fieldError("form", "FIELD_INVALID");
  }
}

/** SPEC §7 forms, organizer side: list, builder save (JSON or multipart with a terms PDF), options, terms, preview. */
export function registerFormsRoutes(app: FastifyInstance, context: AppContext) {
  /** The builder's preview, with or without a language in its path: the answer holds every language written. */
  const preview = async (
    request: FastifyRequest & { params: { account: string; event: string; id: string } },
    reply: FastifyReply,
  ) => {
    reply.headers(noStore);
    return previewForm(context, await eventCaller(context, request), request.params.event, request.params.id);
  };

  registerEndpoints(app, formsEndpoints, {
    list: async (request, reply) => {
      reply.headers(noStore);
      return listForms(context, await eventCaller(context, request), request.params.event, request.query.type);
    },
    save: async (request, reply) => {
      const who = await eventCaller(context, request);
      const received = request.isMultipart()
        ? await receiveMultipart(request, formFileMaxBytes)
        : { fields: {}, upload: null };
      const input = request.isMultipart() ? parseJsonField(received.fields.form) : request.body;
      const body = parseFormBody(input);
      const { form, created } = await saveForm(context, who, request.params.event, body, received.upload);
      // The declared 201 is a creation; saving an existing form answers 200.
      if (!created) reply.status(200);
      return form;
    },
    preview,
    previewInLanguage: preview,
    get: async (request, reply) => {
      reply.headers(noStore);
      return getForm(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
    remove: async (request) => {
      await deleteForm(context, await eventCaller(context, request), request.params.event, request.params.id);
      return { ok: true as const };
    },
    options: async (request, reply) => {
      reply.headers(noStore);
      return getFormOptions(context, await eventCaller(context, request), request.params.event, request.params.id);
    },
    setOptions: async (request) => {
      const { event, id } = request.params;
      return setFormOptions(context, await eventCaller(context, request), event, id, request.body);
    },
    uploadTerms: async (request) => {
      const { event, id } = request.params;
      return uploadTerms(context, await eventCaller(context, request), event, id, () =>
        receiveUpload(request, formFileMaxBytes),
      );
    },
    terms: async (request, reply) => {
      const { event, id } = request.params;
      const file = await getTerms(context, await eventCaller(context, request), event, id);
      return reply
        .headers({
          "content-type": file.contentType,
          "content-disposition": contentDisposition("inline", file.name),
          ...noStore,
        })
        .send(file.stream);
    },
    statistics: async (request, reply) => {
      reply.headers(noStore);
      const language = request.query.language ?? request.language;
      const { event, id } = request.params;
      return formStatistics(context, await eventCaller(context, request), event, id, language);
    },
    exportAnswers: async (request, reply) => {
      const language = request.query.language ?? request.language;
      const { event, id } = request.params;
      const file = await exportFormAnswers(context, await eventCaller(context, request), event, id, language);
      return sendSpreadsheet(reply, file);
    },
  });
}
