import { accountParams } from "./accounts.js";
import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import {
  fontBody,
  fontList,
  fontParams,
  fontSchema,
  fontUpdateBody,
  fontUploadSchema,
  publicFontParams,
} from "./fonts.js";

const fonts = "/accounts/:account/fonts";

/** SPEC §7 fonts: CRUD plus `fonts/upload`; the files are read publicly by badges' designer and the public page. */
export const fontsEndpoints = endpointGroup("fonts", {
  list: {
    method: "GET",
    path: fonts,
    summary: "List the account's fonts",
    access: "organizer",
    params: accountParams,
    answer: fontList,
  },
  upload: {
    method: "POST",
    path: `${fonts}/upload`,
    summary: "Upload a WOFF2 file (multipart part `file`); answers the id a new font names",
    access: "organizer",
    params: accountParams,
    body: "multipart",
    status: 201,
    answer: fontUploadSchema,
  },
  create: {
    method: "POST",
    path: fonts,
    summary: "Add a font from an uploaded file",
    access: "organizer",
    params: accountParams,
    body: fontBody,
    status: 201,
    answer: fontSchema,
  },
  get: {
    method: "GET",
    path: `${fonts}/:id`,
    summary: "Read a font",
    access: "organizer",
    params: fontParams,
    answer: fontSchema,
  },
  update: {
    method: "POST",
    path: `${fonts}/:id`,
    summary: "Rename a font, change its type or alternate font, switch it on or off",
    access: "organizer",
    params: fontParams,
    body: fontUpdateBody,
    answer: fontSchema,
  },
  remove: {
    method: "DELETE",
    path: `${fonts}/:id`,
    summary: "Delete a font (refused while an e-badge uses it)",
    access: "organizer",
    params: fontParams,
    answer: okSchema,
    errors: [409],
  },
  file: {
    method: "GET",
    path: "/fonts/:file",
    summary: "A font's WOFF2 file: public, immutable, cached for a year",
    access: "anyone",
    params: publicFontParams,
    file: ["font/woff2"],
  },
});
