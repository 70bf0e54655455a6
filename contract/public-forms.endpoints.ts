import { idSchema } from "./common.js";
import { endpointGroup } from "./endpoint.js";
import {
  formTypeSchema,
  memberFormAnswersSchema,
  publicFormSchema,
  sendFormBody,
  sendFormParams,
  sendFormResult,
  uploadedFileSchema,
} from "./forms.js";
import { legacyEventParams } from "./guest-duplicates.js";
import { publicEventParams } from "./public.js";

const event = "/public/events/:slug";

/**
 * The guest side of forms: the online form, its terms PDF, the member's own answers, and the legacy root paths of
 * SPEC §7 (`{event}` being the slug) where a guest sends a form and uploads the files its questions ask for. Sending
 * takes the guest's member session as a bearer token when there is one (a survey, a registration changed from the
 * member area).
 */
export const publicFormsEndpoints = endpointGroup("forms", {
  form: {
    method: "GET",
    path: `${event}/forms/:type`,
    summary: "Read the event's online registration or survey form, with its quotas and availability",
    access: "anyone",
    params: publicEventParams.extend({ type: formTypeSchema }),
    answer: publicFormSchema,
  },
  terms: {
    method: "GET",
    path: `${event}/forms/:formId/terms`,
    summary: "Download the terms PDF of an online form",
    access: "anyone",
    params: publicEventParams.extend({ formId: idSchema }),
    file: ["application/pdf"],
  },
  memberAnswers: {
    method: "GET",
    path: `${event}/member/answers`,
    summary: "Read the signed-in guest's own answers to the event's online forms",
    access: "member",
    params: publicEventParams,
    answer: memberFormAnswersSchema,
  },
  send: {
    method: "POST",
    path: "/:lang/:event/forms/sendForm/:id",
    root: true,
    summary: "Send a guest's answers to an online form (with the member session for a survey or a change)",
    access: "anyone",
    params: sendFormParams,
    body: sendFormBody,
    status: 201,
    answer: sendFormResult,
    errors: [401, 409, 429],
  },
  uploadFile: {
    method: "POST",
    path: "/:event/forms/uploadFile",
    root: true,
    summary: "Upload a file answered to a file question (`formId` beside `file`); its id becomes the answer",
    access: "anyone",
    params: legacyEventParams,
    body: "multipart",
    status: 201,
    answer: uploadedFileSchema,
    errors: [429],
  },
});
