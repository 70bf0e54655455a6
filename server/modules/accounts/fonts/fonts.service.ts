import { randomUUID } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import * as fontkit from "fontkit";
import { decompress } from "wawoff2";
import type { z } from "zod";
import {
  type Font,
  type fontBody,
  fontMaxBytes,
  type fontUpdateBody,
  type PublicFont,
} from "../../../../contract/fonts.js";
import type { Executor, Transaction } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, notFound } from "../../../platform/errors.js";
import { readStoredFile, type Upload } from "../../../platform/file-store.js";
import { changedFields, recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../accounts.service.js";
import { fonts } from "./fonts.tables.js";

declare module "../../../platform/context.js" {
  interface ModuleHooks {
    /** How many e-badges of the account's events draw text in the font: kept by ebadges, which sits above accounts. */
    fontUsage: (context: AppContext, accountId: string, fontId: string) => Promise<number>;
  }
}

type FontRow = typeof fonts.$inferSelect;

/** The public address of a font's file: its key is new for every file, so browsers keep it for a year. */
export const fontFileUrl = (context: AppContext, fileKey: string) =>
  `${context.config.publicUrl}/api/v1/fonts/${fileKey}.woff2`;

export const toFont = (context: AppContext, row: FontRow): Font => ({
  id: row.id,
  accountId: row.accountId,
  name: row.name ?? "",
  type: row.type,
  alternateFont: row.alternateFont,
  active: row.active,
  url: fontFileUrl(context, row.fileKey),
  size: row.size,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** An upload no font named within a day is dropped (its file too) at the account's next upload. */
const unnamedUploadHours = 24;

/** A WOFF2 file decoded to the TrueType/OpenType (sfnt) face it compresses. */
const decodeWoff2 = async (bytes: Buffer) => Buffer.from(await decompress(bytes));

/**
 * SPEC §5 "Font is not valid.": a WOFF2 file (its first bytes `wOF2`) that decodes to one face with a family name.
 * A TTF renamed .woff2, a collection or a damaged file is refused with 415 FONT_INVALID. Answers the decoded face too.
 */
export async function readWoff2(bytes: Buffer): Promise<{ familyName: string; sfnt: Buffer }> {
  if (bytes.subarray(0, 4).toString("latin1") !== "wOF2") throw new AppError(415, "FONT_INVALID");
  try {
    const sfnt = await decodeWoff2(bytes);
    const font = fontkit.create(sfnt);
    if (!("familyName" in font) || font.numGlyphs < 1) throw new Error("not one face");
    return { familyName: String(font.familyName ?? "").slice(0, 200), sfnt };
  } catch {
    throw new AppError(415, "FONT_INVALID");
  }
}

/** Where a WOFF2's decoded face is kept: beside it, under a key made from its own (so writing it twice is harmless). */
const sfntKeyOf = (storageKey: string) => storageKey.replace(/(\.woff2)?$/, ".sfnt");

/** A font's files in the FileStore: the WOFF2, and its decoded face once there is one. */
const storedFiles = (row: Pick<FontRow, "storageKey" | "sfntStorageKey">) =>
  row.sfntStorageKey ? [row.storageKey, row.sfntStorageKey] : [row.storageKey];

/**
 * The TrueType/OpenType face a PDF embeds (never the WOFF2: fontkit's subsetter copies glyphs from the glyf table as
 * stored, which WOFF2 transforms, and fails or draws garbage). A font stored before faces were decoded at upload has
 * its face decoded now and kept.
 */
export async function readFontSfnt(
  context: AppContext,
  row: Pick<FontRow, "id" | "storageKey" | "sfntStorageKey">,
): Promise<Buffer> {
  if (row.sfntStorageKey) return readStoredFile(context.files, row.sfntStorageKey);
  const sfnt = await decodeWoff2(await readStoredFile(context.files, row.storageKey));
  const sfntStorageKey = sfntKeyOf(row.storageKey);
  await context.files.put(sfntStorageKey, sfnt);
  await context.db.update(fonts).set({ sfntStorageKey }).where(eq(fonts.id, row.id));
  return sfnt;
}

function auditFont(
  tx: Transaction,
  { principal, ip }: Caller,
  accountId: string,
  verb: "created" | "updated" | "deleted",
  id: string,
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> },
) {
  return recordAudit(
    tx,
    principal,
    { accountId, action: `accounts.font.${verb}`, targetType: "font", targetId: id, ...change },
    ip,
  );
}

const auditView = ({ name, type, alternateFont, active }: FontRow) => ({ name, type, alternateFont, active });

async function requireFont(executor: Executor, accountId: string, id: string, options: { lock?: boolean } = {}) {
  const query = executor
    .select()
    .from(fonts)
    .where(and(eq(fonts.accountId, accountId), eq(fonts.id, id), isNotNull(fonts.name)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

/** Drops the account's uploads left unnamed for a day: the rows, then their files. */
async function sweepUnnamedUploads(context: AppContext, accountId: string) {
  const swept = await context.db
    .delete(fonts)
    .where(
      and(
        eq(fonts.accountId, accountId),
        isNull(fonts.name),
        lt(fonts.createdAt, sql`now() - make_interval(hours => ${unnamedUploadHours})`),
      ),
    )
    .returning({ storageKey: fonts.storageKey, sfntStorageKey: fonts.sfntStorageKey });
  await Promise.allSettled(swept.flatMap(storedFiles).map((key) => context.files.remove(key)));
}

/** POST fonts/upload: the file checked, stored and kept unnamed until POST fonts names it. */
export async function uploadFont(
  context: AppContext,
  accountId: string,
  receive: (maxBytes: number) => Promise<Upload>,
) {
  const { bytes } = await receive(fontMaxBytes);
  const { familyName, sfnt } = await readWoff2(bytes);
  await sweepUnnamedUploads(context, accountId);
  const storageKey = `fonts/${accountId}/${randomUUID()}.woff2`;
  const sfntStorageKey = sfntKeyOf(storageKey);
  await Promise.all([context.files.put(storageKey, bytes), context.files.put(sfntStorageKey, sfnt)]);
  const [row] = await context.db
    .insert(fonts)
    .values({ accountId, storageKey, sfntStorageKey, size: bytes.length, familyName })
    .returning();
  if (!row) throw new AppError(409, "NOT_SAVED");
  return { fileId: row.id, familyName, size: row.size };
}

export async function listFonts(context: AppContext, accountId: string) {
  const rows = await context.db
    .select()
    .from(fonts)
    .where(and(eq(fonts.accountId, accountId), isNotNull(fonts.name)))
    .orderBy(asc(fonts.createdAt), asc(fonts.id));
  return { items: rows.map((row) => toFont(context, row)), total: rows.length };
}

/** The account's active fonts, for its events' public pages (one read along the account's index). */
export async function listPublicFonts(context: AppContext, accountId: string): Promise<PublicFont[]> {
  const rows = await context.db
    .select({
      name: fonts.name,
      familyName: fonts.familyName,
      type: fonts.type,
      alternateFont: fonts.alternateFont,
      fileKey: fonts.fileKey,
    })
    .from(fonts)
    .where(and(eq(fonts.accountId, accountId), eq(fonts.active, true), isNotNull(fonts.name)))
    .orderBy(asc(fonts.createdAt), asc(fonts.id));
  return rows.map((row) => ({
    // The file's family groups a family's faces (regular, bold…); the organizer's name stands in when it has none.
    family: row.familyName || (row.name ?? ""),
    type: row.type,
    url: fontFileUrl(context, row.fileKey),
    alternateFont: row.alternateFont,
  }));
}

export async function getFont(context: AppContext, accountId: string, id: string) {
  return toFont(context, await requireFont(context.db, accountId, id));
}

/** POST fonts: names an upload of the account (404 for an unknown, named or another account's upload). */
export async function createFont(
  context: AppContext,
  caller: Caller,
  accountId: string,
  body: z.output<typeof fontBody>,
) {
  const { fileId, ...fields } = body;
  const row = await context.db.transaction(async (tx) => {
    const [named] = await tx
      .update(fonts)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(fonts.accountId, accountId), eq(fonts.id, fileId), isNull(fonts.name)))
      .returning();
    if (!named) throw notFound();
    await auditFont(tx, caller, accountId, "created", named.id, { after: auditView(named) });
    return named;
  });
  return toFont(context, row);
}

export async function updateFont(
  context: AppContext,
  caller: Caller,
  accountId: string,
  id: string,
  body: z.output<typeof fontUpdateBody>,
) {
  const row = await context.db.transaction(async (tx) => {
    const before = await requireFont(tx, accountId, id, { lock: true });
    const [updated] = await tx
      .update(fonts)
      .set({ ...body, updatedAt: sql`now()` })
      .where(eq(fonts.id, id))
      .returning();
    if (!updated) throw notFound();
    await auditFont(tx, caller, accountId, "updated", id, changedFields(auditView(before), auditView(updated)));
    return updated;
  });
  return toFont(context, row);
}

/** A font an e-badge draws with stays (409 FONT_NOT_DELETED): the badge would print in another face. */
export async function deleteFont(context: AppContext, caller: Caller, accountId: string, id: string) {
  await requireFont(context.db, accountId, id);
  // Asked before the transaction: the hook reads on its own connection (PGlite has one, held by an open transaction).
  if ((await context.hooks.fontUsage(context, accountId, id)) > 0) throw new AppError(409, "FONT_NOT_DELETED");
  const removed = await context.db.transaction(async (tx) => {
    const row = await requireFont(tx, accountId, id, { lock: true });
    await tx.delete(fonts).where(eq(fonts.id, id));
    await auditFont(tx, caller, accountId, "deleted", id, { before: auditView(row) });
    return row;
  });
  await Promise.all(storedFiles(removed).map((key) => context.files.remove(key)));
  return { ok: true as const };
}

/** The file of `/api/v1/fonts/<fileKey>.woff2`, for anyone (the public page and badges' designer load it). */
export async function readFontFile(context: AppContext, file: string) {
  const fileKey = file.replace(/\.woff2$/, "");
  const [row] = await context.db
    .select({ storageKey: fonts.storageKey, size: fonts.size })
    .from(fonts)
    .where(eq(fonts.fileKey, fileKey));
  if (!row) throw notFound();
  return { size: row.size, stream: context.files.read(row.storageKey) };
}
