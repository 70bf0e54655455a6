import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import type { JourneyEvent, JourneyLanguage } from "./journey";

const ada = {
  name: "Ada Lovelace",
  job: "Mathematician",
  company: "Analytical Engines",
  biography: { fr: "Pionnière du calcul.", en: "A pioneer of computing." },
  linkedin: "https://www.linkedin.com/in/ada-lovelace",
};
const grace = {
  name: "Grace Hopper",
  job: "Rear admiral",
  company: "US Navy",
  biography: { fr: "Elle a inventé le compilateur.", en: "She invented the compiler." },
  linkedin: "",
};
const speakers = [ada, grace];

const portrait = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: "hsl(200, 50%, 40%)" } })
    .jpeg()
    .toBuffer();

/**
 * The organizer adds two speakers in the Speakers tab, each with a biography in French and English (one tab per
 * language), the first with a photo and a LinkedIn address, then puts Grace Hopper first.
 */
export async function fill(page: Page, event: JourneyEvent) {
  await page.goto(`/admin/events/${event.eventId}/content/speakers`);
  await expect(page.getByRole("heading", { level: 2, name: "Speakers" })).toBeVisible();
  for (const [index, speaker] of speakers.entries()) {
    await page.getByRole("button", { name: "Add a speaker" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a speaker" });
    await dialog.getByRole("textbox", { name: /^Name/ }).fill(speaker.name);
    await dialog.getByRole("textbox", { name: "Job" }).fill(speaker.job);
    await dialog.getByRole("textbox", { name: "Company" }).fill(speaker.company);
    await dialog.getByLabel("Biography (French)").fill(speaker.biography.fr);
    await dialog.getByRole("tab", { name: "English" }).click();
    await dialog.getByLabel("Biography (English)").fill(speaker.biography.en);
    if (index === 0) {
      await dialog.locator('input[type="file"]').setInputFiles({
        name: "ada.jpg",
        mimeType: "image/jpeg",
        buffer: await portrait(),
      });
      await expect(dialog.getByRole("img", { name: /Photo/ })).toBeVisible();
      await dialog.getByRole("textbox", { name: "LinkedIn address" }).fill(speaker.linkedin);
    }
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("listitem").filter({ hasText: speaker.name })).toBeVisible();
  }
  await page.getByRole("button", { name: "Move Grace Hopper up" }).click();
  await expect(page.getByRole("listitem").first()).toContainText("Grace Hopper");
}

/** The visitor finds both speakers in the organizer's order, with their biography in the page's language. */
export async function check(page: Page, language: JourneyLanguage) {
  const section = page.locator("#speakers");
  await expect(section.getByRole("heading", { level: 3 })).toHaveText([grace.name, ada.name]);
  for (const speaker of speakers) await expect(section.getByText(speaker.biography[language])).toBeVisible();
  const other = language === "fr" ? "en" : "fr";
  await expect(section.getByText(ada.biography[other])).toHaveCount(0);
  await expect(section.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("href", ada.linkedin);
}
