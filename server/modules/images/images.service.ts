import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { endpointPath } from "../../../contract/endpoint.js";
import { imagesEndpoints } from "../../../contract/images.endpoints.js";
import { type Image, type ImagePurpose, imagePurposes, imageVariantWidths } from "../../../contract/images.js";
import type { Config } from "../../config.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, notFound } from "../../platform/errors.js";
import { type FileKind, fileTypes, sniffFileKind, type Upload } from "../../platform/file-store.js";
import { recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import { type ImageVariant, images } from "./images.tables.js";

export type ImageRow = typeof images.$inferSelect;

/**
 * Pixels an upload may decode to: a 40-megapixel photo passes, a small file that unpacks to gigabytes of pixels (a
 * "decompression bomb") is refused before sharp allocates them.
 */
const maxInputPixels = 50_000_000;

/** The widest variant: what a mail or a page shows when it asks for no width. */
const defaultWidth = Math.max(...imageVariantWidths);

/**
 * The absolute public address of an image's resized copy, for mails (PUBLIC_URL based): the smallest copy at least
 * `width` wide (the largest when none is), in a format every mail client shows (JPEG, PNG or GIF).
 */
export function imageUrl(config: Pick<Config, "publicUrl">, imageId: string, width: number = defaultWidth): string {
  return variantUrl(config, imageId, String(Math.max(1, Math.round(width))));
}

function variantUrl(config: Pick<Config, "publicUrl">, imageId: string, variant: string) {
  return `${config.publicUrl}${endpointPath(imagesEndpoints.endpoints.variant, { id: imageId, variant })}`;
}

/** An image of the event, or null: a campaign checks through it that the image its block names is the event's own. */
export async function findEventImage(executor: Executor, eventId: string, id: string): Promise<ImageRow | null> {
  const [row] = await executor
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.eventId, eventId)));
  return row ?? null;
}

export type UploadImageOptions = {
  purpose?: ImagePurpose;
  /** Overrides the purpose's limit: an uploader with its own (the e-badge background's 4 MB). */
  maxBytes?: number;
  /** Overrides the purpose's choice on GIF. */
  allowGif?: boolean;
};

/** The size limit and the GIF choice of an upload, from its purpose unless the caller says otherwise. */
export function uploadLimits(options: UploadImageOptions = {}) {
  const purpose = imagePurposes[options.purpose ?? "general"];
  return {
    maxBytes: options.maxBytes ?? purpose.maxBytes,
    allowGif: options.allowGif ?? purpose.allowGif,
  };
}

const unsupported = () => new AppError(415, "IMAGE_TYPE_UNSUPPORTED");

type Prepared = {
  kind: FileKind;
  width: number;
  height: number;
  variants: { name: string; bytes: Buffer; width: number; height: number; contentType: string }[];
};

/**
 * Reads the real type from the bytes (never the name or the browser's claim), then makes the resized copies: the
 * widths of imageVariantWidths that fit (never enlarged; a narrower image gets its own width under the first name it
 * does not reach), each in a mail-safe format (JPEG, PNG, GIF: many mail clients lack WebP) and in WebP for pages.
 * Every copy is re-encoded, so EXIF (GPS position, camera) and other metadata never leave the original, which is
 * kept but never served.
 */
export async function prepareImage(bytes: Buffer, allowGif: boolean): Promise<Prepared> {
  const kind = sniffFileKind(bytes, allowGif ? ["jpeg", "png", "webp", "gif"] : ["jpeg", "png", "webp"]);
  if (!kind) throw unsupported();
  const options = { failOn: "error", limitInputPixels: maxInputPixels } as const;
  let metadata: Metadata;
  try {
    // The header alone: the pixel limit is checked below, where it answers 413 rather than a type refusal.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (metadata.format !== kind) throw unsupported();
  const animated = (metadata.pages ?? 1) > 1 && (kind === "gif" || kind === "webp");
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = animated ? (metadata.pageHeight ?? metadata.height) : (metadata.autoOrient?.height ?? metadata.height);
  if (!width || !height) throw unsupported();
  if (width * height * (metadata.pages ?? 1) > maxInputPixels) throw new AppError(413, "FILE_TOO_BIG");

  const safe: "jpeg" | "png" | "gif" =
    kind === "gif" ? "gif" : kind === "png" || (kind === "webp" && metadata.hasAlpha) ? "png" : "jpeg";
  const variants: Prepared["variants"] = [];
  try {
    for (const nominal of imageVariantWidths) {
      const target = Math.min(nominal, width);
      for (const format of [safe, "webp"] as const) {
        const pipeline = sharp(bytes, { ...options, animated, autoOrient: !animated }).resize({
          width: target,
          withoutEnlargement: true,
        });
        const encoded =
          format === "jpeg"
            ? pipeline.jpeg({ quality: 82, mozjpeg: true })
            : format === "png"
              ? pipeline.png({ compressionLevel: 9 })
              : format === "gif"
                ? pipeline.gif()
                : pipeline.webp({ quality: 80 });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        variants.push({
          name: format === "webp" ? `${nominal}.webp` : String(nominal),
          bytes: data,
          width: info.width,
          height: info.pageHeight ?? info.height,
          contentType: fileTypes[format].contentType,
        });
      }
      if (nominal >= width) break;
    }
  } catch {
    // The header read well but the pixels do not decode: a damaged or disguised file.
    throw unsupported();
  }
  return { kind, width, height, variants };
}

/**
 * Keeps an uploaded image of the event: checks the caller may change the event before the bytes are read (so one
 * without the right never has megabytes taken from them), reads them within the limit (413), checks the type (415),
 * stores the original and its copies, then the row and its audit entry.
 */
export async function uploadImage(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  receive: (maxBytes: number) => Promise<Upload>,
  options: UploadImageOptions = {},
): Promise<Image> {
  await requireEvent(context.db, access, eventId, "events.update");
  const { maxBytes, allowGif } = uploadLimits(options);
  const upload = await receive(maxBytes);
  if (upload.bytes.length > maxBytes) throw new AppError(413, "FILE_TOO_BIG");
  const prepared = await prepareImage(upload.bytes, allowGif);

  const id = randomUUID();
  const folder = `images/${eventId}/${id}`;
  const originalKey = `${folder}/original`;
  const written: string[] = [];
  const put = async (key: string, bytes: Buffer) => {
    written.push(key);
    await context.files.put(key, bytes);
  };
  try {
    await put(originalKey, upload.bytes);
    const variants: Record<string, ImageVariant> = {};
    for (const variant of prepared.variants) {
      const key = `${folder}/${variant.name}`;
      await put(key, variant.bytes);
      variants[variant.name] = {
        width: variant.width,
        height: variant.height,
        key,
        contentType: variant.contentType,
        size: variant.bytes.length,
      };
    }
    const row = await insertImage(context, { access, ip }, upload, prepared, {
      id,
      eventId,
      originalKey,
      variants,
      purpose: options.purpose ?? "general",
    });
    return imageView(context.config, row);
  } catch (error) {
    // No row points at these bytes: they go rather than stay orphaned in the store.
    await Promise.allSettled(written.map((key) => context.files.remove(key)));
    throw error;
  }
}

async function insertImage(
  context: AppContext,
  { access, ip }: Caller,
  upload: Upload,
  prepared: Prepared,
  stored: {
    id: string;
    eventId: string;
    originalKey: string;
    variants: Record<string, ImageVariant>;
    purpose: ImagePurpose;
  },
): Promise<ImageRow> {
  const { id, eventId, originalKey, variants, purpose } = stored;
  return context.db.transaction(async (tx) => {
    // The event may have gone while the bytes were read and resized.
    await requireEvent(tx, access, eventId, "events.update", { lock: true });
    const [row] = await tx
      .insert(images)
      .values({
        id,
        accountId: access.accountId,
        eventId,
        originalKey,
        contentType: fileTypes[prepared.kind].contentType,
        width: prepared.width,
        height: prepared.height,
        size: upload.bytes.length,
        purpose,
        variants,
        createdBy: access.principal.kind === "user" ? access.principal.userId : null,
      })
      .returning();
    if (!row) throw new Error("image row not returned");
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "images.image.uploaded",
        targetType: "image",
        targetId: id,
        after: {
          name: upload.fileName.slice(0, 255),
          contentType: row.contentType,
          size: row.size,
          width: row.width,
          height: row.height,
          purpose: row.purpose,
        },
      },
      ip,
    );
    return row;
  });
}

/**
 * Deletes an image of the event (what owned it goes, as a photo of the gallery) and answers the store keys of its
 * original and copies, which the caller removes once its transaction commits: bytes may outlive a row, never the reverse.
 */
export async function deleteImage(executor: Executor, eventId: string, id: string): Promise<string[]> {
  const [row] = await executor
    .delete(images)
    .where(and(eq(images.id, id), eq(images.eventId, eventId)))
    .returning();
  return row ? [row.originalKey, ...Object.values(row.variants).map((variant) => variant.key)] : [];
}

/** An image's metadata and the addresses of its copies; 404 outside the caller's reach or of another event. */
export async function getImage(context: AppContext, { access }: Caller, eventId: string, id: string): Promise<Image> {
  await requireEvent(context.db, access, eventId, "events.read");
  const row = await findEventImage(context.db, eventId, id);
  if (!row) throw notFound();
  return imageView(context.config, row);
}

/** Variant names in order of width, the mail-safe ones or the WebP ones. */
function variantNames(row: ImageRow, webp: boolean): string[] {
  return Object.keys(row.variants)
    .filter((name) => name.endsWith(".webp") === webp)
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
}

export function imageView(config: Pick<Config, "publicUrl">, row: ImageRow): Image {
  const mailSafe = variantNames(row, false);
  const ordered = [...mailSafe, ...variantNames(row, true)];
  return {
    id: row.id,
    eventId: row.eventId,
    purpose: row.purpose as ImagePurpose,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    size: row.size,
    url: variantUrl(config, row.id, mailSafe[mailSafe.length - 1] ?? String(defaultWidth)),
    variants: ordered.flatMap((name) => {
      const variant = row.variants[name];
      if (!variant) return [];
      const { width, height, contentType, size } = variant;
      return [{ name, width, height, contentType, size, url: variantUrl(config, row.id, name) }];
    }),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The copy a public address names: `640` or `640.webp` exactly, or any width (`600`), answered with the smallest copy
 * at least that wide, else the widest. Unknown image or malformed name: 404.
 */
export async function readImageVariant(
  context: AppContext,
  id: string,
  variant: string,
): Promise<{ contentType: string; size: number; stream: Readable }> {
  const match = /^(\d{1,5})(\.webp)?$/.exec(variant);
  if (!match) throw notFound();
  const [row] = await context.db.select().from(images).where(eq(images.id, id));
  if (!row) throw notFound();
  const webp = match[2] !== undefined;
  const wanted = Number(match[1]);
  const names = variantNames(row, webp);
  const name = names.find((n) => Number.parseInt(n, 10) >= wanted) ?? names[names.length - 1];
  const chosen = name ? row.variants[name] : undefined;
  if (!chosen) throw notFound();
  return { contentType: chosen.contentType, size: chosen.size, stream: context.files.read(chosen.key) };
}
