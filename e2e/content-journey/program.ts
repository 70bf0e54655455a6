import { expect, type Page } from "@playwright/test";
import type { JourneyEvent, JourneyLanguage } from "./journey";

/** Two sections in each language, the second timed (typed in the event's zone through the date picker's input). */
const sections = {
  fr: [
    { title: "Accueil des invités", location: "Hall d'entrée" },
    { title: "Keynote d'ouverture", location: "Grande salle" },
  ],
  en: [
    { title: "Guests' welcome", location: "Entrance hall" },
    { title: "Opening keynote", location: "Main hall" },
  ],
} as const;

/** The organizer writes the program in French (the event's preferred language, shown first), then in English. */
export async function fill(page: Page, event: JourneyEvent) {
  await page.goto(`/admin/events/${event.eventId}/content/program`);
  await expect(page.getByRole("heading", { level: 2, name: "Program" })).toBeVisible();
  const switcher = page.getByRole("radiogroup", { name: "Language of the program shown" });
  for (const language of ["fr", "en"] as const) {
    // The switcher's radios are visually hidden: the organizer clicks the language's name.
    await switcher.getByText(language === "fr" ? "French" : "English", { exact: true }).click();
    for (const section of sections[language]) {
      await page.getByRole("button", { name: "Add a section" }).click();
      const dialog = page.getByRole("dialog", { name: "Add a section" });
      await dialog.getByRole("textbox", { name: /^Title/ }).fill(section.title);
      await dialog.getByRole("textbox", { name: "Location" }).fill(section.location);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("listitem").filter({ hasText: section.title })).toBeVisible();
    }
    await expect(page.getByRole("listitem")).toHaveCount(2);
  }
  // The organizer puts the keynote first in English only.
  await page.getByRole("button", { name: `Move ${sections.en[1].title} up` }).click();
  await expect(page.getByRole("listitem").first()).toContainText(sections.en[1].title);
}

/** The visitor finds the program of the page's language, in the organizer's order, never the other language's. */
export async function check(page: Page, language: JourneyLanguage) {
  const program = page.locator("#program");
  const titles = program.getByRole("heading", { level: 3 });
  const expected = sections[language].map((section) => section.title);
  await expect(titles).toHaveText(language === "en" ? [...expected].reverse() : expected);
  await expect(program.getByText(sections[language][0].location)).toBeVisible();
  const other = language === "fr" ? "en" : "fr";
  await expect(program.getByText(sections[other][0].title)).toHaveCount(0);
}
