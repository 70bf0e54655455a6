import { eventSlugPattern, reservedSlugs } from "../../../contract/events.js";
import type { Database } from "../../db/connection.js";
import { isLanguage, type Language } from "../../platform/language.js";
import { localizedText } from "../events/events.values.js";
import { requirePublicEvent } from "../events/events.visibility.js";

/**
 * Link previews of public event pages. Chat apps and social networks read the HTML the server answers, not what the
 * SPA renders, so the event's title and description go into index.html before it leaves.
 */

/**
 * The event a page path shows, if it is a public event page: `/{lang}/{event}[/…]` or `/{event}[/…]`. Event slugs
 * are 3 to 50 characters, so a first segment of two letters is always a language (fr, en or es; any other reads
 * English). `…/admin` is the sign-in entry page, not the event's.
 */
export function publicEventPath(url: string): { slug: string; language: Language | null } | null {
  const segments = (url.split(/[?#]/)[0] ?? "").split("/").filter(Boolean);
  const first = segments[0] ?? "";
  const language = first.length === 2 ? (isLanguage(first) ? first : "en") : null;
  const [slug, page] = language ? segments.slice(1) : segments;
  if (!slug || !eventSlugPattern.test(slug) || reservedSlugs.includes(slug) || page === "admin") return null;
  return { slug, language };
}

const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

const maxDescription = 200;

/** One paragraph short enough for a preview card: the description's start, else when and where. */
function previewDescription(event: Awaited<ReturnType<typeof requirePublicEvent>>, language: Language): string {
  const text = localizedText(event.description, language, event.preferredLanguage).replace(/\s+/g, " ").trim();
  if (text) return text.length > maxDescription ? `${text.slice(0, maxDescription - 1).trimEnd()}…` : text;
  const date = new Intl.DateTimeFormat(language, {
    dateStyle: "full",
    ...(event.allDay ? {} : { timeStyle: "short" }),
    timeZone: event.timezone,
  }).format(event.startsAt);
  return [date, event.venueName, event.address].filter(Boolean).join(" · ");
}

export type LinkPreview = { language: Language; head: string };

/** The head tags of a public event page, or null when the path is no public event page or the event is not public. */
export async function linkPreview(
  db: Database,
  publicUrl: string,
  url: string,
  fallbackLanguage: Language,
): Promise<LinkPreview | null> {
  const page = publicEventPath(url);
  if (!page) return null;
  const event = await requirePublicEvent(db, page.slug).catch(() => null);
  if (!event) return null;
  const language = page.language ?? fallbackLanguage;
  const title = escapeHtml(event.name);
  const description = escapeHtml(previewDescription(event, language));
  // The path only: a member-area link carries its single-use token in the query.
  const pageUrl = escapeHtml(`${publicUrl}${url.split(/[?#]/)[0]}`);
  const head = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${pageUrl}" />`,
    `<meta property="og:locale" content="${{ fr: "fr_FR", en: "en_GB", es: "es_ES" }[language]}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join("\n    ");
  return { language, head };
}

/** Puts the preview tags in place of the app's generic title (a function, so no `$&` in a name is ever expanded). */
export function withLinkPreview(indexHtml: string, preview: LinkPreview | null): string {
  return preview ? indexHtml.replace(/<title>[^<]*<\/title>/, () => preview.head) : indexHtml;
}
