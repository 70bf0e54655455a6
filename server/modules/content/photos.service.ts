import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { languages } from "../../../contract/common.js";
import { imagePurposes } from "../../../contract/images.js";
import { type Photo, type PublicPhoto, photoBody } from "../../../contract/photos.js";
import type { AppContext } from "../../platform/context.js";
import type { receiveMultipart } from "../../platform/file-store.js";
import type { Caller } from "../events/events.service.js";
import { localizedText } from "../events/events.values.js";
import { requireEvent } from "../events/events.visibility.js";
import { deleteImage, imageView, uploadImage } from "../images/images.service.js";
import { images } from "../images/images.tables.js";
import type { PublicContentScope } from "./content.public.js";
import { requireMiscModule } from "./content-modules.js";
import { parseUploadFields, receiveContentUpload } from "./content-uploads.js";
import { byPosition, imageExpansion, insertionPosition, recordContentChange } from "./ordered-content.js";
import { orderedContentService } from "./ordered-content.service.js";
import { photos } from "./photos.tables.js";

/* SPEC §7 photos: the event's gallery, an ordered content list (ordered-content.service.ts) of the event's images. */

type PhotoRow = typeof photos.$inferSelect;
type PhotoValues = z.output<typeof photoBody>;

const view = (row: PhotoRow): Photo => ({
  id: row.id,
  eventId: row.eventId,
  position: row.position,
  imageId: row.imageId,
  caption: row.caption,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const audited = (row: PhotoRow) => ({ imageId: row.imageId, caption: row.caption });

/** List (expand=image for the thumbnails), caption (POST {id}), delete (with its image and copies), reorder. */
export const photosService = orderedContentService<PhotoRow, PhotoValues, Photo>({
  kind: "photo",
  table: photos,
  notReordered: "PHOTOS_NOT_REORDERED",
  requireModule: requireMiscModule,
  expansions: { image: imageExpansion((row: PhotoRow) => row.imageId) },
  release: (executor, row) => deleteImage(executor, row.eventId, row.imageId),
  view,
  audited,
  columns: (values) => values,
});

/** The multipart fields `caption.fr`, `caption.en`, `caption.es` as the body's caption (blank ones left out). */
const captionOf = (fields: Record<string, string>) =>
  Object.fromEntries(
    languages.flatMap((language) => {
      const text = fields[`caption.${language}`]?.trim();
      return text ? [[language, text]] : [];
    }),
  );

/**
 * Keeps an uploaded photo at `position` (the others from there move down a place) or at the end: the image and its
 * resized copies through the images module (JPEG, PNG or WebP, 8 MB), then the photo. An image whose photo is refused
 * (the module turned off meanwhile, a position past the end) is deleted again.
 */
export async function uploadPhoto(
  context: AppContext,
  caller: Caller,
  eventId: string,
  position: number | undefined,
  receive: (maxBytes: number) => ReturnType<typeof receiveMultipart>,
): Promise<Photo> {
  const { maxBytes } = imagePurposes.photo;
  const { fields, upload } = await receiveContentUpload(context, caller, eventId, receive, maxBytes);
  const values = parseUploadFields(photoBody, { caption: captionOf(fields) });
  const image = await uploadImage(context, caller, eventId, async () => upload, { purpose: "photo" });
  try {
    return await context.db.transaction(async (tx) => {
      const event = await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
      requireMiscModule(event);
      const at = await insertionPosition(tx, photos, { eventId }, position, "x-photo-position");
      const [row] = await tx
        .insert(photos)
        .values({ ...values, eventId, imageId: image.id, position: at })
        .returning();
      if (!row) throw new Error("photo insert returned nothing");
      await recordContentChange(tx, caller, eventId, {
        kind: "photo",
        change: "created",
        id: row.id,
        after: audited(row),
      });
      return { ...view(row), image };
    });
  } catch (error) {
    const keys = await deleteImage(context.db, eventId, image.id);
    await Promise.allSettled(keys.map((key) => context.files.remove(key)));
    throw error;
  }
}

/**
 * The gallery of the public page for a visitor reading `scope.language`: each photo's caption in that language (else
 * the event's preferred one), its size and resized copies, in the organizer's order, in one statement. The caller
 * leaves them out while the event's `misc` module is off.
 */
export async function publicPhotos(scope: PublicContentScope): Promise<PublicPhoto[]> {
  const rows = await scope.executor
    .select({ photo: photos, image: images })
    .from(photos)
    .innerJoin(images, and(eq(images.id, photos.imageId), eq(images.eventId, photos.eventId)))
    .where(eq(photos.eventId, scope.eventId))
    .orderBy(byPosition(photos));
  return rows.map(({ photo, image }) => {
    const { width, height, url, variants } = imageView(scope.config, image);
    return {
      id: photo.id,
      caption: localizedText(photo.caption, scope.language, scope.preferredLanguage),
      width,
      height,
      url,
      variants,
    };
  });
}
