import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { catalogueText } from "./catalogue";
import { openMail } from "./mailbox";

/**
 * A newcomer's first hour, in each interface language: create an account, lose the password and reset it from the
 * mail, sign in again, create an event and duplicate it. Texts come from the catalogues, so a wording change in
 * web/i18n does not break the journey, but a missing label or a wrong page does.
 */
for (const language of ["fr", "en"] as const) {
  test(`account lifecycle (${language})`, async ({ page }) => {
    const t = catalogueText(language);
    const id = `${language}-${randomBytes(4).toString("hex")}`;
    const email = `e2e-${id}@example.test`;
    const firstName = language === "fr" ? "Camille" : "Jordan";
    const firstPassword = "Str0ng&Secure-pass";
    const newPassword = "N3w&Better-pass2";
    const eventName = language === "fr" ? `Soirée d'été ${id}` : `Summer party ${id}`;
    const copyName = t("events.duplicate.copyName", { name: eventName });

    await test.step("create an account", async () => {
      await page.goto(`/${language}/admin`);
      await page.getByRole("link", { name: t("auth.signIn.createAccount") }).click();
      await expect(page).toHaveURL(`/${language}/admin/register-admin`);
      await expect(page.getByRole("heading", { name: t("auth.register.createTitle") })).toBeVisible();
      await textbox(page, t("auth.fields.firstName")).fill(firstName);
      await textbox(page, t("auth.fields.lastName")).fill("Martin");
      await textbox(page, t("auth.fields.email")).fill(email);
      await textbox(page, t("auth.fields.accountName")).fill(`Agence ${id}`);
      await fillPassword(page, t("auth.fields.newPassword"), firstPassword);
      await fillPassword(page, t("auth.fields.passwordConfirmation"), firstPassword);
      await page.getByRole("button", { name: t("auth.register.createSubmit") }).click();

      await expect(page.getByRole("heading", { name: t("auth.registerSuccess.title") })).toBeVisible();
      await page.getByRole("link", { name: t("auth.registerSuccess.toEvents") }).click();
      await expect(page).toHaveURL(`/${language}/admin/events`);
      await expect(page.getByRole("heading", { level: 1, name: t("events.list.title") })).toBeVisible();
    });

    await test.step("sign out", async () => {
      await page.getByRole("button", { name: firstName, exact: true }).click();
      await page.getByRole("menuitem", { name: t("app.signOut") }).click();
      await expect(page.getByRole("heading", { name: t("auth.signIn.title") })).toBeVisible();
    });

    await test.step("ask for a new password", async () => {
      await page.getByRole("link", { name: t("auth.signIn.forgotPassword") }).click();
      await expect(page.getByRole("heading", { name: t("auth.forgotPassword.title") })).toBeVisible();
      await textbox(page, t("auth.fields.email")).fill(email);
      await page.getByRole("button", { name: t("auth.forgotPassword.submit") }).click();
      await expect(page.getByRole("heading", { name: t("auth.forgotPasswordSuccess.title") })).toBeVisible();
    });

    await test.step("open the link of the mail", async () => {
      const mail = await openMail(page, email, mailSubject[language]);
      await mail.getByRole("link", { name: mailAction[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/admin/reset-password\\?token=`));
    });

    await test.step("choose a new password", async () => {
      await expect(page.getByRole("heading", { name: t("auth.resetPassword.title") })).toBeVisible();
      await fillPassword(page, t("auth.fields.newPassword"), newPassword);
      await fillPassword(page, t("auth.fields.passwordConfirmation"), newPassword);
      await page.getByRole("button", { name: t("auth.resetPassword.submit") }).click();
      await expect(page.getByRole("heading", { name: t("auth.resetPasswordSuccess.title") })).toBeVisible();
      await page.getByRole("link", { name: t("auth.signIn.submit") }).click();
    });

    await test.step("sign in with the new password", async () => {
      await expect(page.getByRole("heading", { name: t("auth.signIn.title") })).toBeVisible();
      await textbox(page, t("auth.fields.email")).fill(email);
      await fillPassword(page, t("auth.fields.password"), newPassword);
      await page.getByRole("button", { name: t("auth.signIn.submit") }).click();
      await expect(page).toHaveURL(`/${language}/admin/events`);
      await expect(page.getByRole("heading", { name: t("events.list.empty.title") })).toBeVisible();
    });

    await test.step("create an event", async () => {
      await page
        .getByRole("link", { name: t("events.list.create") })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: t("events.create.title") })).toBeVisible();
      await textbox(page, t("events.fields.name")).fill(eventName);
      await textbox(page, t("events.fields.slug")).fill(`e2e-${id}`);
      await pickNextMonthDay(page, t("events.fields.startsAt"), 15);
      await page.getByRole("button", { name: t("events.create.submit") }).click();
      await expect(page).toHaveURL(/\/admin\/events\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: eventName })).toBeVisible();
    });

    await test.step("duplicate it", async () => {
      await page
        .getByRole("navigation", { name: t("app.nav.label") })
        .getByRole("link", { name: t("app.nav.events") })
        .click();
      await expect(page.getByRole("link", { name: eventName, exact: true })).toBeVisible();
      await page.getByRole("button", { name: t("events.actions.menuFor", { name: eventName }) }).click();
      await page.getByRole("menuitem", { name: t("events.actions.duplicate") }).click();
      const dialog = page.getByRole("dialog", { name: t("events.duplicate.title", { name: eventName }) });
      await expect(textbox(dialog, t("events.duplicate.name"))).toHaveValue(copyName);
      await textbox(dialog, t("events.duplicate.slug")).fill(`e2e-${id}-copy`);
      await dialog.getByRole("button", { name: t("events.duplicate.submit") }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: copyName })).toBeVisible();
    });

    await test.step("see both in the events list", async () => {
      await page
        .getByRole("navigation", { name: t("app.nav.label") })
        .getByRole("link", { name: t("app.nav.events") })
        .click();
      await expect(page.getByRole("link", { name: eventName, exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: copyName, exact: true })).toBeVisible();
      await expect(page.getByRole("list", { name: t("events.list.title") }).getByRole("listitem")).toHaveCount(2);
    });
  });
}

// The reset mail is written by the server (server/modules/auth/auth.mails.ts), not by the web catalogues.
const mailSubject = { fr: "Réinitialisez votre mot de passe", en: "Reset your password" };
const mailAction = { fr: "Choisir un nouveau mot de passe", en: "Choose a new password" };

/** A text input by its accessible name: exact, since "Nom" is also part of "Prénom". */
function textbox(scope: Page | Locator, label: string) {
  return scope.getByRole("textbox", { name: label, exact: true });
}

/** Password inputs (no textbox role) also hold a show/hide button whose label mentions the password: match the input's label exactly. */
async function fillPassword(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

/** Opens a date-time picker and picks a day of next month at 19:30, so the event is upcoming whatever today is. */
async function pickNextMonthDay(page: Page, label: string, day: number) {
  await page.getByRole("button", { name: label, exact: true }).click();
  const picker = page.getByRole("dialog");
  // The picker's month arrows and its submit button have no accessible name: they are reached by position.
  await picker.locator('[data-direction="next"]').first().click();
  await picker.getByRole("button", { name: new RegExp(`^${day} `) }).click();
  await picker.getByRole("spinbutton").nth(0).fill("19");
  await picker.getByRole("spinbutton").nth(1).fill("30");
  await picker.getByRole("button").last().click();
  await expect(picker).toBeHidden();
}
