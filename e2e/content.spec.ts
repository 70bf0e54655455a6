import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import * as documents from "./content-journey/documents";
import type { ContentJourneyKind, JourneyEvent, JourneyLanguage } from "./content-journey/journey";
import * as pages from "./content-journey/pages";
import * as partners from "./content-journey/partners";
import * as photos from "./content-journey/photos";
import * as program from "./content-journey/program";
import * as speakers from "./content-journey/speakers";
import { createEventThroughApi, signInWithToken } from "./organizer";

// A step that cannot find its element fails within the step, not at the journey's (long) timeout.
test.use({ actionTimeout: 20_000 });

/**
 * Every kind of an event's content, in the order the public page shows them; each kind's module (written by its
 * owner) fills it through its back-office page and finds it on the public page.
 */
const kinds: Record<string, ContentJourneyKind> = { program, speakers, partners, documents, photos, pages };

const languages: JourneyLanguage[] = ["fr", "en"];

/** Opens the event's public page in `language` and waits for the event's own heading. */
async function openPublicPage(page: Page, event: JourneyEvent, language: JourneyLanguage) {
  await page.goto(`/${language}/${event.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: event.name })).toBeVisible();
}

/**
 * The event's content from end to end (issue 21): an organizer fills every content module through the back office
 * for an event in French and English, then a visitor finds it all on the event's public page in both languages, on a
 * desktop and on a phone, where nothing is wider than the screen.
 */
test("content: every module filled in the back office, seen on the public page in French and English", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const id = randomBytes(4).toString("hex");
  const event: JourneyEvent = await createEventThroughApi(request, id, {
    journey: "content",
    event: { languages: ["fr", "en"], preferredLanguage: "fr" },
  });
  await signInWithToken(page, event.token);

  for (const [name, kind] of Object.entries(kinds)) {
    await test.step(`the organizer fills the ${name}`, () => kind.fill(page, event));
  }

  for (const language of languages) {
    await test.step(`a visitor sees the content on a desktop in ${language}`, async () => {
      await openPublicPage(page, event, language);
      for (const [name, kind] of Object.entries(kinds)) {
        await test.step(`${name} in ${language}`, () => kind.check(page, language));
      }
    });
  }

  await test.step("a visitor sees the content on a 390 px phone, nothing wider than the screen", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phonePage = await phone.newPage();
    await openPublicPage(phonePage, event, "en");
    for (const kind of Object.values(kinds)) await kind.check(phonePage, "en");
    const overflow = await phonePage.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await phone.close();
  });
});
