import routeTable from "virtual:endpoint-routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ImportStartBody } from "../../../../contract/guest-imports";
import { clientOf } from "../../../api/client";
import { useAdminContext } from "../../../ui/admin-context";
import { saveFile } from "../../../ui/download";
import { guestKeys } from "../guests.queries";

const guestImportsApi = clientOf(routeTable.guestImportsEndpoints);

const isFinished = (status: string | undefined) => status === "completed" || status === "failed";

export function useUploadImport(eventId: string) {
  const { accountId } = useAdminContext();
  return useMutation({
    mutationFn: ({ file, hasHeaders }: { file: File; hasHeaders: boolean }) => {
      const body = new FormData();
      body.append("file", file);
      return guestImportsApi.upload({
        params: { account: accountId, event: eventId },
        headers: { "x-has-headers": hasHeaders ? "1" : "0" },
        body,
      });
    },
  });
}

export function useStartImport(eventId: string) {
  const { accountId } = useAdminContext();
  return useMutation({
    mutationFn: ({ importId, ...body }: ImportStartBody & { importId: string }) =>
      guestImportsApi.start({ params: { account: accountId, event: eventId, id: importId }, body }),
  });
}

/** The job's progress, asked every second until it completes or fails; then the guest lists are stale. */
export function useImportProgress(eventId: string, importId: string) {
  const { accountId } = useAdminContext();
  const queryClient = useQueryClient();
  const progress = useQuery({
    queryKey: [...guestKeys.all(accountId, eventId), "import", importId],
    queryFn: () => guestImportsApi.get({ params: { account: accountId, event: eventId, id: importId } }),
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : 1000),
  });
  const finished = isFinished(progress.data?.status);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: [...guestKeys.all(accountId, eventId), "list"] });
  }, [finished, queryClient, accountId, eventId]);
  return progress;
}

/** Fetches the refused rows' CSV with the session token (a plain link would go without it) and saves it. */
export function useDownloadReport(eventId: string) {
  const { accountId } = useAdminContext();
  return useMutation({
    mutationFn: async (importId: string) => {
      const report = await guestImportsApi.report({ params: { account: accountId, event: eventId, id: importId } });
      saveFile(report, `import-${importId}-refused-rows.csv`);
    },
  });
}
