import routeTable from "virtual:endpoint-routes";
import { useQuery } from "@tanstack/react-query";
import type { Language } from "../../../../contract/common";
import type { SendFormInput } from "../../../../contract/forms";
import { clientOf } from "../../../api/client";
import { memberToken } from "../../../ui/public-layout/member-session";

const publicFormsApi = clientOf(routeTable.publicFormsEndpoints);

export const publicFormKeys = {
  form: (slug: string, type: "registration" | "survey") => ["public", slug, "form", type] as const,
  /** Under the member key, so signing out (useMemberSession().end) forgets these answers too. */
  memberAnswers: (slug: string) => ["public", slug, "member", "answers"] as const,
};

export function usePublicForm(slug: string, type: "registration" | "survey", enabled = true) {
  return useQuery({
    queryKey: publicFormKeys.form(slug, type),
    queryFn: () => publicFormsApi.form({ params: { slug, type } }),
    enabled,
  });
}

export function useMemberFormAnswers(slug: string, signedIn: boolean) {
  return useQuery({
    queryKey: publicFormKeys.memberAnswers(slug),
    queryFn: () => publicFormsApi.memberAnswers({ params: { slug }, token: memberToken(slug) }),
    enabled: signedIn,
  });
}

/**
 * `POST /{lang}/{event}/forms/sendForm/{id}`, with the guest's member session of the event when there is one (a survey,
 * or a registration changed from the member area), so the server knows who answers.
 */
export function sendForm(slug: string, language: Language, body: SendFormInput) {
  const params = { lang: language, event: slug, id: body.formId };
  return publicFormsApi.send({ params, body, token: memberToken(slug) });
}

/** `POST /{event}/forms/uploadFile` with the upload's progress; the answer's id is the file question's value. */
export function uploadAnswerFile(slug: string, formId: string, file: File, onProgress: (fraction: number) => void) {
  const body = new FormData();
  body.set("formId", formId);
  body.set("file", file);
  return publicFormsApi.uploadFile({
    params: { event: slug },
    body,
    token: memberToken(slug),
    onUploadProgress: onProgress,
  });
}
