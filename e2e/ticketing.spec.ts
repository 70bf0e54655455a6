import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { catalogueText } from "./catalogue";
import { openMail } from "./mailbox";
import { createEventThroughApi, signInWithToken } from "./organizer";

const t = catalogueText("en");

/**
 * A sale (issue 5): the organizer fills in the billing information, creates a ticket, an option and a coupon, and
 * opens the ticket office; a buyer pays on the public page with a test card and the coupon; the organizer sees the
 * order completed with its invoice, refunds one item, and the order is partially refunded; the buyer finds it so in
 * the member area, with its PDFs.
 */
test("ticketing: billing, catalogue, office, buy with a test card and a coupon, invoice, partial refund", async ({
  page,
  browser,
  request,
}) => {
  const id = randomBytes(4).toString("hex");
  const { token, accountId, eventId, slug } = await createEventThroughApi(request, id, {
    journey: "ticketing",
    event: { languages: ["en"], preferredLanguage: "en" },
  });
  await signInWithToken(page, token);
  // Sales need an online registration form (SPEC §5); the forms journey covers building one in the builder.
  await putRegistrationFormOnline(request, token, `/api/v1/events/${accountId}/${eventId}/forms`);
  const ticketing = (page_: string) => `/en/admin/events/${eventId}/ticketing/${page_}`;

  await test.step("fill in the billing information, Siret first", async () => {
    await page.goto(ticketing("billing"));
    await expect(page.getByRole("heading", { level: 1, name: t("ticketing.billing.title") })).toBeVisible();
    await page.getByRole("textbox", { name: t("ticketing.billing.siret") }).fill("732 829 320 00074");
    await page.getByRole("textbox", { name: t("ticketing.billing.corporateName") }).fill("Gala Productions");
    await page.getByRole("textbox", { name: t("ticketing.billing.legalStructure") }).fill("SAS");
    await page.getByRole("textbox", { name: t("ticketing.billing.rcsNumber") }).fill("RCS Paris 732 829 320");
    await page.getByRole("textbox", { name: t("ticketing.billing.street") }).fill("12 rue de la Paix");
    await page.getByRole("textbox", { name: t("ticketing.billing.zipCode") }).fill("75002");
    await page.getByRole("textbox", { name: t("ticketing.billing.city") }).fill("Paris");
    await page.getByRole("radio", { name: t("ticketing.billing.vatStatuses.subject"), exact: true }).check();
    await page.getByRole("textbox", { name: t("ticketing.billing.vatNumber") }).fill("FR40303265045");
    await page.getByRole("button", { name: t("common.save") }).click();
    await expect(page.getByText(t("ticketing.billing.saved"))).toBeVisible();
  });

  await test.step("create a ticket at 60.00 after 20 % VAT, and an option that comes with it", async () => {
    await page.goto(ticketing("tickets"));
    await createTicket(page, { caption: "Pass", priceIncl: "60" });
    await createTicket(page, { caption: "Dinner", priceIncl: "30", optionOf: "Pass" });
    await expect(page.getByText("Pass", { exact: true })).toBeVisible();
    await expect(page.getByText("Dinner", { exact: true })).toBeVisible();
  });

  await test.step("create a coupon of 10 % on the pass", async () => {
    await page.goto(ticketing("coupons"));
    await page.getByRole("button", { name: t("ticketing.catalogue.coupons.create") }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: t("ticketing.catalogue.coupons.code") }).fill("GALA10");
    await dialog.getByRole("radio", { name: t("ticketing.catalogue.reductions.percent") }).check();
    await dialog.getByRole("textbox", { name: t("ticketing.catalogue.reductions.percentOff") }).fill("10");
    await dialog.getByRole("combobox", { name: t("ticketing.catalogue.reductions.tickets") }).click({ force: true });
    await page.getByRole("option", { name: "Pass" }).click();
    await dialog.getByRole("button", { name: t("common.save") }).click();
    await expect(page.getByRole("cell", { name: "GALA10", exact: true })).toBeVisible();
  });

  await test.step("open the ticket office", async () => {
    await page.goto(ticketing("office"));
    await page.getByRole("button", { name: t("ticketing.office.open") }).click();
    await expect(page.getByText(t("ticketing.office.opened"))).toBeVisible();
    await expect(page.getByText(t("ticketing.office.states.open"), { exact: true })).toBeVisible();
  });

  const buyerEmail = `ada-${id}@example.test`;
  await test.step("buy a pass with its dinner on a phone, with the coupon and the test card", async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: "en-GB" });
    const shop = await phone.newPage();
    await shop.goto(`/en/${slug}`);
    await shop.getByRole("link", { name: t("ticketing.shop.buyTickets") }).click();
    await shop.getByRole("button", { name: t("ticketing.shop.quantity.add", { name: "Pass" }) }).click();
    await shop.getByRole("button", { name: t("ticketing.shop.quantity.add", { name: "Dinner" }) }).click();
    const buyer = shop.getByRole("group", { name: t("ticketing.shop.buyer.title") });
    await buyer.getByLabel(t("ticketing.shop.person.firstName")).fill("Ada");
    await buyer.getByLabel(t("ticketing.shop.person.lastName")).fill("Lovelace");
    await buyer.getByLabel(t("ticketing.shop.person.email")).fill(buyerEmail);
    await shop.getByRole("button", { name: t("ticketing.shop.reserve") }).click();
    await expect(shop.getByRole("heading", { name: t("ticketing.shop.summary.title") })).toBeVisible();

    await shop.getByLabel(t("ticketing.shop.coupon.label")).fill("gala10");
    await shop.getByRole("button", { name: t("ticketing.shop.coupon.apply") }).click();
    await expect(shop.getByText(t("ticketing.shop.coupon.applied", { code: "GALA10" }))).toBeVisible();
    // 10 % off the pass only: 54.00 + 30.00.
    await expect(shop.getByText("€84.00").first()).toBeVisible();

    await shop.getByLabel(t("ticketing.shop.billing.address")).fill("12 rue de la Paix");
    await shop.getByLabel(t("ticketing.shop.billing.zip")).fill("75002");
    await shop.getByLabel(t("ticketing.shop.billing.city")).fill("Paris");
    await shop.getByRole("checkbox", { name: t("ticketing.shop.terms.accept") }).check();
    await shop.getByRole("button", { name: t("ticketing.shop.checkout.toPayment") }).click();
    await shop.getByLabel(t("payments.card.number")).fill("4242 4242 4242 4242");
    await shop.getByLabel(t("payments.card.expiry")).fill("12/34");
    await shop.getByLabel(t("payments.card.cvc")).fill("123");
    await shop.getByLabel(t("payments.card.name")).fill("Ada Lovelace");
    await shop.getByRole("button", { name: t("payments.card.pay", { amount: "€84.00" }) }).click();
    await expect(shop.getByRole("heading", { name: t("ticketing.shop.done.paidTitle") })).toBeVisible();
    await expect(shop.getByRole("link", { name: t("ticketing.shop.done.ticketsPdf") })).toBeVisible();
    // Nothing wider than the phone: the shop is built for it.
    expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.close();
  });

  await test.step("see the order completed, with its invoice", async () => {
    await page.goto(ticketing("orders"));
    const row = page.getByRole("row").filter({ hasText: buyerEmail });
    await expect(row.getByText(t("ticketing.orders.status.completed"))).toBeVisible();
    await row.getByRole("link").first().click();
    await expect(page.getByText(t("ticketing.orders.status.completed")).first()).toBeVisible();
    const invoice = page.getByRole("row").filter({ hasText: /Invoice TEST-F-[0-9A-F]{8}-000001/ });
    await expect(invoice).toBeVisible();
    await expect(invoice.getByText("€84.00")).toBeVisible();
  });

  await test.step("refund the dinner: the order is partially refunded, with a credit note", async () => {
    await page.getByRole("button", { name: t("ticketing.orders.actions.refundSome") }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("checkbox", { name: /^Dinner/ }).check();
    await dialog.getByRole("button", { name: t("ticketing.orders.refund.submit_one", { count: 1 }) }).click();
    await expect(page.getByText(t("ticketing.orders.status.partially_refunded")).first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: /Credit note TEST-AV-[0-9A-F]{8}-000001/ })).toBeVisible();
  });

  await test.step("the buyer finds the order in the member area on a phone, with tickets, invoice and credit note", async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: "en-GB" });
    const member = await phone.newPage();
    await member.goto(`/en/${slug}/member`);
    await member.getByRole("textbox", { name: t("public.member.email") }).fill(buyerEmail);
    await member.getByRole("button", { name: t("public.member.sendLink") }).click();
    await expect(member.getByRole("heading", { name: t("public.member.checkMailbox") })).toBeVisible();
    const mail = await openMail(member, buyerEmail, `Your link to the member area of Gala ${id}`);
    await mail.getByRole("link", { name: "Open my member area" }).click();
    const orders = member.getByRole("region", { name: t("ticketing.member.title") });
    await expect(orders.getByText(t("ticketing.orders.status.partially_refunded"))).toBeVisible();
    await expect(orders.getByText("€84.00")).toBeVisible();
    await expect(orders.getByRole("button", { name: /^Invoice TEST-F-[0-9A-F]{8}-000001/ })).toBeVisible();
    await expect(orders.getByRole("button", { name: /^Credit note TEST-AV-[0-9A-F]{8}-000001/ })).toBeVisible();
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await member.screenshot({ path: test.info().outputPath("member-orders.png"), fullPage: true });
    const download = member.waitForEvent("download");
    await orders.getByRole("button", { name: new RegExp(`^${t("ticketing.member.downloadTickets")}`) }).click();
    expect((await download).suggestedFilename()).toMatch(/^tickets-[0-9A-F]{8}\.pdf$/);
    await phone.close();
  });
});

/** A new ticket through the drawer, priced after taxes at 20 % VAT (the default rate), optionally an option of another. */
async function createTicket(page: Page, ticket: { caption: string; priceIncl: string; optionOf?: string }) {
  await page.getByRole("button", { name: t("ticketing.catalogue.tickets.create") }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("textbox", { name: t("ticketing.catalogue.tickets.caption") }).fill(ticket.caption);
  if (ticket.optionOf) {
    await drawer.getByRole("switch", { name: t("ticketing.catalogue.tickets.isOption") }).check();
    await drawer.getByRole("combobox", { name: t("ticketing.catalogue.tickets.optionOf") }).click({ force: true });
    await page.getByRole("option", { name: ticket.optionOf }).click();
  }
  await drawer.getByRole("textbox", { name: t("ticketing.catalogue.periods.priceIncl") }).fill(ticket.priceIncl);
  await drawer.getByRole("switch", { name: t("ticketing.catalogue.tickets.onSale"), exact: true }).check();
  await drawer.getByRole("button", { name: t("common.save") }).click();
  await expect(drawer).toBeHidden();
}

async function putRegistrationFormOnline(
  request: import("@playwright/test").APIRequestContext,
  token: string,
  formsUrl: string,
) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(formsUrl, {
    headers,
    data: {
      type: "registration",
      title: { en: "Registration" },
      items: [{ kind: "question", id: "company", type: "short_text", title: { en: "Company" } }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.post(`${formsUrl}/${id}/options`, { headers, data: { online: true } })).status()).toBe(200);
}
