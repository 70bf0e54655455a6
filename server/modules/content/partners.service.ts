import type { z } from "zod";
import type { Partner, partnerBody } from "../../../contract/partners.js";
import { imageExpansion } from "./ordered-content.js";
import { orderedContentService } from "./ordered-content.service.js";
import { partners } from "./partners.tables.js";

/* SPEC §7 partners: an event's partners, an ordered content list (ordered-content.service.ts). */

type PartnerRow = typeof partners.$inferSelect;
type PartnerValues = z.output<typeof partnerBody>;

export const partnersService = orderedContentService<PartnerRow, PartnerValues, Partner>({
  kind: "partner",
  table: partners,
  notReordered: "PARTNERS_NOT_REORDERED",
  image: { field: "logoImageId", of: (item) => item.logoImageId },
  expansions: { logo: imageExpansion((row) => row.logoImageId) },
  view: (row) => ({
    id: row.id,
    eventId: row.eventId,
    position: row.position,
    name: row.name,
    link: row.link,
    logoImageId: row.logoImageId,
    width: row.width,
    altText: row.altText,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  audited: (row) => ({
    name: row.name,
    link: row.link,
    logoImageId: row.logoImageId,
    width: row.width,
    altText: row.altText,
  }),
  columns: (values) => values,
});
