import routeTable from "virtual:endpoint-routes";
import type { z } from "zod";
import type { Speaker, speakerBody } from "../../../../contract/speakers";
import { clientOf } from "../../../api/client";
import { orderedContentQueries } from "../ordered-content.queries";

/** The event's speakers, each with its photo's copies for the list's thumbnails. */
export const speakersQueries = orderedContentQueries<Speaker, z.input<typeof speakerBody>>(
  "speakers",
  clientOf(routeTable.speakersEndpoints),
  "photo",
);
