import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { catalogueText } from "./catalogue";
import { openMail } from "./mailbox";
import { createEventThroughApi, signInWithToken } from "./organizer";

const t = catalogueText("en");

/**
 * Shared files (issue 21): the organizer shares a file with one guest and notifies them; the guest follows the mail to
 * the member area on a phone, signs in and downloads it; the back office then shows it downloaded.
 */
test("shared files: share with a guest, notify, the guest downloads it, the organizer sees it downloaded", async ({
  page,
  browser,
  request,
}) => {
  const id = randomBytes(4).toString("hex");
  const { token, accountId, eventId, slug, name } = await createEventThroughApi(request, id, { journey: "shared" });
  const guestEmail = `e2e-shared-guest-${id}@example.test`;
  const added = await request.post(`/api/v1/events/${accountId}/${eventId}/users`, {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: "Inès", lastName: "Moreau", email: guestEmail, status: "confirmed" },
  });
  expect(added.status()).toBe(201);
  const fileName = "Attestation Inès.pdf";
  const row = page.getByRole("listitem").filter({ hasText: fileName });

  await test.step("the organizer shares a file with the guest from the event page, then notifies them", async () => {
    await signInWithToken(page, token);
    await page.goto(`/en/admin/events/${eventId}`);
    await page.getByRole("link", { name: t("sharedFiles.nav") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("sharedFiles.title") })).toBeVisible();
    await expect(page.getByText(t("sharedFiles.empty"))).toBeVisible();
    await page.getByRole("button", { name: t("sharedFiles.share") }).click();
    const dialog = page.getByRole("dialog", { name: t("sharedFiles.shareTitle") });
    await dialog.getByLabel(t("sharedFiles.guest")).fill("Moreau");
    await page.getByRole("option", { name: new RegExp(guestEmail) }).click();
    await dialog.getByRole("textbox", { name: t("sharedFiles.name") }).fill(fileName);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "attestation.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% shared file\n%%EOF\n"),
    });
    await dialog.getByRole("button", { name: t("sharedFiles.shareSubmit") }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText(t("sharedFiles.states.uploaded"), { exact: true })).toBeVisible();
    await expect(row.getByText(t("sharedFiles.states.notNotified"))).toBeVisible();

    await row.getByRole("button", { name: t("sharedFiles.notifyNamed", { name: fileName }) }).click();
    const confirm = page.getByRole("dialog", { name: t("sharedFiles.notifyTitle") });
    await confirm.getByRole("button", { name: t("sharedFiles.notify") }).click();
    await expect(row.getByText(/^Notified /)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("shared-files.png"), fullPage: true });
  });

  await test.step("the guest follows the mail to the member area on a phone and downloads the file", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await phone.newPage();
    const notice = await openMail(guest, guestEmail, `${name}: a file for you`);
    await notice.getByRole("link", { name: "Open my member area" }).click();
    await expect(guest).toHaveURL(new RegExp(`/en/${slug}/member$`));
    await guest.getByRole("textbox", { name: t("public.member.email") }).fill(guestEmail);
    await guest.getByRole("button", { name: t("public.member.sendLink") }).click();
    const link = await openMail(guest, guestEmail, `Your link to the member area of ${name}`);
    await link.getByRole("link", { name: "Open my member area" }).click();
    const files = guest.getByRole("region", { name: t("sharedFiles.member.title") });
    await expect(files.getByText(fileName)).toBeVisible();
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await guest.screenshot({ path: test.info().outputPath("member-shared-files.png"), fullPage: true });
    const download = guest.waitForEvent("download");
    await files.getByRole("button", { name: t("sharedFiles.member.downloadNamed", { name: fileName }) }).click();
    expect((await download).suggestedFilename()).toBe(fileName);
    await expect(files.getByText(/downloaded/)).toBeVisible();
    await phone.close();
  });

  await test.step("the back office shows the file downloaded", async () => {
    await page.reload();
    await expect(row.getByText(/^Downloaded /)).toBeVisible();
  });
});
