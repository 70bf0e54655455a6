import routeTable from "virtual:endpoint-routes";
import type { z } from "zod";
import type { CustomPage, customPageBody } from "../../../../contract/custom-pages";
import { clientOf } from "../../../api/client";
import { orderedContentQueries } from "../ordered-content.queries";

/** The event's custom pages in their menu order (nothing to expand: a page has no image). */
export const customPagesQueries = orderedContentQueries<CustomPage, z.input<typeof customPageBody>>(
  "pages",
  clientOf(routeTable.customPagesEndpoints),
  "",
);
