import { endpointGroup } from "./endpoint.js";
import {
  duplicateList,
  duplicateListQuery,
  ignoreDuplicatesBody,
  ignoreDuplicatesResult,
  legacyEventParams,
  mergeQuery,
} from "./guest-duplicates.js";
import { guestSchema } from "./guests.js";

const duplicates = "/:event/admin/duplicates";

/** SPEC §7 legacy `/{event}/admin/duplicates/...`, at the site root; `{event}` is the event's slug. */
export const guestDuplicatesEndpoints = endpointGroup("guests", {
  list: {
    method: "GET",
    path: `${duplicates}/getDuplicatesJson`,
    root: true,
    summary: "List the pairs of guests that look like duplicates, one page",
    access: "organizer",
    params: legacyEventParams,
    query: duplicateListQuery,
    answer: duplicateList,
  },
  // A GET that changes data, as SPEC §7 has it.
  merge: {
    method: "GET",
    path: `${duplicates}/mergeJson`,
    root: true,
    summary: "Merge guest user2 into user1, which stays",
    access: "organizer",
    params: legacyEventParams,
    query: mergeQuery,
    answer: guestSchema,
    errors: [409],
  },
  ignore: {
    method: "POST",
    path: `${duplicates}/deleteJson`,
    root: true,
    summary: "Mark pairs of guests as not duplicates",
    access: "organizer",
    params: legacyEventParams,
    body: ignoreDuplicatesBody,
    answer: ignoreDuplicatesResult,
  },
});
