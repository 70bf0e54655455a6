import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { apiOf, bannerPng, platformAdminToken } from "./campaign-content";
import { catalogueText } from "./catalogue";
import { openMail } from "./mailbox";
import { createEventThroughApi, signInWithToken } from "./organizer";

const t = catalogueText("en");

// A step that cannot find its element fails within the step, not at the journey's (long) timeout.
test.use({ actionTimeout: 20_000 });

/**
 * An email campaign from end to end (issue 19): a platform administrator adds campaign credits to the organizer's
 * account on its admin actions screen; the organizer verifies a sender with the link mailed to it, composes an
 * invitation in the block editor (a title, a text, an image uploaded through its field, a button and the footer),
 * previews it and reads the test send it asks for at /dev/mailbox;
 * picks the recipients (the guest without an email shown excluded, with the reason), sees the cost on the summary and
 * schedules the campaign for the next minute; it is sent at that minute; the guest opens the mail (the open pixel
 * loads from the app) and clicks its button (the signed click redirect), and the campaign's statistics show both.
 */
test("campaigns: credits, sender, compose with an image, test send, recipients, schedule, sent, open and click tracked", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // The campaign is scheduled for a whole minute, 20 to 80 seconds ahead: the journey waits for it.
  test.setTimeout(240_000);
  const id = randomBytes(4).toString("hex");
  const { token, accountId, eventId, slug, name } = await createEventThroughApi(request, id, {
    journey: "campaigns",
    event: { languages: ["en"], preferredLanguage: "en" },
  });
  const api = apiOf(request, token);
  const scope = `/events/${accountId}/${eventId}`;
  await signInWithToken(page, token);

  await test.step("the platform administrator adds 5 campaign credits to the organizer's account", async () => {
    const admin = await signedInAdmin(browser, request);
    await admin.goto("/en/admin/platform");
    await admin.getByRole("searchbox", { name: t("accounts.platform.searchAccounts") }).fill(`Agence ${id}`);
    await admin.getByRole("button", { name: t("accounts.platform.workInNamed", { name: `Agence ${id}` }) }).click();
    await admin.goto("/en/admin/account/credits");
    const add = admin.getByRole("form", { name: t("accounts.credits.addTitle") });
    await expect(add.getByRole("combobox", { name: t("accounts.credits.kind"), exact: true })).toHaveValue(
      t("accounts.credits.kinds.campaign"),
    );
    await add.getByRole("textbox", { name: t("accounts.credits.number"), exact: true }).fill("5");
    await add.getByRole("textbox", { name: t("accounts.credits.pack"), exact: true }).fill("Starter");
    await add.getByRole("button", { name: t("accounts.credits.add") }).click();
    await expect(admin.getByText("5 credits added (Campaign credits).")).toBeVisible();
    await admin.context().close();
    const { remaining } = await api.get<{ remaining: number }>(`/accounts/${accountId}/campaigncredits/remaining`);
    expect(remaining).toBe(5);
  });

  const senderEmail = `news-${id}@example.test`;
  await test.step("add a sender and verify it with the link mailed to it", async () => {
    await page.goto("/en/admin/account/senders");
    await page
      .getByRole("textbox", { name: t("senders.email") })
      .first()
      .fill(senderEmail);
    await page
      .getByRole("textbox", { name: t("senders.name") })
      .first()
      .fill("Gala team");
    await page.getByRole("button", { name: t("senders.add"), exact: true }).click();
    await expect(page.getByText(t("senders.added", { email: senderEmail }))).toBeVisible();
    const mail = await openMail(page, senderEmail, "Confirm your sender address");
    await mail.getByRole("link", { name: "Confirm this sender address" }).click();
    await expect(page).toHaveURL(/\/en\/admin\/verify-sender\?token=/);
    await page.getByRole("button", { name: t("senders.verify.confirm") }).click();
    await expect(page.getByText(t("senders.verify.done", { email: senderEmail }))).toBeVisible();
    const { items } = await api.get<{ items: { id: string; email: string; verified: boolean }[] }>(
      `/accounts/${accountId}/senders`,
    );
    expect(items.find((item) => item.email === senderEmail)?.verified).toBe(true);
  });

  const subject = `You are invited to ${name}`;
  let campaignId = "";
  await test.step("create an invitation and compose it in the block editor: title, text, image, button, footer", async () => {
    await page.goto(`/en/admin/events/${eventId}/campaigns/new`);
    await page.getByRole("radio", { name: new RegExp(`^${t("campaigns.types.invitation.name")}`) }).check();
    await page.getByRole("textbox", { name: t("campaigns.new.name") }).fill("Invitation");
    await page.getByRole("button", { name: t("campaigns.new.create") }).click();
    await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
    campaignId = page.url().split("/").at(-1) ?? "";

    await page.getByRole("textbox", { name: t("campaigns.editor.fromName") }).fill("Gala team");
    await pick(page, t("campaigns.editor.sender"), `Gala team <${senderEmail}>`);
    await page.getByRole("textbox", { name: t("campaigns.editor.subject") }).fill(subject);
    await page.getByRole("textbox", { name: t("campaigns.editor.previewText") }).fill("An evening with us");
    // The template's starter blocks go: the mail is composed block by block.
    for (let left = await blockRemovers(page).count(); left > 0; left--) {
      await page.getByRole("button", { name: t("campaigns.editor.removeBlock", { number: 1 }), exact: true }).click();
      await expect(blockRemovers(page)).toHaveCount(left - 1);
    }

    const title = await addBlock(page, "title");
    await title.getByRole("textbox").fill("Dear {{first_name}}, join us");
    const text = await addBlock(page, "text");
    await text.getByRole("textbox").fill("We would be delighted to see you.");
    const image = await addBlock(page, "image");
    // The image goes up through the editor's image field (a real PNG), then shows its stored copy.
    const chooser = page.waitForEvent("filechooser");
    await image.getByRole("button", { name: `${t("campaigns.editor.image")} ${t("images.field.pick")}` }).click();
    await (await chooser).setFiles({ name: "banner.png", mimeType: "image/png", buffer: await bannerPng() });
    await expect(
      image.getByRole("img", { name: t("images.field.previewAlt", { label: t("campaigns.editor.image") }) }),
    ).toBeVisible();
    await image.getByRole("textbox", { name: t("campaigns.editor.alt") }).fill("Gala banner");
    // The button and the image lead to the guest's own registration link (a merge tag).
    await image.getByRole("textbox", { name: t("campaigns.editor.targetUrl") }).fill("{{registration_link}}");
    const button = await addBlock(page, "button");
    await button.getByRole("textbox", { name: t("campaigns.editor.buttonLabel") }).fill("See the event");
    await button.getByRole("textbox", { name: t("campaigns.editor.targetUrl") }).fill("{{registration_link}}");
    const footer = await addBlock(page, "footer");
    await footer.getByRole("textbox").fill("Unsubscribe: {{unsubscribe_link}}");
    await page.getByRole("button", { name: t("common.save"), exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: t("campaigns.editor.saved") })).toBeVisible();

    // The live preview renders the composed mail, its image served by the app.
    const preview = page.frameLocator(`iframe[title="${t("campaigns.editor.previewFrame", { language: "en" })}"]`);
    await expect(preview.getByRole("link", { name: "See the event" })).toBeVisible();
    const saved = await api.get<{ content: { en: { subject: string; blocks: { type: string; imageId?: string }[] } } }>(
      `${scope}/campaigns/${campaignId}`,
    );
    expect(saved.content.en.subject).toBe(subject);
    expect(saved.content.en.blocks.map((block) => block.type)).toEqual(["title", "text", "image", "button", "footer"]);
    const imageId = saved.content.en.blocks.find((block) => block.type === "image")?.imageId ?? "";
    await expect(preview.getByRole("img", { name: "Gala banner" })).toHaveAttribute(
      "src",
      new RegExp(`/images/${imageId}/`),
    );
  });

  await test.step("send a test mail from the editor and read it at /dev/mailbox, image and button included", async () => {
    const tester = `tester-${id}@example.test`;
    await page.getByRole("textbox", { name: t("campaigns.editor.testEmail") }).fill(tester);
    await page.getByRole("button", { name: t("campaigns.editor.sendTest") }).click();
    await expect(
      page.getByRole("status").filter({ hasText: t("campaigns.editor.testSent", { email: tester }) }),
    ).toBeVisible();
    const mail = await openMail(page, tester, `[Test] ${subject}`);
    await expect(mail.getByRole("link", { name: "See the event" })).toBeVisible();
    const banner = mail.getByRole("img", { name: "Gala banner" });
    await expect(banner).toBeVisible();
    // The image's copy is served by the app: it has loaded with its width.
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  const guestEmail = `ada-${id}@example.test`;
  await test.step("pick the recipients: the guest without an email is excluded with the reason", async () => {
    await api.post(`${scope}/users`, { firstName: "Ada", lastName: "Lovelace", email: guestEmail });
    await api.post(`${scope}/users`, { firstName: "Jean", lastName: "Sansmail" });
    await page.goto(`/en/admin/events/${eventId}/campaigns/${campaignId}/recipients`);
    await expect(page.getByRole("heading", { level: 1, name: t("campaignRecipients.title") })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Sansmail" })).toContainText(
      t("campaignRecipients.reasons.email_empty"),
    );
    const ada = page.getByRole("checkbox", { name: t("campaignRecipients.select", { name: "Ada Lovelace" }) });
    // The box shows the selection the server saved: it turns checked once the server answers.
    await ada.click();
    await expect(ada).toBeChecked();
    await expect(page.getByText(t("campaignRecipients.counts.recipients_one", { count: 1 }))).toBeVisible();
    await page.getByRole("link", { name: t("campaignRecipients.toSummary") }).click();
  });

  await test.step("the summary shows the cost; schedule the campaign for the next minute", async () => {
    await expect(page.getByRole("heading", { level: 1, name: t("campaignSummary.title") })).toBeVisible();
    await expect(figure(page, t("campaignSummary.recipients"))).toContainText("1");
    await expect(figure(page, t("campaignSummary.cost"))).toContainText("1");
    await expect(figure(page, t("campaignSummary.balance"))).toContainText("5");
    await page.getByRole("radio", { name: t("campaignSummary.later") }).check();
    const at = await pickNextMinute(page);
    await page.getByRole("button", { name: t("campaignSummary.schedule") }).click();
    // The confirmation by its title: the picker's dropdown, a dialog too, may still be fading out with its own Confirm.
    await page
      .getByRole("dialog", { name: t("campaignSummary.confirmTitle") })
      .getByRole("button", { name: t("common.confirm") })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "The campaign is scheduled for" })).toBeVisible();
    expect(at.getTime()).toBeGreaterThan(Date.now());
  });

  await test.step("it is sent at its time", async () => {
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(t("campaignSummary.status.sent"), { exact: false }).first()).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 120_000, intervals: [2_000] });
  });

  await test.step("the guest opens the mail (the open pixel loads) and clicks its button", async () => {
    const mail = await openMail(page, guestEmail, subject);
    await expect(mail.getByRole("heading", { name: "Dear Ada, join us" })).toBeVisible();
    const button = mail.getByRole("link", { name: "See the event" });
    const href = (await button.getAttribute("href")) ?? "";
    // The click goes through the app's signed redirect, never straight to the target.
    expect(new URL(href).origin).toBe(new URL(baseURL ?? "").origin);
    expect(new URL(href).pathname).toMatch(/^\/api\/v1\/t\/c\//);
    // The mail's links open a new window (target _blank), as in a mail client.
    const opened = page.context().waitForEvent("page");
    await button.click();
    const registration = await opened;
    // The redirect leads to the guest's registration on the event's public pages.
    await expect(registration).toHaveURL(new RegExp(`^${baseURL}/\\w+/${slug}`));
    await registration.close();
  });

  await test.step("the campaign's statistics show 1 open and 1 click", async () => {
    await expect(async () => {
      await page.goto(`/en/admin/events/${eventId}/campaigns/${campaignId}/statistics`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(/^1 guest opened it/)).toBeVisible({ timeout: 3_000 });
      await expect(page.getByText(/^1 guest clicked/)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  });
});

/** The platform administrator of PLATFORM_ADMIN_EMAILS, signed in in a browser of their own. */
async function signedInAdmin(browser: Browser, request: APIRequestContext) {
  const token = await platformAdminToken(request);
  const context = await browser.newContext({ locale: "en-GB" });
  const admin = await context.newPage();
  await signInWithToken(admin, token);
  return admin;
}

/** Picks `option` in the editor's select labelled `label`. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The "delete block N" button of each block of the mail. */
const blockRemovers = (page: Page) =>
  page.getByRole("button", { name: new RegExp(`^${t("campaigns.editor.removeBlock", { number: "\\d+" })}$`) });

/** Adds a block of `type` at the end of the mail through the editor's palette; answers the new block's card. */
async function addBlock(page: Page, type: string) {
  await pick(page, t("campaigns.editor.blockType"), t(`campaigns.blocks.${type}`));
  await page.getByRole("button", { name: t("campaigns.editor.addBlock") }).click();
  const number = await blockRemovers(page).count();
  return page
    .locator(".mantine-Paper-root")
    .filter({ has: page.getByRole("button", { name: t("campaigns.editor.removeBlock", { number }), exact: true }) });
}

/** One figure card of the summary, found by its label. */
function figure(page: Page, label: string) {
  return page.locator(".mantine-Card-root").filter({ has: page.getByText(label, { exact: true }) });
}

/**
 * Picks in the summary's date-time picker the first whole minute at least 20 seconds away, in the event's time zone
 * (the picker's label names it), and answers that instant.
 */
async function pickNextMinute(page: Page) {
  const input = page.getByRole("button", { name: /Sending date and time/ });
  const label =
    (await input.getAttribute("aria-label")) ??
    (await page
      .getByText(/Sending date and time/)
      .first()
      .textContent()) ??
    "";
  const zone = label.match(/\(([^)]+)\)/)?.[1] ?? "UTC";
  const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  const wall = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  await input.click();
  await page.getByRole("button", { name: `${Number(wall.day)} ${wall.month} ${wall.year}`, exact: true }).click();
  // The picker's hour and minute fields are spin buttons, from 00: stepped up to the value.
  for (const [field, value] of [
    [t("events.fields.hours"), wall.hour ?? "00"],
    [t("events.fields.minutes"), wall.minute ?? "00"],
  ] as const) {
    const spin = page.getByRole("spinbutton", { name: field });
    await spin.focus();
    for (let step = Number(await spin.inputValue()); step < Number(value); step++) await spin.press("ArrowUp");
    await expect(spin).toHaveValue(value);
  }
  await page.getByRole("button", { name: t("common.confirm") }).click();
  return at;
}
