import routeTable from "virtual:endpoint-routes";
import type { Photo, PhotoBody } from "../../../../contract/photos";
import { clientOf } from "../../../api/client";
import { orderedContentQueries } from "../ordered-content.queries";

/** The event's gallery, each photo with its image's copies for the thumbnails: uploaded one per request. */
export const photosQueries = orderedContentQueries<Photo, PhotoBody>(
  "photos",
  clientOf(routeTable.photosEndpoints),
  "image",
);
