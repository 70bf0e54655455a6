import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import type { JourneyEvent, JourneyLanguage } from "./journey";

const acme = {
  name: "Acme",
  link: "https://acme.example.com",
  width: "180",
  alt: { fr: "Logo d'Acme", en: "Acme logo" },
};
const globex = { name: "Globex", link: "https://globex.example.com", width: "", alt: { fr: "", en: "" } };
const partners = [acme, globex];

const logo = () =>
  sharp({ create: { width: 600, height: 200, channels: 3, background: "hsl(20, 70%, 50%)" } })
    .png()
    .toBuffer();

/**
 * The organizer adds two partners in the Partners tab: Acme with its site, a logo shown 180 px wide and its
 * alternate text in French and English, then Globex with a site only.
 */
export async function fill(page: Page, event: JourneyEvent) {
  await page.goto(`/admin/events/${event.eventId}/content/partners`);
  await expect(page.getByRole("heading", { level: 2, name: "Partners" })).toBeVisible();
  for (const partner of partners) {
    await page.getByRole("button", { name: "Add a partner" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a partner" });
    await dialog.getByRole("textbox", { name: /^Name/ }).fill(partner.name);
    await dialog.getByRole("textbox", { name: "Website" }).fill(partner.link);
    if (partner.width) {
      await dialog.locator('input[type="file"]').setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: await logo(),
      });
      await expect(dialog.getByRole("img", { name: /Logo/ })).toBeVisible();
      await dialog.getByRole("textbox", { name: "Logo width" }).fill(partner.width);
      await dialog.getByLabel("Alternate text (French)").fill(partner.alt.fr);
      await dialog.getByRole("tab", { name: "English" }).click();
      await dialog.getByLabel("Alternate text (English)").fill(partner.alt.en);
    }
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("listitem").filter({ hasText: partner.name })).toBeVisible();
  }
}

/** The visitor sees Acme's logo described in the page's language, linked to its site, and Globex by its name. */
export async function check(page: Page, language: JourneyLanguage) {
  const section = page.locator("#partners");
  await expect(section.getByRole("img", { name: acme.alt[language] })).toBeVisible();
  // The logo is the link's content, so its alternate text names the link.
  await expect(section.getByRole("link", { name: acme.alt[language] })).toHaveAttribute("href", acme.link);
  await expect(section.getByText(globex.name)).toBeVisible();
}
