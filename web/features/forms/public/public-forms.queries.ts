import { useQuery } from "@tanstack/react-query";
import { publicFormsApi } from "../../../api/public-forms";

export const publicFormKeys = {
  form: (slug: string, type: "registration" | "survey") => ["public", slug, "form", type] as const,
  /** Under the member key, so signing out (useMemberSession().end) forgets these answers too. */
  memberAnswers: (slug: string) => ["public", slug, "member", "answers"] as const,
};

export function usePublicForm(slug: string, type: "registration" | "survey", enabled = true) {
  return useQuery({
    queryKey: publicFormKeys.form(slug, type),
    queryFn: () => publicFormsApi.form(slug, type),
    enabled,
  });
}

export function useMemberFormAnswers(slug: string, signedIn: boolean) {
  return useQuery({
    queryKey: publicFormKeys.memberAnswers(slug),
    queryFn: () => publicFormsApi.memberAnswers(slug),
    enabled: signedIn,
  });
}
