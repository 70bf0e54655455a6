import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq, isNull, or } from "drizzle-orm";
import type { z } from "zod";
import type { Language } from "../../../contract/common.js";
import { documentsEndpoints } from "../../../contract/documents.endpoints.js";
import {
  documentBody,
  documentMaxBytes,
  type EventDocument,
  type PublicDocument,
} from "../../../contract/documents.js";
import { endpointPath } from "../../../contract/endpoint.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError, notFound } from "../../platform/errors.js";
import { type FileKind, fileTypes, type receiveMultipart, sniffFileKind } from "../../platform/file-store.js";
import type { Caller } from "../events/events.service.js";
import { type EventRow, requireEvent, requirePublicEvent } from "../events/events.visibility.js";
import type { PublicContentScope } from "./content.public.js";
import { requireMiscModule } from "./content-modules.js";
import { parseUploadFields, receiveContentUpload, safeFileName } from "./content-uploads.js";
import { documents } from "./documents.tables.js";
import { byPosition, insertionPosition, recordContentChange } from "./ordered-content.js";
import { orderedContentService } from "./ordered-content.service.js";

/* SPEC §7 documents: the files an event's public page offers, an ordered content list (ordered-content.service.ts). */

type DocumentRow = typeof documents.$inferSelect;
type DocumentValues = z.output<typeof documentBody>;

/**
 * What a document may be, read from its bytes (never its name or the browser's claim): PDF, images, zip archives (and
 * the office documents that are zip files: docx, xlsx, pptx, odt…), the older office files (OLE2) and RTF. What a
 * browser would run (HTML, SVG, scripts) or a computer (executables) is none of them, whatever its name says.
 */
const documentKinds = ["pdf", "jpeg", "png", "gif", "webp", "zip", "ole", "rtf"] as const satisfies FileKind[];

/** The type an office document opens with, by its name's extension, when its bytes are of the kind the name says. */
const officeTypes: Record<string, { kind: FileKind; contentType: string }> = {
  docx: { kind: "zip", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  xlsx: { kind: "zip", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  pptx: { kind: "zip", contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation" },
  odt: { kind: "zip", contentType: "application/vnd.oasis.opendocument.text" },
  ods: { kind: "zip", contentType: "application/vnd.oasis.opendocument.spreadsheet" },
  odp: { kind: "zip", contentType: "application/vnd.oasis.opendocument.presentation" },
  doc: { kind: "ole", contentType: "application/msword" },
  xls: { kind: "ole", contentType: "application/vnd.ms-excel" },
  ppt: { kind: "ole", contentType: "application/vnd.ms-powerpoint" },
};

/** The document's type: from its bytes (415 "The type uploaded is not accepted." otherwise), refined by its name. */
export function documentType(fileName: string, bytes: Buffer): string {
  const kind = sniffFileKind(bytes, documentKinds);
  if (!kind) throw new AppError(415, "TYPE_NOT_ACCEPTED");
  const office = officeTypes[fileName.split(".").pop()?.toLowerCase() ?? ""];
  return office?.kind === kind ? office.contentType : fileTypes[kind].contentType;
}

/** A document's language is one of the event's (or none: every language). */
function checkLanguage(event: Pick<EventRow, "languages">, language: Language | null) {
  if (language && !event.languages.includes(language)) throw fieldError("fileLanguage", "FIELD_INVALID");
}

const view = (row: DocumentRow): EventDocument => ({
  id: row.id,
  eventId: row.eventId,
  position: row.position,
  name: row.name,
  fileLanguage: row.fileLanguage,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const audited = (row: DocumentRow) => ({
  name: row.name,
  fileLanguage: row.fileLanguage,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
});

/** List, rename (POST {id}), delete (its file removed once the deletion commits), reorder. */
export const documentsService = orderedContentService<DocumentRow, DocumentValues, EventDocument>({
  kind: "document",
  table: documents,
  notReordered: "DOCUMENTS_NOT_REORDERED",
  requireModule: requireMiscModule,
  check: async (_executor, event, values) => checkLanguage(event, values.fileLanguage),
  release: async (_executor, row) => [row.storageKey],
  view,
  audited,
  columns: (values) => values,
});

/**
 * Keeps an uploaded document at `position` (the others from there move down a place) or at the end: its name is the
 * `name` field, else the file's name without its extension; its language the `fileLanguage` field (none: every
 * language). The bytes are written first and removed again if the row is refused.
 */
export async function uploadDocument(
  context: AppContext,
  caller: Caller,
  eventId: string,
  position: number | undefined,
  receive: (maxBytes: number) => ReturnType<typeof receiveMultipart>,
): Promise<EventDocument> {
  const { fields, upload } = await receiveContentUpload(context, caller, eventId, receive, documentMaxBytes);
  const contentType = documentType(upload.fileName, upload.bytes);
  const fileName = safeFileName(upload.fileName, "document");
  const values = parseUploadFields(documentBody, {
    name: fields.name?.trim() || fileName.replace(/\.[^.]+$/, "") || fileName,
    fileLanguage: fields.fileLanguage || null,
  });
  const storageKey = `documents/${eventId}/${randomUUID()}`;
  await context.files.put(storageKey, upload.bytes);
  try {
    return await context.db.transaction(async (tx) => {
      // The event may have changed while the bytes came: its module, its languages.
      const event = await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
      requireMiscModule(event);
      checkLanguage(event, values.fileLanguage);
      const at = await insertionPosition(tx, documents, { eventId }, position, "x-document-position");
      const [row] = await tx
        .insert(documents)
        .values({ ...values, eventId, position: at, fileName, contentType, size: upload.bytes.length, storageKey })
        .returning();
      if (!row) throw new Error("document insert returned nothing");
      await recordContentChange(tx, caller, eventId, {
        kind: "document",
        change: "created",
        id: row.id,
        after: audited(row),
      });
      return view(row);
    });
  } catch (error) {
    await context.files.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/**
 * The documents the public page lists for a visitor reading `scope.language`: those in that language and those in
 * every language, in the organizer's order. The caller leaves them out while the event's `misc` module is off.
 */
export async function publicDocuments(scope: PublicContentScope & { slug: string }): Promise<PublicDocument[]> {
  const rows = await scope.executor
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.eventId, scope.eventId),
        or(isNull(documents.fileLanguage), eq(documents.fileLanguage, scope.language)),
      ),
    )
    .orderBy(byPosition(documents));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    fileLanguage: row.fileLanguage,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: endpointPath(documentsEndpoints.endpoints.download, { slug: scope.slug, id: row.id }),
  }));
}

/** A document's bytes for anyone with the public page: 404 for another event's, an archived event's, or with misc off. */
export async function readPublicDocument(
  context: AppContext,
  slug: string,
  id: string,
): Promise<{ fileName: string; contentType: string; size: number; stream: Readable }> {
  const event = await requirePublicEvent(context.db, slug);
  if (!event.modules.misc) throw notFound();
  const [row] = await context.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.eventId, event.id)));
  if (!row) throw notFound();
  return {
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    stream: context.files.read(row.storageKey),
  };
}
