import type { z } from "zod";
import type {
  Form,
  FormBody,
  FormOptions,
  FormStatistics,
  FormType,
  formList,
  formOptionsBody,
  termsFileSchema,
} from "../../contract/forms";
import { api, request } from "./client";
import { scope } from "./guests";

type Ok = { ok: true };
export type FormSummary = z.infer<typeof formList>["items"][number];

const forms = (accountId: string, eventId: string) => `${scope(accountId, eventId)}/forms`;

/** One function per organizer route of the forms feature (SPEC §7 forms). */
export const formsApi = {
  list: (accountId: string, eventId: string, type?: FormType) =>
    api.get<z.infer<typeof formList>>(forms(accountId, eventId), { type }),
  get: (accountId: string, eventId: string, formId: string) => api.get<Form>(`${forms(accountId, eventId)}/${formId}`),
  /** No id creates the form (201), an id saves it (200). */
  save: (accountId: string, eventId: string, body: FormBody) => api.post<Form>(forms(accountId, eventId), body),
  remove: (accountId: string, eventId: string, formId: string) =>
    api.delete<Ok>(`${forms(accountId, eventId)}/${formId}`),
  options: (accountId: string, eventId: string, formId: string) =>
    api.get<FormOptions>(`${forms(accountId, eventId)}/${formId}/options`),
  /** `online: true` publishes the current items. */
  setOptions: (accountId: string, eventId: string, formId: string, body: z.input<typeof formOptionsBody>) =>
    api.post<FormOptions>(`${forms(accountId, eventId)}/${formId}/options`, body),
  uploadTerms: (accountId: string, eventId: string, formId: string, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.upload<z.infer<typeof termsFileSchema>>(`${forms(accountId, eventId)}/${formId}/terms`, body);
  },
  terms: (accountId: string, eventId: string, formId: string) =>
    api.download(`${forms(accountId, eventId)}/${formId}/terms`),
  /** Answer labels come in `language` (the organizer's interface language). */
  statistics: (accountId: string, eventId: string, formId: string, language: string) =>
    api.get<FormStatistics>(`${forms(accountId, eventId)}/${formId}/statistics`, { language }),
  /** A blob: the download needs the Bearer header, which a plain link cannot send. */
  exportAnswers: (accountId: string, eventId: string, formId: string, language: string) =>
    request<Blob>("GET", `${forms(accountId, eventId)}/${formId}/export`, { query: { language }, responseAs: "blob" }),
};
