import type { Language } from "../../platform/language.js";

/*
 * Where the links that name an event lead (mails, campaigns, shared-file notices). Below the modules that send them and
 * the public side that answers them, so that neither has to import the other.
 */

/** An event as links in mails name it: its slug, and the custom domain they go through, if any. */
export type SiteOfEvent = { slug: string; ownDomain?: string | null };

/** The origin of links that name the event: its own domain (with the platform's scheme), else the platform's. */
export const eventOrigin = (publicUrl: string, event: SiteOfEvent) =>
  event.ownDomain ? `${new URL(publicUrl).protocol}//${event.ownDomain}` : publicUrl;

/** The event's public page in a language: `/{language}` on its own domain, `/{language}/{slug}` on the platform's. */
export const eventPageUrl = (publicUrl: string, event: SiteOfEvent, language: string) =>
  event.ownDomain ? `${eventOrigin(publicUrl, event)}/${language}` : `${publicUrl}/${language}/${event.slug}`;

/** The member area, where a guest signs in to see or change the registration, or find the files shared with them. */
export const memberAreaUrl = (publicUrl: string, language: Language, slug: string) =>
  `${publicUrl}/${language}/${slug}/member`;
