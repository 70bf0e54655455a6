import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { created } from "../catalogue/catalogue.testing.js";
import { orderItems, orders } from "../ticketing.tables.js";
import { orderExportPageSize } from "./orders.export.js";
import { addTicket, buyer, dinnerTicket, paidOrder, shopEvent, uniqueEmail } from "./orders.testing.js";

const t = testAppForFile({ PUBLIC_SHOP_POSTS_PER_MINUTE: "100000" });
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => shopEvent(t, tenants.owner, {}, [tenants.reader.userId]));
const entry = madeBeforeAll(() => addTicket(t, tenants.owner, event));
const dinner = madeBeforeAll(() =>
  addTicket(t, tenants.owner, event, dinnerTicket({ caption: { en: "Dinner", fr: "Dîner" } })),
);

beforeAll(async () => {
  await created(t, tenants.owner.token, event.coupons, {
    code: "HALF",
    discountType: "percent",
    percentOff: 50,
    ticketIds: [dinner.id],
  });
});

async function download(url: string, token = tenants.owner.token) {
  const response = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}
const csvRows = (bytes: Buffer): string[][] => parse(bytes, { delimiter: ";", bom: true, relax_column_count: true });

describe("GET orders/export", () => {
  it("writes one CSV row per order with its items, coupons, VAT breakdown, method and status", async () => {
    const email = uniqueEmail("export");
    const order = await paidOrder(
      t,
      event,
      [
        { ticketId: entry.id, quantity: 1 },
        { ticketId: dinner.id, quantity: 1 },
      ],
      { buyer: buyer(email), couponCodes: ["HALF"] },
    );
    const response = await download(`${event.orders}/export?format=csv&language=fr&search=${email}`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="orders-${event.slug}.csv"`);
    const [header, row, extra] = csvRows(response.bytes);
    expect(extra).toBeUndefined();
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell("Commande")).toBe(order.id);
    expect(cell("Statut")).toBe("Terminée");
    expect(cell("Moyen de paiement")).toBe("Carte");
    expect(cell("Test")).toBe("Oui");
    expect(cell("E-mail de l'acheteur")).toBe(email);
    expect(cell("Articles")).toBe("1 × Entrée; 1 × Dîner");
    expect(cell("Codes promo")).toBe("HALF");
    // 12.00 at 20 % and 15.00 (30.00 − 50 %) at 5.5 %.
    expect(cell("Total TTC")).toBe("27");
    expect(cell("Total HT")).toBe("24,22");
    expect(cell("Taxes")).toBe("5.5 %: 0,78; 20 %: 2,00");
  });

  it("writes an XLSX file too", async () => {
    const email = uniqueEmail("xlsx");
    await paidOrder(t, event, [{ ticketId: entry.id, quantity: 1 }], { buyer: buyer(email) });
    const response = await download(`${event.orders}/export?format=xlsx&language=en&status=completed&search=${email}`);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("the workbook has no sheet");
    expect(sheet.name).toBe("Orders");
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    expect(values(1)).toEqual(
      expect.arrayContaining(["Order", "Status", "Items", "Taxes", "Coupons", "Payment method"]),
    );
    expect(values(2)).toEqual(expect.arrayContaining(["Completed", "Card", "1 × Entry", 12, 10, "20 %: 2.00"]));
  });

  it("streams more orders than a page, each once", async () => {
    const other = await shopEvent(t, tenants.owner);
    const ticket = await addTicket(t, tenants.owner, other);
    const count = orderExportPageSize + 20;
    // Written straight to the tables in one statement: the export only reads them, and 520 carts through the shop
    // would spend the test's time on checkouts other tests cover.
    await t.context.db.execute(sql`with made as (
        insert into ${orders} (event_id, billing_name) select ${other.id}, 'Buyer ' || n from generate_series(1, ${count}) n
        returning id)
      insert into ${orderItems} (order_id, ticket_id, unit_price_excl_tax_cents, unit_price_incl_tax_cents, tax_percent)
      select id, ${ticket.id}, 1000, 1200, 20 from made`);
    const rows = csvRows((await download(`${other.orders}/export`)).bytes).slice(1);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[0])).size).toBe(count);
  });

  it("answers 404 to another account", async () => {
    expect((await download(`${event.orders}/export`, tenants.other.token)).status).toBe(404);
    expect((await download(`${event.orders}/export`, tenants.reader.token)).status).toBe(200);
  });
});
