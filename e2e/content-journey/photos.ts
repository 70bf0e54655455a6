import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import type { JourneyEvent, JourneyLanguage } from "./journey";

const captions = [
  { fr: "Ouverture des portes", en: "Doors open" },
  { fr: "La keynote", en: "The keynote" },
];

const photo = (hue: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: `hsl(${hue}, 60%, 45%)` } })
    .jpeg()
    .toBuffer();

/**
 * The organizer drops two photos at once on the Photos tab (each its own upload), then captions each in French and
 * English through its Edit window.
 */
export async function fill(page: Page, event: JourneyEvent) {
  await page.goto(`/admin/events/${event.eventId}/content/photos`);
  await expect(page.getByRole("heading", { level: 2, name: "Photos" })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles([
    { name: "doors.jpg", mimeType: "image/jpeg", buffer: await photo(20) },
    { name: "keynote.jpg", mimeType: "image/jpeg", buffer: await photo(220) },
  ]);
  await expect(page.getByRole("listitem")).toHaveCount(2);
  for (const [index, caption] of captions.entries()) {
    const item = page.getByRole("listitem").nth(index);
    await item.getByRole("button", { name: /^Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Caption of the photo" });
    await dialog.getByLabel("Caption (French)").fill(caption.fr);
    await dialog.getByRole("tab", { name: "English" }).click();
    await dialog.getByLabel("Caption (English)").fill(caption.en);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("listitem").nth(index)).toContainText(caption.en);
  }
}

/** The gallery shows both photos in order, each described by its caption in the visitor's language. */
export async function check(page: Page, language: JourneyLanguage) {
  const gallery = page.locator("#photos");
  for (const caption of captions) {
    await expect(gallery.getByRole("img", { name: caption[language] }).first()).toBeVisible();
  }
}
