import routeTable from "virtual:endpoint-routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Language } from "../../../contract/common";
import type { Form, FormBody, formOptionsBody } from "../../../contract/forms";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";

/** The organizer side of forms; the statistics page downloads the answers export through it. */
export const formsApi = clientOf(routeTable.formsEndpoints);

export const formKeys = {
  all: (accountId: string, eventId: string) => ["forms", accountId, eventId] as const,
  list: (accountId: string, eventId: string) => ["forms", accountId, eventId, "list"] as const,
  detail: (accountId: string, eventId: string, formId: string) =>
    ["forms", accountId, eventId, "detail", formId] as const,
  statistics: (accountId: string, eventId: string, formId: string) =>
    ["forms", accountId, eventId, "statistics", formId] as const,
};

export function useForms(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: formKeys.list(accountId, eventId),
    queryFn: () => formsApi.list({ params: { account: accountId, event: eventId } }),
  });
}

export function useFormDetail(eventId: string, formId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: formKeys.detail(accountId, eventId, formId),
    queryFn: () => formsApi.get({ params: { account: accountId, event: eventId, id: formId } }),
  });
}

export function useFormStatistics(eventId: string, formId: string, language: Language) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...formKeys.statistics(accountId, eventId, formId), language],
    queryFn: () =>
      formsApi.statistics({ params: { account: accountId, event: eventId, id: formId }, query: { language } }),
  });
}

/** Any change may move a form's status, options or counts: the saved form is known, everything else refetches. */
function useFormsChanged(eventId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return (form?: Form) => {
    if (form) queryClient.setQueryData(formKeys.detail(accountId, eventId, form.id), form);
    void queryClient.invalidateQueries({
      queryKey: formKeys.all(accountId, eventId),
      // The saved form's detail is already exact: refetching it would only repeat what the save answered.
      predicate: (query) => !form || !(query.queryKey[3] === "detail" && query.queryKey[4] === form.id),
    });
  };
}

export function useSaveForm(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useFormsChanged(eventId);
  return useMutation({
    // No id creates the form, an id saves it.
    mutationFn: (body: FormBody) => formsApi.save({ params: { account: accountId, event: eventId }, body }),
    onSuccess: (form) => changed(form),
  });
}

export function useDeleteForm(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useFormsChanged(eventId);
  return useMutation({
    mutationFn: (formId: string) => formsApi.remove({ params: { account: accountId, event: eventId, id: formId } }),
    onSuccess: () => changed(),
  });
}

export function useSetFormOptions(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useFormsChanged(eventId);
  return useMutation({
    mutationFn: ({ formId, body }: { formId: string; body: z.input<typeof formOptionsBody> }) =>
      formsApi.setOptions({ params: { account: accountId, event: eventId, id: formId }, body }),
    onSuccess: () => changed(),
  });
}

export function useUploadTerms(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useFormsChanged(eventId);
  return useMutation({
    mutationFn: ({ formId, file }: { formId: string; file: File }) => {
      const body = new FormData();
      body.append("file", file);
      return formsApi.uploadTerms({ params: { account: accountId, event: eventId, id: formId }, body });
    },
    onSuccess: () => changed(),
  });
}
