import { expect, type Page } from "@playwright/test";
import type { JourneyEvent, JourneyLanguage } from "./journey";

/** A one-page PDF, enough for a browser to take it as one. */
const pdf = (title: string) => Buffer.from(`%PDF-1.4\n% ${title}\n%%EOF\n`);

/**
 * The organizer uploads the event's program twice, in French and in English (each file in its own language), and a
 * venue map for every language, through the Documents tab: the language chosen above the drop zone goes with them.
 */
export async function fill(page: Page, event: JourneyEvent) {
  await page.goto(`/admin/events/${event.eventId}/content/documents`);
  await expect(page.getByRole("heading", { level: 2, name: "Documents" })).toBeVisible();
  const files = page.locator('input[type="file"]');
  const upload = async (language: string, name: string, buffer: Buffer, mimeType: string) => {
    await page.getByLabel("Language of the added files").first().click();
    await page.getByRole("option", { name: language }).click();
    await files.setInputFiles({ name, mimeType, buffer });
    await expect(page.getByRole("listitem").filter({ hasText: name })).toBeVisible();
  };
  await upload("French", "Programme.pdf", pdf("Programme"), "application/pdf");
  await upload("English", "Program.pdf", pdf("Program"), "application/pdf");
  await upload("All languages", "Venue map.pdf", pdf("Venue map"), "application/pdf");
  await expect(page.getByRole("listitem")).toHaveCount(3);
}

/** The visitor finds the program in their language and the map, never the other language's program. */
export async function check(page: Page, language: JourneyLanguage) {
  const section = page.locator("#documents");
  const [mine, other] = language === "fr" ? ["Programme", "Program"] : ["Program", "Programme"];
  await expect(section.getByRole("link", { name: new RegExp(`^${mine}\\b`) })).toBeVisible();
  await expect(section.getByRole("link", { name: /Venue map/ })).toBeVisible();
  await expect(section.getByRole("link", { name: new RegExp(`^${other}\\b`) })).toHaveCount(0);
  const href = await section.getByRole("link", { name: new RegExp(`^${mine}\\b`) }).getAttribute("href");
  const download = await page.request.get(href ?? "");
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect(download.headers()["x-content-type-options"]).toBe("nosniff");
}
