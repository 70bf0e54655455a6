import { eventSlugPattern, publicEventItemPages, publicEventPages, reservedSlugs } from "../../../contract/events.js";
import type { PublicImage } from "../../../contract/public.js";
import type { Database } from "../../db/connection.js";
import { AppError } from "../../platform/errors.js";
import { isLanguage, type Language } from "../../platform/language.js";
import { localizedText } from "../events/events.values.js";
import { requirePublicEvent } from "../events/events.visibility.js";
import { eventPageImages } from "./public.images.js";

/**
 * Link previews of public event pages. Chat apps and social networks read the HTML the server answers, not what the
 * SPA renders, so the event's title and description go into index.html before it leaves.
 */

/**
 * What a page path names, as the web app's router (web/app/router.tsx) reads it, so that the server answers 404 where
 * no page can be. Event slugs are 3 to 50 characters, so a first segment of two letters is always a language (fr, en
 * or es; any other reads English).
 * - `app`: the site's root, the back office and its sign-in pages, `/{event}/admin` among them (the app itself
 *   answers an unknown back-office path);
 * - `event`: an event's public pages, `/{lang}/{event}[/…]` or `/{event}[/…]`, there when the event is public;
 * - `api`: the JSON routes' namespaces, under `/api/`, `/{event}/admin/`, `/{event}/recommendations/` and
 *   `/{event}/forms/` (SPEC §7): no page lives there, an unknown path answers the JSON 404;
 * - `none`: a language alone, a segment no event can be named, or a path below an event that is none of its pages
 *   (its custom pages are one level deeper, `/{event}/pages/{slug}`).
 */
export type PagePath =
  | { kind: "app" }
  | { kind: "event"; slug: string; language: Language | null }
  | { kind: "api" }
  | { kind: "none" };

/** Second segments below an event that hold the legacy JSON routes, never a page (`/{event}/admin` alone is one). */
const legacyJsonSegments = ["admin", "recommendations", "forms"];

export function pagePath(url: string): PagePath {
  const segments = (url.split(/[?#]/)[0] ?? "").split("/").filter(Boolean);
  const first = segments[0] ?? "";
  if (first === "api") return { kind: "api" };
  const language = first.length === 2 ? (isLanguage(first) ? first : "en") : null;
  const [slug, page, ...below] = language ? segments.slice(1) : segments;
  if (slug === undefined) return { kind: language ? "none" : "app" };
  if (slug === "admin" || (page === "admin" && below.length === 0)) return { kind: "app" };
  if (page !== undefined && legacyJsonSegments.includes(page)) return { kind: "api" };
  if (!eventSlugPattern.test(slug) || reservedSlugs.includes(slug)) return { kind: "none" };
  const depth = page !== undefined && publicEventItemPages.includes(page) ? 1 : 0;
  if (below.length !== depth || (page !== undefined && !publicEventPages.includes(page))) return { kind: "none" };
  return { kind: "event", slug, language };
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

/** The head tags of the page; `favicon` when they hold the event's own icon, which replaces the app's. */
export type LinkPreview = { language: Language; head: string; favicon: boolean };

/**
 * The head tags of an event's public page, or null when the event is not public (or does not exist, or is not of
 * `accountId`, the account whose domain was asked). `url` is the path as asked on `origin`, the page's address.
 */
export async function linkPreview(
  db: Database,
  origin: string,
  url: string,
  page: Extract<PagePath, { kind: "event" }>,
  fallbackLanguage: Language,
  accountId?: string,
): Promise<LinkPreview | null> {
  const event = await requirePublicEvent(db, page.slug).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!event || (accountId !== undefined && event.accountId !== accountId)) return null;
  // Without its multilang module the event speaks only its preferred language, as its pages do.
  const preferred = isLanguage(event.preferredLanguage) ? event.preferredLanguage : "en";
  const language = event.modules.multilang ? (page.language ?? fallbackLanguage) : preferred;
  const title = escapeHtml(event.name);
  const description = escapeHtml(previewDescription(event, language));
  // The path only: a member-area link carries its single-use token in the query.
  const pageUrl = escapeHtml(`${origin}${url.split(/[?#]/)[0]}`);
  // On the page's own host, whose API paths answer the images too.
  const { banner, favicon } = await eventPageImages(db, { publicUrl: origin }, event);
  // The smallest copy: a tab's icon is at most a few dozen pixels wide.
  const icon = favicon?.variants[0];
  const head = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${pageUrl}" />`,
    `<meta property="og:locale" content="${{ fr: "fr_FR", en: "en_GB", es: "es_ES" }[language]}" />`,
    ...(banner ? bannerTags(banner, title) : [`<meta name="twitter:card" content="summary" />`]),
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(icon ? [`<link rel="icon" type="${escapeHtml(icon.contentType)}" href="${escapeHtml(icon.url)}" />`] : []),
  ].join("\n    ");
  return { language, head, favicon: icon !== undefined };
}

/** The banner's largest copy (1280 pixels wide at most, within what networks ask for a large card), by address. */
function bannerTags(banner: PublicImage, title: string): string[] {
  const large = banner.variants.find((variant) => variant.url === banner.url) ?? banner;
  return [
    `<meta property="og:image" content="${escapeHtml(banner.url)}" />`,
    `<meta property="og:image:width" content="${large.width}" />`,
    `<meta property="og:image:height" content="${large.height}" />`,
    `<meta property="og:image:alt" content="${title}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:image" content="${escapeHtml(banner.url)}" />`,
  ];
}

/**
 * Puts the preview tags in place of the app's generic title (a function, so no `$&` in a name is ever expanded), and
 * drops the app's icon when the event has its own.
 */
export function withLinkPreview(indexHtml: string, preview: LinkPreview | null): string {
  if (!preview) return indexHtml;
  const titled = indexHtml.replace(/<title>[^<]*<\/title>/, () => preview.head);
  return preview.favicon ? titled.replace(/<link rel="icon"[^>]*>\s*/, "") : titled;
}
