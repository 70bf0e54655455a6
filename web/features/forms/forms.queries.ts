import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Form, FormBody, formOptionsBody } from "../../../contract/forms";
import { formsApi } from "../../api/forms";
import { useAdminContext } from "../../ui/admin-context";

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
    queryFn: () => formsApi.list(accountId, eventId),
  });
}

export function useFormDetail(eventId: string, formId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: formKeys.detail(accountId, eventId, formId),
    queryFn: () => formsApi.get(accountId, eventId, formId),
  });
}

export function useFormStatistics(eventId: string, formId: string, language: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...formKeys.statistics(accountId, eventId, formId), language],
    queryFn: () => formsApi.statistics(accountId, eventId, formId, language),
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
    mutationFn: (body: FormBody) => formsApi.save(accountId, eventId, body),
    onSuccess: (form) => changed(form),
  });
}

export function useDeleteForm(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useFormsChanged(eventId);
  return useMutation({
    mutationFn: (formId: string) => formsApi.remove(accountId, eventId, formId),
    onSuccess: () => changed(),
  });
}

export function useSetFormOptions(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useFormsChanged(eventId);
  return useMutation({
    mutationFn: ({ formId, body }: { formId: string; body: z.input<typeof formOptionsBody> }) =>
      formsApi.setOptions(accountId, eventId, formId, body),
    onSuccess: () => changed(),
  });
}

export function useUploadTerms(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useFormsChanged(eventId);
  return useMutation({
    mutationFn: ({ formId, file }: { formId: string; file: File }) =>
      formsApi.uploadTerms(accountId, eventId, formId, file),
    onSuccess: () => changed(),
  });
}
