import type { FastifyInstance } from "fastify";
import { publicFormsEndpoints } from "../../../../contract/public-forms.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { requireMember } from "../../guests/member-sessions.js";
import { getPublicForm, memberFormAnswers, publicTermsFile, uploadFormFile } from "./submissions.public.js";
import { sendForm } from "./submissions.service.js";

// A guest's own data must never sit in a shared cache.
const noStore = { "cache-control": "no-store" };

/**
 * The guest side of forms: under /api/v1/public the online form, its terms PDF and the member's own answers; on the
 * SPEC §7 legacy root paths, `{event}` being the slug, a guest sends a form (a member's session as
 * `Authorization: Bearer` for surveys and changes of registration) and uploads the files its questions ask for.
 */
export function registerPublicFormRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, publicFormsEndpoints, {
    form: async (request, reply) => {
      // Quota counts and seats change with every registration: always read fresh.
      reply.headers(noStore);
      return getPublicForm(context.db, request.params.slug, request.params.type);
    },
    terms: async (request, reply) => {
      const { file, stream } = await publicTermsFile(context, request.params.slug, request.params.formId);
      return reply
        .type(file.contentType)
        .header("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(stream);
    },
    memberAnswers: async (request, reply) => {
      const member = await requireMember(context.db, request.params.slug, request.headers.authorization);
      reply.headers(noStore);
      return memberFormAnswers(context.db, member);
    },
    send: async (request) =>
      sendForm(context, {
        slug: request.params.event,
        lang: request.params.lang,
        formId: request.params.id,
        body: request.body,
        authorization: request.headers.authorization,
        ip: request.ip,
      }),
    uploadFile: async (request) => uploadFormFile(context, request.params.event, request),
  });
}
