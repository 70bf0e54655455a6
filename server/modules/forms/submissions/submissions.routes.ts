import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idSchema } from "../../../../contract/common.js";
import {
  formTypeSchema,
  memberFormAnswersSchema,
  publicFormSchema,
  sendFormBody,
  sendFormParams,
  sendFormResult,
  uploadedFileSchema,
} from "../../../../contract/forms.js";
import { legacyEventParams } from "../../../../contract/guest-duplicates.js";
import { publicEventParams } from "../../../../contract/public.js";
import type { AppContext } from "../../../platform/context.js";
import { requireMember } from "../../guests/member-sessions.js";
import { getPublicForm, memberFormAnswers, publicTermsFile, uploadFormFile } from "./submissions.public.js";
import { sendForm } from "./submissions.service.js";

// A guest's own data must never sit in a shared cache.
const noStore = { "cache-control": "no-store" };
const tags = ["forms"];

/** The guest side of forms under /api/v1/public: the online form, its terms PDF, the member's own answers. */
export function registerPublicFormRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const base = "/public/events/:slug";

  app.get(
    `${base}/forms/:type`,
    {
      schema: {
        tags,
        params: publicEventParams.extend({ type: formTypeSchema }),
        response: { 200: publicFormSchema },
      },
    },
    async (request, reply) => {
      // Quota counts and seats change with every registration: always read fresh.
      reply.headers(noStore);
      return getPublicForm(context.db, request.params.slug, request.params.type);
    },
  );

  app.get(
    `${base}/forms/:formId/terms`,
    { schema: { tags, params: publicEventParams.extend({ formId: idSchema }) } },
    async (request, reply) => {
      const { file, stream } = await publicTermsFile(context, request.params.slug, request.params.formId);
      return reply
        .type(file.contentType)
        .header("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(stream);
    },
  );

  app.get(
    `${base}/member/answers`,
    { schema: { tags, params: publicEventParams, response: { 200: memberFormAnswersSchema } } },
    async (request, reply) => {
      const member = await requireMember(context.db, request.params.slug, request.headers.authorization);
      reply.headers(noStore);
      return memberFormAnswers(context.db, member);
    },
  );
}

/**
 * SPEC §7 legacy paths on the root app, `{event}` being the slug: a guest sends a form (a member's session as
 * `Authorization: Bearer` for surveys and changes of registration) and uploads the files its questions ask for.
 */
export function registerLegacyFormRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/:lang/:event/forms/sendForm/:id",
    { schema: { tags, params: sendFormParams, body: sendFormBody, response: { 201: sendFormResult } } },
    async (request, reply) => {
      const result = await sendForm(context, {
        slug: request.params.event,
        lang: request.params.lang,
        formId: request.params.id,
        body: request.body,
        authorization: request.headers.authorization,
        ip: request.ip,
      });
      return reply.status(201).send(result);
    },
  );

  app.post(
    "/:event/forms/uploadFile",
    { schema: { tags, params: legacyEventParams, response: { 201: uploadedFileSchema } } },
    async (request, reply) => reply.status(201).send(await uploadFormFile(context, request.params.event, request)),
  );
}
