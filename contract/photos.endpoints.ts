import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import { contentItemParams, contentReorderBody, insertionHeaders } from "./ordered-content.js";
import { photoBody, photoList, photoListQuery, photoSchema } from "./photos.js";

const photos = "/events/:account/:event/photos";

/** SPEC §7 photos: the event's gallery, in the order the organizer sets. */
export const photosEndpoints = endpointGroup("photos", {
  list: {
    method: "GET",
    path: photos,
    summary: "List the event's photos in their order (expand=image adds each one's resized copies)",
    access: "organizer",
    params: eventScopeParams,
    query: photoListQuery,
    answer: photoList,
  },
  upload: {
    method: "POST",
    path: photos,
    summary:
      "Upload one photo (multipart: part `file`, JPEG, PNG or WebP, 8 MB; fields `caption.fr`, `caption.en`, `caption.es`); header x-photo-position inserts it there (0 first), else at the end",
    access: "organizer",
    params: eventScopeParams,
    headers: insertionHeaders("x-photo-position"),
    body: "multipart",
    status: 201,
    answer: photoSchema,
    errors: [409],
  },
  reorder: {
    method: "POST",
    path: `${photos}/reorder`,
    summary: "Set the photos' order (every photo of the event, each once)",
    access: "organizer",
    params: eventScopeParams,
    body: contentReorderBody,
    answer: photoList,
    errors: [409],
  },
  update: {
    method: "POST",
    path: `${photos}/:id`,
    summary: "Change a photo's caption",
    access: "organizer",
    params: contentItemParams,
    body: photoBody,
    answer: photoSchema,
    errors: [409],
  },
  remove: {
    method: "DELETE",
    path: `${photos}/:id`,
    summary: "Delete a photo and its copies (the ones after it move up)",
    access: "organizer",
    params: contentItemParams,
    answer: okSchema,
    errors: [409],
  },
});
