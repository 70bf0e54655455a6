import { z } from "zod";
import { idSchema, listOf } from "./common.js";
import { guestSchema } from "./guests.js";

/** Legacy routes `/{event}/admin/duplicates/...` (SPEC §7): the event is named by its slug. */
export const legacyEventParams = z.object({ event: z.string().min(1).max(200) });

/** Why two guests look alike: same email, or same name with the same company or the same phone. */
export const duplicateReasons = ["email", "name_company", "name_phone"] as const;
export const duplicateReasonSchema = z.enum(duplicateReasons);
export type DuplicateReason = z.infer<typeof duplicateReasonSchema>;

export const duplicateListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const duplicatePairSchema = z.object({
  user1: guestSchema,
  user2: guestSchema,
  reasons: z.array(duplicateReasonSchema),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;
export const duplicateList = listOf(duplicatePairSchema);

/** `mergeJson?user1=&user2=`: user2 is merged into user1, which stays. */
export const mergeQuery = z
  .object({ user1: idSchema, user2: idSchema })
  .refine((query) => query.user1 !== query.user2, { message: "DUPLICATE_SAME_GUEST", path: ["user2"] });

/** `deleteJson`: `selectedIds` lists the pairs the organizer says are not duplicates, each as `[user1, user2]`. */
export const ignoreDuplicatesBody = z.object({
  selectedIds: z
    .array(z.tuple([idSchema, idSchema]))
    .min(1, "FIELD_REQUIRED")
    .max(1000),
});
export const ignoreDuplicatesResult = z.object({ ignored: z.number().int() });
