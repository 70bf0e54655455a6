import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import { contentItemParams, contentReorderBody } from "./ordered-content.js";
import { speakerBody, speakerList, speakerListQuery, speakerSchema } from "./speakers.js";

const speakers = "/events/:account/:event/speakers";

/** SPEC §7 speakers: the event's speakers, in the order the organizer sets. */
export const speakersEndpoints = endpointGroup("speakers", {
  list: {
    method: "GET",
    path: speakers,
    summary: "List the event's speakers in their order (expand=photo adds each photo's resized copies)",
    access: "organizer",
    params: eventScopeParams,
    query: speakerListQuery,
    answer: speakerList,
  },
  create: {
    method: "POST",
    path: `${speakers}/create`,
    summary: "Add a speaker at the end of the list",
    access: "organizer",
    params: eventScopeParams,
    body: speakerBody,
    status: 201,
    answer: speakerSchema,
  },
  reorder: {
    method: "POST",
    path: `${speakers}/reorder`,
    summary: "Set the speakers' order (every speaker of the event, each once)",
    access: "organizer",
    params: eventScopeParams,
    body: contentReorderBody,
    answer: speakerList,
    errors: [409],
  },
  get: {
    method: "GET",
    path: `${speakers}/:id`,
    summary: "Read a speaker",
    access: "organizer",
    params: contentItemParams,
    answer: speakerSchema,
  },
  update: {
    method: "POST",
    path: `${speakers}/:id`,
    summary: "Save a speaker",
    access: "organizer",
    params: contentItemParams,
    body: speakerBody,
    answer: speakerSchema,
  },
  remove: {
    method: "DELETE",
    path: `${speakers}/:id`,
    summary: "Delete a speaker (the ones after it move up)",
    access: "organizer",
    params: contentItemParams,
    answer: okSchema,
  },
});
