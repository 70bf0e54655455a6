import type { z } from "zod";
import type { Recommendation, RecommendationStatus, recommendationList } from "../../contract/guest-recommendations";
import { legacyApi } from "./client";
import { legacyPath } from "./guest-duplicates";

const admin = (slug: string, path: string) => legacyPath(slug, `admin/recommendations/${path}`);

export const guestRecommendationsApi = {
  list: (slug: string, query: { status?: RecommendationStatus; limit: number; offset: number }) =>
    legacyApi.get<z.infer<typeof recommendationList>>(admin(slug, "getAllRecommendationsJson"), query),
  accept: (slug: string, id: string) => legacyApi.get<Recommendation>(admin(slug, `acceptRecommendationJson/${id}`)),
  refuse: (slug: string, id: string) => legacyApi.get<Recommendation>(admin(slug, `refuseRecommendationJson/${id}`)),
};
