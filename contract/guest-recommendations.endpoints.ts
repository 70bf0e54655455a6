import { endpointGroup } from "./endpoint.js";
import { legacyEventParams } from "./guest-duplicates.js";
import {
  addRecommendationsBody,
  legacyRecommendationParams,
  recommendationList,
  recommendationListQuery,
  recommendationSchema,
} from "./guest-recommendations.js";

const admin = "/:event/admin/recommendations";

/**
 * SPEC §7 legacy recommendation routes at the site root, `{event}` being the slug: the pair a guest uses, signed in to
 * the event's member area, and the organizer's `admin/` ones.
 */
export const guestRecommendationsEndpoints = endpointGroup("guests", {
  add: {
    method: "POST",
    path: "/:event/recommendations/addRecommendationsJson",
    root: true,
    summary: "Recommend people to the organizer, as the signed-in guest",
    access: "member",
    params: legacyEventParams,
    body: addRecommendationsBody,
    status: 201,
    answer: recommendationList,
    errors: [429],
  },
  listOfGuest: {
    method: "GET",
    path: "/:event/recommendations/getRecommendationsJson/:id",
    root: true,
    summary: "List the recommendations the signed-in guest made",
    access: "member",
    params: legacyRecommendationParams,
    answer: recommendationList,
  },
  list: {
    method: "GET",
    path: `${admin}/getAllRecommendationsJson`,
    root: true,
    summary: "List an event's recommendations, filtered by status, one page",
    access: "organizer",
    params: legacyEventParams,
    query: recommendationListQuery,
    answer: recommendationList,
  },
  accept: {
    method: "GET",
    path: `${admin}/acceptRecommendationJson/:id`,
    root: true,
    summary: "Accept a pending recommendation: the person becomes a guest sponsored by the recommender",
    access: "organizer",
    params: legacyRecommendationParams,
    answer: recommendationSchema,
    errors: [409],
  },
  refuse: {
    method: "GET",
    path: `${admin}/refuseRecommendationJson/:id`,
    root: true,
    summary: "Refuse a pending recommendation",
    access: "organizer",
    params: legacyRecommendationParams,
    answer: recommendationSchema,
    errors: [409],
  },
});
