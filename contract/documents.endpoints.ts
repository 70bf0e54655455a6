import { okSchema } from "./auth.js";
import { documentBody, documentList, documentSchema, publicDocumentParams } from "./documents.js";
import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import { contentItemParams, contentReorderBody, insertionHeaders } from "./ordered-content.js";

const documents = "/events/:account/:event/documents";

/** SPEC §7 documents: the files an event's public page offers for download, in the order the organizer sets. */
export const documentsEndpoints = endpointGroup("documents", {
  list: {
    method: "GET",
    path: documents,
    summary: "List the event's documents in their order",
    access: "organizer",
    params: eventScopeParams,
    answer: documentList,
  },
  upload: {
    method: "POST",
    path: documents,
    summary:
      "Upload a document (multipart: part `file`, 15 MB, PDF, office document, image or zip; fields `name` and `fileLanguage`, none for every language); header x-document-position inserts it there (0 first), else at the end",
    access: "organizer",
    params: eventScopeParams,
    headers: insertionHeaders("x-document-position"),
    body: "multipart",
    status: 201,
    answer: documentSchema,
    errors: [409],
  },
  reorder: {
    method: "POST",
    path: `${documents}/reorder`,
    summary: "Set the documents' order (every document of the event, each once)",
    access: "organizer",
    params: eventScopeParams,
    body: contentReorderBody,
    answer: documentList,
    errors: [409],
  },
  update: {
    method: "POST",
    path: `${documents}/:id`,
    summary: "Rename a document or change its language",
    access: "organizer",
    params: contentItemParams,
    body: documentBody,
    answer: documentSchema,
    errors: [409],
  },
  remove: {
    method: "DELETE",
    path: `${documents}/:id`,
    summary: "Delete a document and its file (the ones after it move up)",
    access: "organizer",
    params: contentItemParams,
    answer: okSchema,
    errors: [409],
  },
  download: {
    method: "GET",
    path: "/public/events/:slug/documents/:id/file",
    summary: "Download a document of an event's public page, under its own file name",
    access: "anyone",
    params: publicDocumentParams,
    file: ["application/pdf", "application/zip", "application/octet-stream", "image/jpeg", "image/png"],
  },
});
