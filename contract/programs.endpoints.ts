import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import { contentItemParams } from "./ordered-content.js";
import { programBody, programList, programListQuery, programReorderBody, programSchema } from "./programs.js";

const programs = "/events/:account/:event/programs";

/** SPEC §7 programs: the event's program sections, in each of its languages, in the order the organizer sets. */
export const programsEndpoints = endpointGroup("programs", {
  list: {
    method: "GET",
    path: programs,
    summary: "List the event's program sections in one language, in their order (expand=speakers adds the speakers)",
    access: "organizer",
    params: eventScopeParams,
    query: programListQuery,
    answer: programList,
  },
  create: {
    method: "POST",
    path: `${programs}/create`,
    summary: "Add a program section at the end of its language's list",
    access: "organizer",
    params: eventScopeParams,
    body: programBody,
    status: 201,
    answer: programSchema,
  },
  reorder: {
    method: "POST",
    path: `${programs}/reorder`,
    summary: "Set the order of one language's sections (every section of the event in that language, each once)",
    access: "organizer",
    params: eventScopeParams,
    body: programReorderBody,
    answer: programList,
    errors: [409],
  },
  get: {
    method: "GET",
    path: `${programs}/:id`,
    summary: "Read a program section",
    access: "organizer",
    params: contentItemParams,
    answer: programSchema,
  },
  update: {
    method: "POST",
    path: `${programs}/:id`,
    summary: "Save a program section (a new language moves it to the end of that language's list)",
    access: "organizer",
    params: contentItemParams,
    body: programBody,
    answer: programSchema,
  },
  remove: {
    method: "DELETE",
    path: `${programs}/:id`,
    summary: "Delete a program section (the ones after it move up)",
    access: "organizer",
    params: contentItemParams,
    answer: okSchema,
  },
});
