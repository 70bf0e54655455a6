import { z } from "zod";
import { languageSchema, listOf } from "./common.js";

const megabytes = (n: number) => n * 1024 * 1024;

/** SPEC §9 "other files 15 MB": a document's file. */
export const documentMaxBytes = megabytes(15);

/**
 * SPEC §3 Document, as an organizer names it. One file is written in one language (a program in French, a map for
 * everyone), so a document has one name and the language its file is in: null is every language. The public page shows
 * a visitor the documents of their language and those of every language, each once, rather than one entry per language
 * pointing at the same file.
 */
export const documentBody = z.object({
  name: z.string().trim().min(1, "FIELD_REQUIRED").max(200),
  fileLanguage: languageSchema.nullable().default(null),
});
export type DocumentBody = z.input<typeof documentBody>;

export const documentSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  position: z.number().int(),
  name: z.string(),
  fileLanguage: languageSchema.nullable(),
  /** The uploaded file's own name, which a download saves it under. */
  fileName: z.string(),
  /** The type read from the bytes (refined by the name's extension for office documents, which are zip archives). */
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EventDocument = z.infer<typeof documentSchema>;
export const documentList = listOf(documentSchema);

/** A document as the public page lists it, in the visitor's language. */
export const publicDocumentSchema = documentSchema
  .pick({ id: true, name: true, fileLanguage: true, fileName: true, contentType: true, size: true })
  .extend({
    /** The download's address on the platform (relative: it works on the event's own domain too). */
    url: z.string(),
  });
export type PublicDocument = z.infer<typeof publicDocumentSchema>;

export const publicDocumentParams = z.object({ slug: z.string().min(1).max(100), id: z.string().uuid("NOT_FOUND") });
