import { z } from "zod";
import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import {
  type formBody,
  formLabelsQuery,
  formList,
  formListQuery,
  formOptionsBody,
  formOptionsSchema,
  formParams,
  formSchema,
  formStatisticsSchema,
  formViewParams,
  publicFormSchema,
  termsFileSchema,
} from "./forms.js";
import { eventScopeParams } from "./guests.js";

const forms = "/events/:account/:event/forms";
const form = `${forms}/:id`;

/**
 * The save takes a form as JSON, or a multipart request with the form as JSON text in its `form` field and the terms
 * PDF in `file`. A multipart body reads as null to Fastify's validation, so this schema lets every body through and
 * the handler checks both kinds with `formBody` itself; the web sends JSON, typed here.
 */
const formSaveBody = z.custom<z.input<typeof formBody>>().meta({
  description:
    "The form (id absent creates it, present saves that form); or multipart/form-data with the form as JSON text in `form` and the terms PDF in `file`.",
});

/** SPEC §7 forms, organizer side: list, builder save, options (publishing), terms PDF, preview, statistics, export. */
export const formsEndpoints = endpointGroup("forms", {
  list: {
    method: "GET",
    path: forms,
    summary: "List the event's forms, of one type when given",
    access: "organizer",
    params: eventScopeParams,
    query: formListQuery,
    answer: formList,
  },
  save: {
    method: "POST",
    path: forms,
    summary: "Create a form (201), or save the builder's items of the form named by `id` (200)",
    access: "organizer",
    params: eventScopeParams,
    body: formSaveBody,
    // A creation answers 201; a save of an existing form answers 200 with the same form.
    status: 201,
    answer: formSchema,
    errors: [413, 415],
  },
  preview: {
    method: "GET",
    path: `${forms}/view/:id`,
    summary: "Preview a form's working items as a guest would see them",
    access: "organizer",
    params: formParams,
    answer: publicFormSchema,
  },
  previewInLanguage: {
    method: "GET",
    path: `${forms}/view/:id/:language`,
    summary: "Preview a form's working items as a guest would see them, in one of its languages",
    access: "organizer",
    params: formViewParams,
    answer: publicFormSchema,
  },
  get: {
    method: "GET",
    path: form,
    summary: "Read a form with its working items and options",
    access: "organizer",
    params: formParams,
    answer: formSchema,
  },
  remove: {
    method: "DELETE",
    path: form,
    summary: "Delete a form",
    access: "organizer",
    params: formParams,
    answer: okSchema,
  },
  options: {
    method: "GET",
    path: `${form}/options`,
    summary: "Read a form's options (online, dates, approval, companions, confirmation message)",
    access: "organizer",
    params: formParams,
    answer: formOptionsSchema,
  },
  setOptions: {
    method: "POST",
    path: `${form}/options`,
    summary: "Change a form's options; `online: true` publishes its current items",
    access: "organizer",
    params: formParams,
    body: formOptionsBody,
    answer: formOptionsSchema,
    errors: [409],
  },
  uploadTerms: {
    method: "POST",
    path: `${form}/terms`,
    summary: "Upload the terms PDF a guest must accept to send the form",
    access: "organizer",
    params: formParams,
    body: "multipart",
    answer: termsFileSchema,
  },
  terms: {
    method: "GET",
    path: `${form}/terms`,
    summary: "Download a form's terms PDF",
    access: "organizer",
    params: formParams,
    file: ["application/pdf"],
  },
  statistics: {
    method: "GET",
    path: `${form}/statistics`,
    summary: "Read a form's statistics: submissions per day, answers per question, ratings average",
    access: "organizer",
    params: formParams,
    query: formLabelsQuery,
    answer: formStatisticsSchema,
  },
  exportAnswers: {
    method: "GET",
    path: `${form}/export`,
    summary: "Download a form's answers as CSV, one line per submission",
    access: "organizer",
    params: formParams,
    query: formLabelsQuery,
    file: ["text/csv"],
  },
});
