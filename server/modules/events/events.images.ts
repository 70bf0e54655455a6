import type { EventImageRole } from "../../../contract/events.js";
import { imagePurposes } from "../../../contract/images.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { fieldError } from "../../platform/errors.js";
import type { EventValues } from "./events.values.js";

/** One of the event's uploaded images, or null: asked of the images module, which sits above this one. */
export type EventImageLookup = (
  executor: Executor,
  eventId: string,
  imageId: string,
) => Promise<{ contentType: string; size: number } | null>;

declare module "../../platform/context.js" {
  interface ModuleHooks {
    eventImage: EventImageLookup;
  }
}

/** Each image field of an event, with the message of SPEC §8 for an image that cannot be had there. */
const imageFields = {
  banner: { field: "bannerImageId", error: "BANNER_NOT_DOWNLOADED" },
  favicon: { field: "faviconImageId", error: "FAVICON_NOT_DOWNLOADED" },
  logo: { field: "logoImageId", error: "LOGO_NOT_DOWNLOADED" },
  partners: { field: "partnersImageId", error: "PARTNERS_IMAGE_NOT_DOWNLOADED" },
} as const satisfies Record<EventImageRole, { field: keyof EventValues; error: string }>;

const pageImageTypes = ["image/jpeg", "image/png", "image/webp"];

/**
 * A page's images follow SPEC §5's general rule: a campaign's GIF or 8 MB photo is no banner (nor a speaker's photo or
 * a partner's logo).
 */
export function isPageImage(image: { contentType: string; size: number }): boolean {
  return pageImageTypes.includes(image.contentType) && image.size <= imagePurposes.general.maxBytes;
}

/**
 * Checks the images an update changes: each must be one of this event's own images (another event's id, even of the
 * same account, is refused: its images go when it is deleted), of a page's type and size.
 */
export async function checkEventImages(
  context: AppContext,
  executor: Executor,
  eventId: string,
  next: EventValues,
  changedKeys: string[],
): Promise<void> {
  for (const { field, error } of Object.values(imageFields)) {
    const imageId = next[field];
    if (!imageId || !changedKeys.includes(field)) continue;
    const image = await context.hooks.eventImage(executor, eventId, imageId);
    if (!image || !isPageImage(image)) throw fieldError(field, error);
  }
}
