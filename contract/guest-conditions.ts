import { z } from "zod";
import { idSchema } from "./common.js";
import { guestStatusSchema } from "./guests.js";

/**
 * Which guests a check-in session lets in, and which guests an e-badge is for (SPEC §3 "conditions"): every part that
 * is set must hold (an empty list sets nothing). Within a part any value may match: a status among `statuses`, a valid
 * ticket among `ticketIds`, a ticket of a category among `categoryIds`, and for each custom field one of its values.
 * No condition at all lets every guest through. The server turns it into one SQL condition
 * (server/modules/guests/guest-conditions.ts), so a list, a scan and a badge batch all read the same rule.
 */
export const guestConditionsSchema = z.object({
  statuses: z.array(guestStatusSchema).max(20).default([]),
  ticketIds: z.array(idSchema).max(200).default([]),
  categoryIds: z.array(idSchema).max(200).default([]),
  customFields: z
    .array(z.object({ fieldId: idSchema, values: z.array(z.string().max(500)).min(1, "FIELD_REQUIRED").max(100) }))
    .max(20)
    .default([]),
});
export type GuestConditions = z.output<typeof guestConditionsSchema>;
export const noGuestConditions: GuestConditions = { statuses: [], ticketIds: [], categoryIds: [], customFields: [] };

/**
 * The guest fields a check-in screen or a badge can show: the guest's own columns, or `custom:<fieldId>` for a custom
 * field, or `ticket` (the captions of the guest's valid tickets).
 */
export const guestFieldKeys = [
  "firstName",
  "lastName",
  "civility",
  "email",
  "company",
  "jobTitle",
  "phone",
  "status",
] as const;
export const guestFieldKeySchema = z.union([
  z.enum(guestFieldKeys),
  z.literal("ticket"),
  z.string().regex(/^custom:[0-9a-f-]{36}$/, "FIELD_INVALID"),
]);
export type GuestFieldKey = z.infer<typeof guestFieldKeySchema>;
