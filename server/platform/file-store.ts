import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../db/connection.js";
import { AppError, fieldError } from "./errors.js";
import { storedFiles } from "./files.tables.js";
import { refuseNulCharacter } from "./nul-refusal.js";

/**
 * Where uploaded bytes live. The local disk (DATA_DIR/files) serves one instance; several instances need a shared
 * store (an S3-compatible bucket) behind the same three calls.
 */
export type FileStore = {
  put(key: string, bytes: Buffer): Promise<void>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
};

/** A stored file's bytes at once, for what needs it whole (a PDF's images and fonts). */
export const readStoredFile = async (files: FileStore, key: string): Promise<Buffer> =>
  Buffer.concat(await files.read(key).toArray());

export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    const target = path.resolve(root, key);
    // Keys are made here, never from user input; this guard keeps it that way.
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`file key outside the store: ${key}`);
    return target;
  };
  return {
    async put(key, bytes) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside, then renamed over the key: a reader never sees a file half written, even while a second writer
      // replaces it (two workers on one e-badge batch), and a process killed mid-write leaves the old file whole.
      const aside = `${target}.${randomUUID()}.writing`;
      try {
        await writeFile(aside, bytes);
        await rename(aside, target);
      } finally {
        await rm(aside, { force: true });
      }
    },
    read: (key) => createReadStream(resolve(key)),
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** `attachment; filename=…` with the UTF-8 name too, so accented names survive every browser. */
export const contentDisposition = (kind: "inline" | "attachment", name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** File types the platform accepts anywhere, recognised from their first bytes (never from the name or the browser). */
export const fileTypes = {
  pdf: { contentType: "application/pdf", test: (b: Buffer) => b.subarray(0, 5).toString("latin1") === "%PDF-" },
  jpeg: { contentType: "image/jpeg", test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  png: {
    contentType: "image/png",
    test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  gif: { contentType: "image/gif", test: (b: Buffer) => /^GIF8[79]a/.test(b.subarray(0, 6).toString("latin1")) },
  webp: {
    contentType: "image/webp",
    test: (b: Buffer) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
  /** Office documents (docx, xlsx, pptx, odt…) are zip archives. */
  zip: {
    contentType: "application/zip",
    test: (b: Buffer) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])),
  },
  /** Office documents of before 2007 (doc, xls, ppt): an OLE2 compound file. */
  ole: {
    contentType: "application/vnd.ms-office",
    test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
  },
  rtf: { contentType: "application/rtf", test: (b: Buffer) => b.subarray(0, 5).toString("latin1") === "{\\rtf" },
} as const;
export type FileKind = keyof typeof fileTypes;

export function sniffFileKind(bytes: Buffer, accepted: readonly FileKind[]): FileKind | null {
  return accepted.find((kind) => fileTypes[kind].test(bytes)) ?? null;
}

export type Upload = { fileName: string; bytes: Buffer; fields: Record<string, string> };

/**
 * Reads a multipart request: its text fields, and its one file part `file` when sent, within `maxBytes`
 * (413 "The file uploaded is too big."). A request that is not multipart answers 415.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; upload: Upload | null }> {
  if (!request.isMultipart()) throw new AppError(415, "TYPE_NOT_ACCEPTED");
  const fields: Record<string, string> = {};
  let upload: Upload | null = null;
  // A file past maxBytes throws @fastify/multipart's 413, answered "The file uploaded is too big." (errors.ts).
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
    if (part.type === "field") fields[part.fieldname] = String(part.value);
    else if (part.fieldname === "file") upload = { fileName: part.filename, bytes: await part.toBuffer(), fields };
    else await part.toBuffer();
  }
  refuseNulCharacter(fields);
  refuseNulCharacter(upload?.fileName, ["file"]);
  return { fields, upload: upload && upload.bytes.length > 0 ? upload : null };
}

/** Reads a multipart request whose file part `file` is required (see receiveMultipart). */
export async function receiveUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  const { upload } = await receiveMultipart(request, maxBytes);
  if (!upload) throw fieldError("file", "FIELD_REQUIRED");
  return upload;
}

/**
 * Keeps an uploaded file: checks its type from the bytes (415 "The type uploaded is not accepted."), writes the bytes,
 * then the row in `tx`. Bytes written for a transaction that later rolls back stay orphaned on disk, never the reverse.
 */
export async function storeUpload(
  store: FileStore,
  tx: Executor,
  input: { eventId: string; purpose: string; upload: Upload; accepted: readonly FileKind[] },
) {
  const kind = sniffFileKind(input.upload.bytes, input.accepted);
  if (!kind) throw new AppError(415, "TYPE_NOT_ACCEPTED");
  const storageKey = `${input.eventId}/${randomUUID()}`;
  await store.put(storageKey, input.upload.bytes);
  const [row] = await tx
    .insert(storedFiles)
    .values({
      eventId: input.eventId,
      purpose: input.purpose,
      name: input.upload.fileName.slice(0, 255) || "file",
      contentType: fileTypes[kind].contentType,
      size: input.upload.bytes.length,
      storageKey,
    })
    .returning();
  if (!row) throw new Error("stored file row not returned");
  return row;
}
