import { inArray } from "drizzle-orm";
import type { PublicEvent, PublicImage } from "../../../contract/public.js";
import type { Config } from "../../config.js";
import type { Executor } from "../../db/connection.js";
import type { EventRow } from "../events/events.visibility.js";
import { imageView } from "../images/images.service.js";
import { images } from "../images/images.tables.js";

/** The event's banner, logo and favicon as the public page and its link preview show them, read in one query. */
export async function eventPageImages(
  executor: Executor,
  config: Pick<Config, "publicUrl">,
  event: Pick<EventRow, "id" | "bannerImageId" | "logoImageId" | "faviconImageId">,
): Promise<PublicEvent["images"]> {
  const ids = [event.bannerImageId, event.logoImageId, event.faviconImageId].filter((id): id is string => id !== null);
  const rows = ids.length === 0 ? [] : await executor.select().from(images).where(inArray(images.id, ids));
  const pick = (id: string | null): PublicImage | null => {
    // Checked when saved; the event's own only, should an id ever point elsewhere.
    const row = rows.find((candidate) => candidate.id === id && candidate.eventId === event.id);
    if (!row) return null;
    const { width, height, url, variants } = imageView(config, row);
    return { width, height, url, variants };
  };
  return { banner: pick(event.bannerImageId), logo: pick(event.logoImageId), favicon: pick(event.faviconImageId) };
}
