import type { z } from "zod";
import type { Language } from "../../contract/common";
import type {
  MemberFormAnswers,
  PublicForm,
  sendFormBody,
  sendFormResult,
  uploadedFileSchema,
} from "../../contract/forms";
import { request, uploadWithProgress } from "./client";
import { memberSessionStore } from "./public";

export type SendFormResult = z.infer<typeof sendFormResult>;
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export type SendFormInput = z.input<typeof sendFormBody>;

const eventPath = (slug: string) => `/public/events/${encodeURIComponent(slug)}`;
/**
 * Public form calls never carry the organizer's session; they carry the guest's member session of the event when
 * there is one (a survey, or a registration changed from the member area), so the server knows who answers.
 */
function asGuest(slug: string): { anonymous: true; headers: Record<string, string> } {
  const member = memberSessionStore.get(slug);
  return { anonymous: true, headers: member ? { authorization: `Bearer ${member}` } : {} };
}

/** One function per endpoint of the guest side of forms (SPEC §7 forms, public routes). */
export const publicFormsApi = {
  /** The online registration or survey form of the event (404 when none is online). */
  form: (slug: string, type: "registration" | "survey") =>
    request<PublicForm>("GET", `${eventPath(slug)}/forms/${type}`, { anonymous: true }),
  /** `POST /{lang}/{event}/forms/sendForm/{id}`: the legacy address of SPEC §7, at the site root. */
  send: (slug: string, language: Language, body: SendFormInput) =>
    request<SendFormResult>(
      "POST",
      `/${language}/${encodeURIComponent(slug)}/forms/sendForm/${encodeURIComponent(body.formId)}`,
      { ...asGuest(slug), root: true, body },
    ),
  /** `POST /{event}/forms/uploadFile` with the upload's progress; the answer's id is the file question's value. */
  uploadFile: (slug: string, formId: string, file: File, onProgress: (fraction: number) => void) => {
    const body = new FormData();
    body.set("formId", formId);
    body.set("file", file);
    return uploadWithProgress<UploadedFile>(`/${encodeURIComponent(slug)}/forms/uploadFile`, body, onProgress, {
      ...asGuest(slug),
      root: true,
    });
  },
  /** The signed-in guest's submissions, with each form's published items. */
  memberAnswers: (slug: string) =>
    request<MemberFormAnswers>("GET", `${eventPath(slug)}/member/answers`, asGuest(slug)),
};
