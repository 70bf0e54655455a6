import routeTable from "virtual:endpoint-routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AutoMailKind, AutoMailText, AutoMailUpdateBody } from "../../../contract/auto-mails";
import type { Language } from "../../../contract/common";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";

const autoMailsApi = clientOf(routeTable.autoMailsEndpoints);

const autoMailKeys = {
  all: (accountId: string, eventId: string) => ["automails", accountId, eventId] as const,
  preview: (accountId: string, eventId: string, kind: AutoMailKind, language: Language) =>
    [...autoMailKeys.all(accountId, eventId), "preview", kind, language] as const,
};

/** The event's three auto-mails with their settings and texts (SPEC §2 "auto-mail settings"). */
export function useAutoMails(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: autoMailKeys.all(accountId, eventId),
    queryFn: () => autoMailsApi.list({ params: { account: accountId, event: eventId } }),
  });
}

export function useSaveAutoMail(eventId: string, kind: AutoMailKind) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoMailUpdateBody) =>
      autoMailsApi.update({ params: { account: accountId, event: eventId, kind }, body }),
    // The list and every preview of this event read the saved texts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autoMailKeys.all(accountId, eventId) }),
  });
}

/** The saved text as a guest reads it; fetched when the preview opens. */
export function useAutoMailPreview(eventId: string, kind: AutoMailKind, language: Language, enabled: boolean) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: autoMailKeys.preview(accountId, eventId, kind, language),
    queryFn: () => autoMailsApi.preview({ params: { account: accountId, event: eventId, kind, language } }),
    enabled,
  });
}

export function useSendAutoMailTest(eventId: string, kind: AutoMailKind) {
  const { accountId } = useAdminContext();
  return useMutation({
    mutationFn: (body: { email: string; language: Language; text: AutoMailText }) =>
      autoMailsApi.test({ params: { account: accountId, event: eventId, kind }, body }),
  });
}
