import { z } from "zod";
import { endpointGroup } from "./endpoint.js";
import {
  importParams,
  importProgressSchema,
  importStartBody,
  legacyImportParams,
  uploadedImportSchema,
} from "./guest-imports.js";
import { eventScopeParams } from "./guests.js";

const imports = "/events/:account/:event/imports";

/** `x-has-headers: 0` says the file's first row is data; anything else (or nothing) says it holds the headers. */
const uploadHeaders = z.looseObject({ "x-has-headers": z.string().optional() });

/** The import wizard: upload a CSV or Excel file, start it with a column mapping, follow it, read its refused rows. */
export const guestImportsEndpoints = endpointGroup("guests", {
  upload: {
    method: "POST",
    path: imports,
    summary: "Upload a guest file to import: its columns, sample rows and a suggested mapping",
    access: "organizer",
    params: eventScopeParams,
    headers: uploadHeaders,
    body: "multipart",
    status: 201,
    answer: uploadedImportSchema,
  },
  get: {
    method: "GET",
    path: `${imports}/:id`,
    summary: "Read an import's progress and counts",
    access: "organizer",
    params: importParams,
    answer: importProgressSchema,
  },
  start: {
    method: "POST",
    path: `${imports}/:id/start`,
    summary: "Start an uploaded import with a mapping of its columns to guest fields",
    access: "organizer",
    params: importParams,
    body: importStartBody,
    status: 202,
    answer: importProgressSchema,
    errors: [409],
  },
  report: {
    method: "GET",
    path: `${imports}/:id/report`,
    summary: "Download an import's refused rows, each with its reason, as CSV",
    access: "organizer",
    params: importParams,
    file: ["text/csv"],
  },
  /** SPEC §7 legacy route: the same upload, the event named by its slug. */
  legacyUpload: {
    method: "POST",
    path: "/:event/admin/imports/uploadCsvJson",
    root: true,
    summary: "Upload a guest file to import, the event named by its slug (legacy route)",
    access: "organizer",
    params: legacyImportParams,
    headers: uploadHeaders,
    body: "multipart",
    status: 201,
    answer: uploadedImportSchema,
  },
});
