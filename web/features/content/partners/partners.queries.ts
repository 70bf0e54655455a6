import routeTable from "virtual:endpoint-routes";
import type { z } from "zod";
import type { Partner, partnerBody } from "../../../../contract/partners";
import { clientOf } from "../../../api/client";
import { orderedContentQueries } from "../ordered-content.queries";

/** The event's partners, each with its logo's copies for the list's thumbnails. */
export const partnersQueries = orderedContentQueries<Partner, z.input<typeof partnerBody>>(
  "partners",
  clientOf(routeTable.partnersEndpoints),
  "logo",
);
