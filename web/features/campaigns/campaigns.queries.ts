import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CampaignLanguageContent, CampaignType } from "../../../contract/campaigns";
import type {
  Campaign,
  CampaignTemplateId,
  CreateCampaignBody,
  UpdateCampaignBody,
} from "../../../contract/campaigns-editor";
import type { Language } from "../../../contract/common";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";

export const campaignsPageSize = 25;
const campaignsApi = clientOf(routeTable.campaignsEndpoints);

const campaignKeys = {
  all: (accountId: string, eventId: string) => ["campaigns", accountId, eventId] as const,
  list: (accountId: string, eventId: string, offset: number) =>
    [...campaignKeys.all(accountId, eventId), "list", offset] as const,
  detail: (accountId: string, eventId: string, id: string) =>
    [...campaignKeys.all(accountId, eventId), "detail", id] as const,
};

export function useCampaigns(eventId: string, offset: number) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: campaignKeys.list(accountId, eventId, offset),
    queryFn: () =>
      campaignsApi.list({
        params: { account: accountId, event: eventId },
        query: { limit: campaignsPageSize, offset },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(eventId: string, id: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: campaignKeys.detail(accountId, eventId, id),
    queryFn: () => campaignsApi.get({ params: { account: accountId, event: eventId, id } }),
  });
}

function useChanged(eventId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: campaignKeys.all(accountId, eventId) });
}

export function useCreateCampaign(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: (body: CreateCampaignBody) =>
      campaignsApi.create({ params: { account: accountId, event: eventId }, body }),
    onSuccess: changed,
  });
}

export function useUpdateCampaign(eventId: string, id: string) {
  const { accountId } = useAdminContext();
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: (body: UpdateCampaignBody) =>
      campaignsApi.update({ params: { account: accountId, event: eventId, id }, body }),
    onSuccess: changed,
  });
}

export function useApplyTemplate(eventId: string, id: string) {
  const { accountId } = useAdminContext();
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: (template: CampaignTemplateId) =>
      campaignsApi.applyTemplate({ params: { account: accountId, event: eventId, id }, body: { template } }),
    onSuccess: changed,
  });
}

export function useDeleteCampaign(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: (id: string) => campaignsApi.remove({ params: { account: accountId, event: eventId, id } }),
    onSuccess: changed,
  });
}

export function useDuplicateCampaign(eventId: string) {
  const { accountId } = useAdminContext();
  const changed = useChanged(eventId);
  return useMutation({
    mutationFn: (id: string) => campaignsApi.duplicate({ params: { account: accountId, event: eventId, id } }),
    onSuccess: changed,
  });
}

export function useCampaignTemplates(eventId: string, type: CampaignType) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...campaignKeys.all(accountId, eventId), "templates", type],
    queryFn: () => campaignsApi.templates({ params: { account: accountId, event: eventId }, query: { type } }),
  });
}

/** The live preview of a language's content as it stands in the editor (not saved). */
export function useDraftPreview(eventId: string, id: string, language: Language, content: CampaignLanguageContent) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: [...campaignKeys.all(accountId, eventId), "preview", id, language, content],
    queryFn: () =>
      campaignsApi.previewDraft({ params: { account: accountId, event: eventId, id, language }, body: { content } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useTestSend(eventId: string, id: string) {
  const { accountId } = useAdminContext();
  return useMutation({
    mutationFn: (body: { email: string; language: Language }) =>
      campaignsApi.testSend({ params: { account: accountId, event: eventId, id }, body }),
  });
}

/**
 * A campaign's attachments: upload (with its progress), remove and download. Only the attachments of the cached
 * campaign change, so the editor's unsaved content is not replaced by the server's copy.
 */
export function useCampaignAttachments(eventId: string, id: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  const params = { account: accountId, event: eventId, id };
  const setAttachments = (attachments: Campaign["attachments"]) =>
    queryClient.setQueryData<Campaign>(campaignKeys.detail(accountId, eventId, id), (cached) =>
      cached ? { ...cached, attachments } : cached,
    );
  const upload = useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const body = new FormData();
      body.set("file", file);
      return campaignsApi.uploadAttachment({ params, body, onUploadProgress: onProgress });
    },
    onSuccess: (stored) => {
      const cached = queryClient.getQueryData<Campaign>(campaignKeys.detail(accountId, eventId, id));
      setAttachments([...(cached?.attachments ?? []), stored]);
    },
  });
  const remove = useMutation({
    mutationFn: (attachmentIds: string[]) => campaignsApi.update({ params, body: { attachmentIds } }),
    onSuccess: (saved) => setAttachments(saved.attachments),
  });
  const download = (fileId: string) => campaignsApi.downloadAttachment({ params: { ...params, fileId } });
  return { upload, remove, download };
}
