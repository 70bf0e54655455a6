import routeTable from "virtual:endpoint-routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { fontUpdateBody } from "../../../contract/fonts";
import { clientOf } from "../../api/client";

const fontsApi = clientOf(routeTable.fontsEndpoints);

const fontKeys = { all: (accountId: string) => ["fonts", accountId] as const };

export function useFonts(accountId: string) {
  return useQuery({
    queryKey: fontKeys.all(accountId),
    queryFn: () => fontsApi.list({ params: { account: accountId } }),
  });
}

/** Uploads a WOFF2 file, then makes it a font named after the family the server read in it. */
export function useAddFont(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.set("file", file);
      const uploaded = await fontsApi.upload({ params: { account: accountId }, body });
      const name = uploaded.familyName || file.name.replace(/\.woff2$/i, "");
      return fontsApi.create({ params: { account: accountId }, body: { name, fileId: uploaded.fileId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fontKeys.all(accountId) }),
  });
}

export function useUpdateFont(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof fontUpdateBody> }) =>
      fontsApi.update({ params: { account: accountId, id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fontKeys.all(accountId) }),
  });
}

export function useDeleteFont(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fontsApi.remove({ params: { account: accountId, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fontKeys.all(accountId) }),
  });
}
