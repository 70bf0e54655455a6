import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { catalogueText } from "./catalogue";
import { openMail } from "./mailbox";
import { createEventThroughApi, signInWithToken } from "./organizer";

const t = catalogueText("en");
const es = catalogueText("es");

/**
 * A registration from a phone (issue 4): the organizer builds a form in the builder — a unique choice with a quota on
 * one answer and a conditional block shown by that answer, holding a question saved in a new custom field — and puts
 * it online; a guest registers in Spanish on a phone-sized screen, the organizer finds them in the guest list with
 * their answer, then the guest signs in to the member area by the mailed link and unregisters. The event speaks
 * Spanish only, so the organizer writes the form's texts in Spanish from an English back office.
 */
test("registration form: build, publish, register on a phone (es), member area, unregister", async ({
  page,
  browser,
  request,
}) => {
  const id = randomBytes(4).toString("hex");
  const {
    token,
    eventId,
    slug,
    name: eventName,
  } = await createEventThroughApi(request, id, {
    journey: "forms",
    event: { languages: ["es"], preferredLanguage: "es" },
  });
  await signInWithToken(page, token);
  const guest = { firstName: "Lucía", lastName: "García", email: `lucia-${id}@example.test`, company: "Acme Ibérica" };
  const form = {
    title: "Inscripción al congreso",
    session: "Sesión",
    conference: "Conferencia",
    workshop: "Taller",
    company: "Empresa",
  };
  const written = (label: string) => t("forms.builder.inLanguage", { label, language: t("events.languages.es") });
  const block = t("forms.builder.blockWhen", { question: form.session, answer: form.workshop });

  await test.step("open the builder of a new registration form", async () => {
    await page.goto(`/en/admin/events/${eventId}`);
    await page.getByRole("link", { name: t("forms.list.title"), exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("forms.list.title") })).toBeVisible();
    await page
      .getByRole("link", { name: t("forms.list.create") })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: t("forms.create.title") })).toBeVisible();
    await page.getByRole("button", { name: t("forms.types.registration") }).click();
    await page.getByRole("textbox", { name: written(t("forms.builder.formTitle")) }).fill(form.title);
    await expect(page.getByRole("heading", { level: 1, name: form.title })).toBeVisible();
  });

  await test.step("ask the guest's names, saved in the guest fields", async () => {
    await addQuestion(page, "short_text", "Nombre", { required: true, target: t("guests.fields.firstName") });
    await addQuestion(page, "short_text", "Apellidos", { required: true, target: t("guests.fields.lastName") });
  });

  await test.step("add a unique choice with a quota on one answer", async () => {
    await addQuestion(page, "unique_choice", form.session, { required: true });
    const editor = itemEditor(page);
    await editor.getByRole("textbox", { name: written(t("forms.builder.answer", { index: 1 })) }).fill(form.conference);
    await editor.getByRole("button", { name: t("forms.builder.addAnswer") }).click();
    await editor.getByRole("textbox", { name: written(t("forms.builder.answer", { index: 2 })) }).fill(form.workshop);
    await editor.getByRole("textbox", { name: t("forms.builder.quotaOf", { index: 2 }) }).fill("5");
    await expect(editor.getByRole("textbox", { name: t("forms.builder.quotaOf", { index: 1 }) })).toHaveValue("");
  });

  await test.step("add a conditional block shown by that answer", async () => {
    await palette(page, t("forms.palette.conditional")).click();
    const editor = itemEditor(page);
    await pick(page, editor.getByRole("combobox", { name: t("forms.builder.blockQuestion") }), form.session);
    await pick(page, editor.getByRole("combobox", { name: t("forms.builder.blockAnswer") }), form.workshop);
    await expect(editor.getByRole("heading", { name: block })).toBeVisible();
  });

  await test.step("put a question saved in a new custom field into the block", async () => {
    await addQuestion(page, "short_text", form.company, { target: t("forms.builder.targetNewField") });
    await pick(page, itemEditor(page).getByRole("combobox", { name: t("forms.builder.placement") }), block);
    // The block's own list now holds the question.
    await expect(
      page
        .getByRole("group", { name: t("forms.builder.blockItems", { block }) })
        .getByRole("button", { name: t("forms.builder.dragItem", { name: form.company }), exact: true }),
    ).toBeVisible();
  });

  await test.step("save and put the form online", async () => {
    await page.getByRole("button", { name: t("common.save"), exact: true }).click();
    await expect(page.getByText(t("forms.builder.saved"))).toBeVisible();
    await expect(page).toHaveURL(/\/forms\/[0-9a-f-]{36}$/);
    await expect(page.getByText(t("forms.status.draft"))).toBeVisible();
    // The saved copy is the server's: the quota came back with its answer.
    await page.getByRole("button", { name: `${form.session} ${t("forms.builder.required")}`, exact: true }).click();
    await expect(itemEditor(page).getByRole("textbox", { name: t("forms.builder.quotaOf", { index: 2 }) })).toHaveValue(
      "5",
    );
    await page.getByRole("button", { name: t("forms.options.title"), exact: true }).click();
    const drawer = page.getByRole("dialog", { name: t("forms.options.title") });
    await drawer.getByRole("switch", { name: t("forms.options.online") }).check();
    await drawer.getByRole("button", { name: t("common.save"), exact: true }).click();
    await expect(page.getByText(t("forms.options.saved"))).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(page.getByText(t("forms.status.online"), { exact: true })).toBeVisible();
  });

  // The guest's phone: its own browser, its own storage, in Spanish.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-ES" });
  const phone = await phoneContext.newPage();

  await test.step("register from the public page on a phone, in Spanish", async () => {
    await phone.goto(`/es/${slug}`);
    await phone.getByRole("link", { name: es("public.event.register") }).click();
    await expect(phone.getByRole("heading", { level: 1, name: form.title })).toBeVisible();
    const company = phone.getByRole("textbox", { name: form.company });
    await expect(company).toBeHidden();
    await phone.getByRole("textbox", { name: es("formsPublic.submission.email") }).fill(guest.email);
    await phone.getByRole("textbox", { name: "Nombre" }).fill(guest.firstName);
    await phone.getByRole("textbox", { name: "Apellidos" }).fill(guest.lastName);
    await phone.getByRole("radio", { name: form.conference }).check();
    await expect(company).toBeHidden();
    await phone.getByRole("radio", { name: form.workshop }).check();
    await expect(company).toBeVisible();
    await company.fill(guest.company);
    await phone.getByRole("checkbox", { name: es("formsPublic.submission.privacy") }).check();
    await phone.screenshot({ path: "/tmp/e2e-forms-phone.png", fullPage: true, animations: "disabled" });
    await phone.getByRole("button", { name: es("formsPublic.submission.submit.register") }).click();
    await expect(
      phone.getByRole("heading", { level: 1, name: es("formsPublic.sent.title.registration") }),
    ).toBeVisible();
    await expect(phone.getByText(es("formsPublic.sent.confirmed"))).toBeVisible();
  });

  await test.step("find the guest and their answer in the guest list", async () => {
    await page.goto(`/en/admin/events/${eventId}/guests`);
    const row = guestRow(page, `${guest.firstName} ${guest.lastName}`);
    await expect(row.getByText(t("guests.status.confirmed"))).toBeVisible();
    await row.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${guest.firstName} ${guest.lastName}` })).toBeVisible();
    await expect(definitionOf(page, t("guests.fields.email"))).toHaveText(guest.email);
    await expect(definitionOf(page, form.company)).toHaveText(guest.company);
  });

  await test.step("sign in to the member area by the mailed link", async () => {
    const confirmation = await openMail(phone, guest.email, registrationSubject(eventName));
    await confirmation.getByRole("link", { name: mailAction }).click();
    await expect(phone).toHaveURL(`/es/${slug}/member`);
    await phone.getByRole("textbox", { name: es("public.member.email") }).fill(guest.email);
    await phone.getByRole("button", { name: es("public.member.sendLink") }).click();
    await expect(phone.getByRole("heading", { name: es("public.member.checkMailbox") })).toBeVisible();
    const link = await openMail(phone, guest.email, memberLinkSubject(eventName));
    await link.getByRole("link", { name: mailAction }).click();
    await expect(phone).toHaveURL(`/es/${slug}/member`);
    await expect(phone.getByRole("heading", { level: 1, name: es("public.member.title") })).toBeVisible();
    const registration = phone.getByRole("region", { name: es("public.member.registration") });
    await expect(registration.getByText(es("public.member.status.confirmed"))).toBeVisible();
    const answers = phone.getByRole("region", { name: es("formsPublic.member.title") });
    await expect(definitionOf(answers, form.session)).toHaveText(form.workshop);
    await expect(definitionOf(answers, form.company)).toHaveText(guest.company);
  });

  await test.step("unregister", async () => {
    await phone.getByRole("button", { name: es("public.member.unregister") }).click();
    const dialog = phone.getByRole("dialog", { name: es("public.member.unregisterTitle") });
    await dialog.getByRole("button", { name: es("public.member.unregisterConfirm") }).click();
    await expect(dialog).toBeHidden();
    await expect(phone.getByText(es("public.member.unregistered"))).toBeVisible();
    const registration = phone.getByRole("region", { name: es("public.member.registration") });
    await expect(registration.getByText(es("public.member.status.cancelled"))).toBeVisible();
    await expect(phone.getByRole("button", { name: es("public.member.unregister") })).toBeHidden();
    await phoneContext.close();
  });

  await test.step("see the cancellation in the guest list", async () => {
    await page.goto(`/en/admin/events/${eventId}/guests`);
    const row = guestRow(page, `${guest.firstName} ${guest.lastName}`);
    await expect(row.getByText(t("guests.status.cancelled"))).toBeVisible();
  });
});

// The mails are written by the server (server/modules/forms/submissions/submissions.mails.ts and
// server/modules/public/public.mails.ts), not by the web catalogues.
const registrationSubject = (event: string) => `Su inscripción a ${event} está confirmada`;
const memberLinkSubject = (event: string) => `Su enlace al área de miembro de ${event}`;
const mailAction = "Abrir mi área de miembro";

/** The builder's palette entry of an item ("Add: Short text"). */
function palette(page: Page, name: string) {
  return page
    .getByRole("navigation", { name: t("forms.palette.title") })
    .getByRole("button", { name: t("forms.palette.add", { name }), exact: true });
}

/** The editor of the selected item, in the builder's right-hand pane. */
function itemEditor(page: Page) {
  return page.getByRole("tabpanel", { name: t("forms.builder.itemTab") });
}

/** Adds a question from the palette and writes it in the editor: its Spanish title, required, where it lands. */
async function addQuestion(
  page: Page,
  type: "short_text" | "unique_choice",
  title: string,
  { required = false, target }: { required?: boolean; target?: string } = {},
) {
  await palette(page, t(`forms.questionTypes.${type}`)).click();
  const editor = itemEditor(page);
  await editor
    .getByRole("textbox", {
      name: t("forms.builder.inLanguage", {
        label: t("forms.builder.questionTitle"),
        language: t("events.languages.es"),
      }),
    })
    .fill(title);
  await expect(editor.getByRole("heading", { name: title })).toBeVisible();
  if (required) await editor.getByRole("checkbox", { name: t("forms.builder.required"), exact: true }).check();
  if (target) await pick(page, editor.getByRole("combobox", { name: t("forms.builder.target") }), target);
}

/** Chooses an option of a Mantine select (its list opens below the input, outside the editor). */
async function pick(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

/** The guest list's row of a guest, found by the link of their name. */
function guestRow(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
}

/** The value of a description list's term: the guest's overview, the member's answers. */
function definitionOf(scope: Page | Locator, term: string) {
  return scope
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) })
    .locator("xpath=following-sibling::dd[1]");
}
