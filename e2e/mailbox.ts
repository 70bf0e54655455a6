import { expect, type Page } from "@playwright/test";

/**
 * Opens the newest mail to `to` whose subject is `subject` in the development outbox (/dev/mailbox, the journeys run
 * without SMTP) and returns its body, shown in a frame whose links open in the page like a mail client's.
 * A mail is written in the transaction that causes it, but the page is a plain list: it is reloaded until it shows.
 */
export async function openMail(page: Page, to: string, subject: string) {
  const link = page.getByRole("row").filter({ hasText: to }).getByRole("link", { name: subject, exact: true });
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(link.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await link.first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
  return page.frameLocator("iframe");
}
