import routeTable from "virtual:endpoint-routes";
import { useQuery } from "@tanstack/react-query";
import type { ImagePurpose } from "../../../contract/images";
import { clientOf } from "../../api/client";

const imagesApi = clientOf(routeTable.imagesEndpoints);

export const imageKeys = {
  image: (accountId: string, eventId: string, id: string) => ["events", accountId, eventId, "images", id] as const,
};

/** An image's metadata and the addresses of its copies; an image never changes, so it is read once. */
export function useImage(accountId: string, eventId: string, id: string | null) {
  return useQuery({
    queryKey: imageKeys.image(accountId, eventId, id ?? ""),
    queryFn: () => imagesApi.get({ params: { account: accountId, event: eventId, id: id ?? "" } }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST /events/{account}/{event}/images` with the upload's progress (0 to 1). */
export function uploadImage(
  accountId: string,
  eventId: string,
  file: File,
  purpose: ImagePurpose,
  onProgress: (fraction: number) => void,
) {
  const body = new FormData();
  body.set("file", file);
  return imagesApi.upload({
    params: { account: accountId, event: eventId },
    query: { purpose },
    body,
    onUploadProgress: onProgress,
  });
}
