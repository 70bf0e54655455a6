import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import { imageContentTypes, imageParams, imageSchema, publicImageParams, uploadImageQuery } from "./images.js";

const images = "/events/:account/:event/images";

/**
 * SPEC §7 images: an event's uploaded images (campaign banners, later badges and pages), and the public read of their
 * resized copies, which mails and pages link to: an image's id is an unguessable uuid, its bytes never change.
 */
export const imagesEndpoints = endpointGroup("images", {
  upload: {
    method: "POST",
    path: images,
    summary:
      "Upload an image (multipart part `file`): JPEG, PNG or WebP (GIF for campaigns), 2 MB (8 MB for campaigns); answers its resized copies",
    access: "organizer",
    params: eventScopeParams,
    query: uploadImageQuery,
    body: "multipart",
    status: 201,
    answer: imageSchema,
  },
  get: {
    method: "GET",
    path: `${images}/:id`,
    summary: "Read an image's size, type and the addresses of its resized copies",
    access: "organizer",
    params: imageParams,
    answer: imageSchema,
  },
  variant: {
    method: "GET",
    path: "/images/:id/:variant",
    summary: "Read the bytes of an image's resized copy (`640`, `640.webp`…): public, cached for a year",
    access: "anyone",
    params: publicImageParams,
    file: imageContentTypes,
  },
});
