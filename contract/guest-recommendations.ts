import { z } from "zod";
import { emailSchema, idSchema, listOf } from "./common.js";

export const recommendationStatuses = ["pending", "accepted", "refused"] as const;
export const recommendationStatusSchema = z.enum(recommendationStatuses);
export type RecommendationStatus = z.infer<typeof recommendationStatusSchema>;

const text = (max: number) => z.string().trim().max(max);

export const recommendationInput = z.object({
  firstName: text(100).default(""),
  lastName: text(100).default(""),
  email: emailSchema,
  company: text(200).default(""),
  message: text(2000).default(""),
});

/** Public `addRecommendationsJson`: a guest of the event recommends people. */
export const addRecommendationsBody = z.object({
  guestId: idSchema,
  recommendations: z.array(recommendationInput).min(1, "FIELD_REQUIRED").max(20),
});

export const recommendationSchema = z.object({
  id: z.string(),
  recommenderId: z.string(),
  /** The recommender's name, for the organizer's table. */
  recommenderName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  message: z.string(),
  status: recommendationStatusSchema,
  /** The guest the recommendation became (created, or already in the list with that email). */
  guestId: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;
export const recommendationList = listOf(recommendationSchema);

export const recommendationListQuery = z.object({
  status: recommendationStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const legacyRecommendationParams = z.object({ event: z.string().min(1).max(200), id: idSchema });
