import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type APIRequestContext, type Download, expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { catalogueText } from "./catalogue";
import { createEventThroughApi, signInWithToken } from "./organizer";

const t = catalogueText("en");

/**
 * An organizer's day with the guest list (issue 3): import the file Excel writes in France (Windows-1252, semicolons,
 * French headers, two bad rows), follow the progress and read the report, search and filter, merge the duplicate pair
 * the import made, and export the list as Excel. The account and the event are made through the API (e2e/organizer.ts).
 */
test("guest list: import, search, filter, merge, export (en)", async ({ page, request }) => {
  const id = randomBytes(4).toString("hex");
  const { token, accountId, eventId } = await createEventThroughApi(request, id);
  const api = guestsApi(request, token, `/api/v1/events/${accountId}/${eventId}/users`);
  await signInWithToken(page, token);

  await test.step("open the empty guest list", async () => {
    await page.goto(`/en/admin/events/${eventId}/guests`);
    await expect(page.getByRole("heading", { level: 1, name: t("guests.list.title") })).toBeVisible();
    await expect(page.getByRole("heading", { name: t("guests.list.empty") })).toBeVisible();
  });

  await test.step("upload a Windows-1252 CSV with French headers", async () => {
    await page.getByRole("link", { name: t("guests.import.button"), exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("guests.import.title") })).toBeVisible();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: t("guests.import.upload.file") }).click();
    await (await chooser).setFiles({ name: "invités.csv", mimeType: "text/csv", buffer: guestFile() });
    await page.getByRole("button", { name: t("guests.import.upload.submit") }).click();
  });

  await test.step("check the suggested mapping", async () => {
    await expect(page.getByText(t("guests.import.match.intro_other", { count: 8 }))).toBeVisible();
    const suggested = {
      Prénom: "firstName",
      Nom: "lastName",
      "E-mail": "email",
      Société: "company",
      Téléphone: "phone",
    };
    for (const [column, field] of Object.entries(suggested)) {
      await expect(
        page.getByRole("combobox", { name: t("guests.import.match.targetOf", { column }), exact: true }),
      ).toHaveValue(t(`guests.fields.${field}`));
    }
    await page.getByRole("button", { name: t("guests.import.match.submit") }).click();
  });

  await test.step("follow the progress and read the report", async () => {
    await expect(page.getByRole("progressbar", { name: t("guests.import.progress.label") })).toBeVisible();
    await expect(page.getByText(t("guests.import.progress.completed", { processed: 8, total: 8 }))).toBeVisible();
    await expect(importCount(page, "created")).toHaveText("6");
    await expect(importCount(page, "refused")).toHaveText("2");
    const report = await downloadText(page, () =>
      page.getByRole("button", { name: t("guests.import.progress.report") }).click(),
    );
    const lines = report.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Invalid email address.");
    expect(lines[2]).toContain("Phone format is incorrect");
  });

  await test.step("search without accents", async () => {
    // One guest confirmed, so the status filter has something to tell apart.
    await api.setStatus("paul.durand@example.test", "confirmed");
    await page.getByRole("link", { name: t("guests.import.progress.backToList"), exact: true }).click();
    await expect(page.getByText(t("guests.list.total_other", { count: 6 }))).toBeVisible();
    await page.getByRole("searchbox", { name: t("common.search") }).fill("helene");
    await expect(page.getByText(t("guests.list.total_one", { count: 1 }))).toBeVisible();
    await expect(guestRows(page)).toHaveCount(1);
    await expect(guestRows(page).getByRole("link", { name: "Hélène Dubois" })).toBeVisible();
    await page.getByRole("searchbox", { name: t("common.search") }).fill("");
    await expect(page.getByText(t("guests.list.total_other", { count: 6 }))).toBeVisible();
  });

  await test.step("filter on a status", async () => {
    // The multi-select's input sits under its pills box, which takes the clicks: open it from the keyboard.
    await page.getByRole("combobox", { name: t("guests.fields.status"), exact: true }).focus();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("option", { name: t("guests.status.confirmed") }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByText(t("guests.list.total_one", { count: 1 }))).toBeVisible();
    await expect(guestRows(page)).toHaveCount(1);
    await expect(guestRows(page).getByRole("link", { name: "Paul Durand" })).toBeVisible();
  });

  await test.step("merge the duplicate pair", async () => {
    await page.getByRole("link", { name: t("guests.duplicates.button"), exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("guests.duplicates.title") })).toBeVisible();
    await expect(page.getByText(t("guests.duplicates.total_one", { count: 1 }))).toBeVisible();
    const pair = page.getByRole("region", { name: "Jean Martin / Jean Martin" });
    await expect(pair.getByText(t("guests.duplicates.reasons.name_company"))).toBeVisible();
    await pair.getByRole("button", { name: t("guests.duplicates.merge") }).click();
    await expect(page.getByText(t("guests.duplicates.merged", { name: "Jean Martin" }))).toBeVisible();
    await expect(page.getByText(t("guests.duplicates.empty"))).toBeVisible();
    // The back link reads "← Guests"; the arrow is drawn by the page, not the catalogue.
    await page.getByRole("link", { name: `← ${t("guests.list.title")}`, exact: true }).click();
    await expect(page.getByText(t("guests.list.total_other", { count: 5 }))).toBeVisible();
    await expect(guestRows(page)).toHaveCount(5);
  });

  await test.step("export as Excel and read it back", async () => {
    await page.getByRole("button", { name: t("common.export.button"), exact: true }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: t("common.export.xlsx") }).click();
    const file = test.info().outputPath("guests.xlsx");
    await (await download).saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("the export has no worksheet");
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(6);
    const cells = rows.map((row) => row.filter((cell) => cell !== undefined && cell !== null).map(String));
    expect(cells[0]).toEqual(expect.arrayContaining([t("guests.fields.firstName"), t("guests.fields.lastName")]));
    expect(cells.slice(1).some((row) => row.includes("Hélène") && row.includes("Dubois"))).toBe(true);
    expect(cells.slice(1).filter((row) => row.includes("Martin"))).toHaveLength(1);
  });
});

/**
 * Six good rows (Hélène, and Jean Martin twice at the same company under two emails) and two bad ones (an email, a
 * phone), as Excel saves "CSV (separator: semicolon)" in France: Windows-1252 and CRLF.
 */
function guestFile(): Buffer {
  const rows = [
    "Prénom;Nom;E-mail;Société;Téléphone",
    "Hélène;Dubois;helene.dubois@example.test;Acme;0412345678",
    "Jean;Martin;jean.martin@example.test;Globex;+33612345678",
    "Jean;Martin;j.martin@globex.example.test;Globex;",
    "Amélie;Lefèvre;amelie.lefevre@example.test;Initech;06 12 34 56 78",
    "Paul;Durand;paul.durand@example.test;Umbrella;",
    "Zoé;Bernard;zoe.bernard@example.test;Société Générale;0145678901",
    "Marc;Petit;pas-une-adresse;Acme;",
    "Luc;Moreau;luc.moreau@example.test;Acme;12345",
  ];
  return Buffer.from(`${rows.join("\r\n")}\r\n`, "latin1");
}

/** The guests endpoints of one event (`base` ends with `/users`). */
function guestsApi(request: APIRequestContext, token: string, base: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async setStatus(email: string, status: string) {
      const found = await request.get(base, { headers, params: { query: email } });
      const { items } = (await found.json()) as { items: { id: string; email: string }[] };
      const guest = items.find((item) => item.email === email);
      if (!guest) throw new Error(`no guest ${email}`);
      const updated = await request.post(`${base}/${guest.id}`, { headers, data: { status } });
      expect(updated.status()).toBe(200);
    },
  };
}

/** One figure of the finished import, read from its term in the description list. */
function importCount(page: Page, key: "created" | "refused") {
  return page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${t(`guests.import.progress.${key}`)}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/** The guest rows of the table: the header row has no guest link. */
function guestRows(page: Page) {
  return page.getByRole("row").filter({ has: page.getByRole("link") });
}

async function downloadText(page: Page, trigger: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download") as Promise<Download>, trigger()]);
  return readFile(await download.path(), "utf8");
}
