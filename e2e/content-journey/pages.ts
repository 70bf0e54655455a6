import { expect, type Page } from "@playwright/test";
import type { JourneyEvent, JourneyLanguage } from "./journey";

const texts = {
  fr: { title: "Infos pratiques", before: "Venez ", bold: "tôt", link: "Plan", menu: "Menu de l'événement" },
  en: { title: "Practical information", before: "Come ", bold: "early", link: "Map", menu: "Event menu" },
};
const map = "https://example.com/venue-map";

/**
 * The organizer writes a custom page in French and English in the Pages tab's editor: a title (the address follows
 * it), a sentence with bold text typed with the keyboard shortcut, and a link made from selected words.
 */
export async function fill(page: Page, event: JourneyEvent) {
  await page.goto(`/admin/events/${event.eventId}/content/pages`);
  await expect(page.getByRole("heading", { level: 2, name: "Pages" })).toBeVisible();
  await page.getByRole("button", { name: "Add a page" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a page" });
  for (const [language, tab] of [
    ["fr", "French"],
    ["en", "English"],
  ] as const) {
    const text = texts[language];
    await dialog.getByRole("tab", { name: tab }).click();
    const panel = dialog.getByRole("tabpanel", { name: tab });
    await panel.getByRole("textbox", { name: "Title", exact: true }).fill(text.title);
    await panel.getByRole("textbox", { name: "Title", exact: true }).blur();
    await expect(panel.getByRole("textbox", { name: "Address", exact: true })).not.toHaveValue("");
    const editor = panel.getByRole("textbox", { name: "Text", exact: true });
    await editor.click();
    await page.keyboard.type(text.before);
    await page.keyboard.press("Control+b");
    await page.keyboard.type(text.bold);
    await page.keyboard.press("Control+b");
    await page.keyboard.type(`. ${text.link}`);
    for (const _ of text.link) await page.keyboard.press("Shift+ArrowLeft");
    await panel.getByRole("button", { name: "Link", exact: true }).click();
    await page.getByRole("textbox", { name: "Link address" }).fill(map);
    await page.getByRole("button", { name: "Save the link" }).click();
    await expect(editor.getByRole("link", { name: text.link })).toBeVisible();
  }
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("listitem").filter({ hasText: texts.fr.title })).toBeVisible();
}

/**
 * The visitor finds the page in the event's menu in their language, opens it and reads its bold text and link, then
 * comes back to the event page for the next kind.
 */
export async function check(page: Page, language: JourneyLanguage) {
  const text = texts[language];
  const menu = page.getByRole("navigation", { name: text.menu });
  await menu.getByRole("link", { name: text.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  const article = page.getByRole("article");
  await expect(article.locator("strong", { hasText: text.bold })).toBeVisible();
  await expect(article.getByRole("link", { name: text.link })).toHaveAttribute("href", map);
  await expect(article.getByRole("link", { name: text.link })).toHaveAttribute("rel", "noopener noreferrer");
  // The other language's page is not in this one's menu.
  const other = texts[language === "fr" ? "en" : "fr"];
  await expect(menu.getByRole("link", { name: other.title })).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toHaveCount(0);
}
