import type { Page } from "@playwright/test";
import type { createEventThroughApi } from "../organizer";

/** The event the content journey fills, in French (preferred) and English: its organizer's token, ids, slug, name. */
export type JourneyEvent = Awaited<ReturnType<typeof createEventThroughApi>>;
export type JourneyLanguage = "fr" | "en";

/**
 * What each kind's module of the journey exports (e2e/content-journey/<kind>.ts, written by the kind's owner, run by
 * e2e/content.spec.ts): `fill` goes through the kind's back-office page as an organizer does (the page is signed in,
 * anywhere), `check` finds what was filled on the event's public page, already open in `language`.
 */
export type ContentJourneyKind = {
  fill(page: Page, event: JourneyEvent): Promise<void>;
  check(page: Page, language: JourneyLanguage): Promise<void>;
};
