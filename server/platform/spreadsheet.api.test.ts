import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";
import { insertForm, question, submit, uniqueEmail } from "../modules/forms/submissions/submissions.testing.js";
import { addGuest, guestEvent } from "../modules/guests/guests.testing.js";
import { guestImportErrors, guestImports } from "../modules/guests/imports/imports.tables.js";
import { addTicket, billing, card, cartOf, shopClient, shopEvent } from "../modules/ticketing/orders/orders.testing.js";
import { registerAccount } from "../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../testing/test-app.js";

/*
 * Formula injection (OWASP "CSV injection"): texts a guest or a buyer typed that a spreadsheet would run as formulas
 * come out of every export with a leading quote, in CSV and in XLSX; numbers stay numbers.
 */
const payloads = ['=HYPERLINK("http://attacker.test","click")', "+cmd", "-1+2", "@SUM(1)"];
const neutralized = payloads.map((payload) => `'${payload}`);

const t = testAppForFile({ PUBLIC_SHOP_POSTS_PER_MINUTE: "100000" });
const owner = madeBeforeAll(() => registerAccount(t));
const event = madeBeforeAll(() => shopEvent(t, owner));

async function download(url: string) {
  const response = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${owner.token}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}
const csvCells = (bytes: Buffer): string[] =>
  (parse(bytes, { delimiter: ";", bom: true, relax_column_count: true }) as string[][]).flat();
async function xlsxCells(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: unknown[] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    for (const value of (row.values as unknown[]).slice(1)) cells.push(value);
  });
  return cells;
}

function expectNeutralized(cells: unknown[]) {
  for (const [index, payload] of payloads.entries()) {
    expect(cells, payload).not.toContain(payload);
    expect(cells, payload).toContain(neutralized[index]);
  }
}

describe("every export neutralizes cells a spreadsheet would read as formulas", () => {
  test("the guest export (CSV and XLSX), from a guest's fields", async () => {
    const users = `/api/v1/events/${owner.accountId}/${event.id}/users`;
    for (const payload of payloads) {
      await addGuest(t, owner.token, users, { lastName: payload, company: payload, email: uniqueEmail("guest") });
    }
    expectNeutralized(csvCells(await download(`${users}/export?format=csv`)));
    expectNeutralized(await xlsxCells(await download(`${users}/export?format=xlsx`)));
  });

  test("the orders export (CSV and XLSX), from the billing name typed in the public shop; amounts stay numbers", async () => {
    const ticket = await addTicket(t, owner, event);
    for (const payload of payloads) {
      const cart = await cartOf(t, event, [{ ticketId: ticket.id, quantity: 1 }]);
      const checkout = { method: "card", billing: { ...billing, name: payload }, termsAccepted: true, card: card() };
      const paid = await shopClient(t, event).checkout(cart.token, checkout);
      expect(paid.body.cart?.status, JSON.stringify(paid.body)).toBe("completed");
    }
    expectNeutralized(csvCells(await download(`${event.orders}/export?format=csv`)));
    const cells = await xlsxCells(await download(`${event.orders}/export?format=xlsx`));
    expectNeutralized(cells);
    expect(cells).toContain(12);
  });

  test("the import's report of refused rows, from the imported file's own values", async () => {
    const [upload] = await t.context.db
      .insert(guestImports)
      .values({ eventId: event.id, fileName: "guests.csv", content: Buffer.from(""), format: "csv", columns: ["Name"] })
      .returning({ id: guestImports.id });
    if (!upload) throw new Error("import insert failed");
    await t.context.db.insert(guestImportErrors).values(
      payloads.map((payload, index) => ({
        importId: upload.id,
        rowNumber: index + 2,
        reason: "-",
        values: [payload],
      })),
    );
    const url = `/api/v1/events/${owner.accountId}/${event.id}/imports/${upload.id}/report`;
    const cells = (parse(await download(url), { bom: true }) as string[][]).flat();
    expectNeutralized(cells);
    expect(cells).toContain("'-");
  });

  test("the form answers export, from a public form's answer", async () => {
    const formEvent = await guestEvent(t, owner);
    const form = await insertForm(t, formEvent.id, { items: [question("comment", "short_text")] });
    for (const payload of payloads) {
      const sent = await submit(t, formEvent.slug, form.id, {
        mail: uniqueEmail("answer"),
        items: { comment: payload },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    const url = `/api/v1/events/${owner.accountId}/${formEvent.id}/forms/${form.id}/export`;
    expectNeutralized(csvCells(await download(url)));
  });
});
