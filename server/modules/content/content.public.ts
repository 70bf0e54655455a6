import { and, eq } from "drizzle-orm";
import type { PublicImage } from "../../../contract/public.js";
import type { PublicPartner, PublicSpeaker } from "../../../contract/public-content.js";
import type { Config } from "../../config.js";
import type { Executor } from "../../db/connection.js";
import type { Language } from "../../platform/language.js";
import { localizedText } from "../events/events.values.js";
import { imageView } from "../images/images.service.js";
import { images } from "../images/images.tables.js";
import { byPosition } from "./ordered-content.js";
import { partners } from "./partners.tables.js";
import { speakers } from "./speakers.tables.js";

/**
 * What an event's public page reads of one kind of its content: the event (already found public by the caller), the
 * language to speak, and the event's preferred one to fall back to where the organizer left a text unwritten.
 */
export type PublicContentScope = {
  executor: Executor;
  config: Pick<Config, "publicUrl">;
  eventId: string;
  language: Language;
  preferredLanguage: Language;
};

type ImageRow = typeof images.$inferSelect;

/** An item's image as a page shows it; the join only finds the event's own images. */
function publicImage(config: PublicContentScope["config"], row: ImageRow | null): PublicImage | null {
  if (!row) return null;
  const { width, height, url, variants } = imageView(config, row);
  return { width, height, url, variants };
}

/** The event's speakers in order, each with its photo, in one statement. */
export async function publicSpeakers(scope: PublicContentScope): Promise<PublicSpeaker[]> {
  const rows = await scope.executor
    .select({ speaker: speakers, photo: images })
    .from(speakers)
    .leftJoin(images, and(eq(images.id, speakers.photoImageId), eq(images.eventId, speakers.eventId)))
    .where(eq(speakers.eventId, scope.eventId))
    .orderBy(byPosition(speakers));
  return rows.map(({ speaker, photo }) => ({
    id: speaker.id,
    name: speaker.name,
    job: speaker.job,
    company: speaker.company,
    biography: localizedText(speaker.biography, scope.language, scope.preferredLanguage),
    photo: publicImage(scope.config, photo),
    socialUrls: Object.fromEntries(Object.entries(speaker.socialUrls).filter(([, url]) => url)),
  }));
}

/** The one image of all the event's partners (the single-image partners module), when the organizer set it. */
export async function publicPartnersImage(
  scope: PublicContentScope,
  imageId: string | null,
): Promise<PublicImage | null> {
  if (!imageId) return null;
  const [row] = await scope.executor
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.eventId, scope.eventId)));
  return publicImage(scope.config, row ?? null);
}

/** The event's partners in order, each with its logo, in one statement. */
export async function publicPartners(scope: PublicContentScope): Promise<PublicPartner[]> {
  const rows = await scope.executor
    .select({ partner: partners, logo: images })
    .from(partners)
    .leftJoin(images, and(eq(images.id, partners.logoImageId), eq(images.eventId, partners.eventId)))
    .where(eq(partners.eventId, scope.eventId))
    .orderBy(byPosition(partners));
  return rows.map(({ partner, logo }) => ({
    id: partner.id,
    name: partner.name,
    link: partner.link,
    width: partner.width,
    // A logo without words of its own is named by the partner, so a screen reader never says nothing of it.
    altText: localizedText(partner.altText, scope.language, scope.preferredLanguage) || partner.name,
    logo: publicImage(scope.config, logo),
  }));
}
