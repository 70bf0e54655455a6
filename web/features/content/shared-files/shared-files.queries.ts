import routeTable from "virtual:endpoint-routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SharedFile, SharedFileFilter } from "../../../../contract/shared-files";
import { clientOf } from "../../../api/client";
import { useAdminContext } from "../../../ui/admin-context";

const sharedFilesApi = clientOf(routeTable.sharedFilesEndpoints);
const guestsApi = clientOf(routeTable.guestsEndpoints);

function useScope(eventId: string) {
  const { accountId } = useAdminContext();
  return { key: ["sharedFiles", accountId, eventId] as const, scope: { account: accountId, event: eventId } };
}

export const sharedFilesPageSize = 50;

/** One page of the event's shared files, newest first, in a state or all. */
export function useSharedFiles(eventId: string, state: SharedFileFilter | null, page: number) {
  const { key, scope } = useScope(eventId);
  return useQuery({
    queryKey: [...key, state, page],
    queryFn: () =>
      sharedFilesApi.list({
        params: scope,
        query: { limit: sharedFilesPageSize, offset: (page - 1) * sharedFilesPageSize, ...(state ? { state } : {}) },
      }),
    placeholderData: (previous) => previous,
  });
}

/** Each change refetches the list (its states and dates come from the server). */
function useChange<Input>(
  eventId: string,
  change: (scope: { account: string; event: string }, input: Input) => Promise<unknown>,
) {
  const { key, scope } = useScope(eventId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => change(scope, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

const fileForm = (file: File) => {
  const body = new FormData();
  body.set("file", file);
  return body;
};

/** Creates the guest's shared file, then uploads its file: a failed upload leaves it created, to upload again. */
export const useShareFile = (eventId: string) =>
  useChange(eventId, async (scope, input: { guestId: string; name: string; file: File }) => {
    const created = await sharedFilesApi.create({
      params: scope,
      body: { user_id: input.guestId, ...(input.name ? { name: input.name } : {}) },
    });
    return sharedFilesApi.upload({ params: { ...scope, id: created.id }, body: fileForm(input.file) });
  });

export const useUploadSharedFile = (eventId: string) =>
  useChange(eventId, (scope, { id, file }: { id: string; file: File }) =>
    sharedFilesApi.upload({ params: { ...scope, id }, body: fileForm(file) }),
  );

export const useRenameSharedFile = (eventId: string) =>
  useChange(eventId, (scope, { id, name }: { id: string; name: string }) =>
    sharedFilesApi.rename({ params: { ...scope, id }, body: { name } }),
  );

export const useNotifySharedFile = (eventId: string) =>
  useChange(eventId, (scope, file: SharedFile) =>
    sharedFilesApi.notify({ params: { ...scope, id: file.id }, body: { sharedFileId: file.id } }),
  );

export const useDeleteSharedFile = (eventId: string) =>
  useChange(eventId, (scope, id: string) => sharedFilesApi.remove({ params: { ...scope, id } }));

/** The guests whose name or address holds `search`, for the guest picker: the first 20 by last name. */
export function useGuestSearch(eventId: string, search: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: ["sharedFiles", accountId, eventId, "guests", search],
    queryFn: () =>
      guestsApi.list({
        params: { account: accountId, event: eventId },
        query: { limit: 20, ...(search ? { query: search } : {}) },
      }),
    placeholderData: (previous) => previous,
  });
}
