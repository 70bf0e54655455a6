import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { tenantsForFile } from "../../../testing/fixtures.js";
import { testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { guests } from "../guests.tables.js";
import { addGuest, guestEvent } from "../guests.testing.js";
import { exportPageSize } from "./exports.service.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);

/** The file as bytes: inject's text body would mangle a zip. */
async function download(url: string, token = owner.token, language?: string) {
  const response = await t.app.inject({
    method: "GET",
    url,
    headers: { authorization: `Bearer ${token}`, ...(language && { "accept-language": language }) },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, text: response.body };
}

const csvRows = (bytes: Buffer): string[][] => parse(bytes, { delimiter: ";", bom: true, relax_column_count: true });

/** An event with a choice field and three guests, one of them the godfather of another. */
async function eventWithGuests() {
  const event = await guestEvent(t, owner, {}, [reader.userId]);
  const field = await t.request({
    method: "POST",
    url: event.fields,
    token: owner.token,
    body: { name: "Régime", type: "dropdown", choices: [{ id: "veg", label: "Végétarien" }] },
  });
  expect(field.status).toBe(201);
  const hopper = await addGuest(t, owner.token, event.users, {
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.test",
    company: "Navy",
    status: "confirmed",
    customFields: { [field.body.id]: "veg" },
  });
  const lovelace = await addGuest(t, owner.token, event.users, {
    firstName: "Ada",
    lastName: "Lovelace",
    godfatherId: hopper.id,
  });
  const turing = await addGuest(t, owner.token, event.users, { firstName: "Alan", lastName: "Turing" });
  return { event, hopper, lovelace, turing };
}

describe("guest export", () => {
  it("exports every guest as a French CSV: BOM, semicolons, localized headers and labels", async () => {
    const { event } = await eventWithGuests();
    const response = await download(`${event.users}/export?format=csv&language=fr`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="guests-${event.slug}.csv"`);
    expect([...response.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = csvRows(response.bytes);
    expect(header).toEqual(expect.arrayContaining(["Prénom", "Nom", "Adresse e-mail", "Statut", "Parrain", "Régime"]));
    const column = (name: string) => header?.indexOf(name) ?? -1;
    expect(rows.map((row) => row[column("Nom")])).toEqual(["Hopper", "Lovelace", "Turing"]);
    const [hopper, lovelace] = rows;
    expect(hopper?.[column("Statut")]).toBe("Confirmé");
    expect(hopper?.[column("Régime")]).toBe("Végétarien");
    expect(hopper?.[column("Inscrit")]).toBe("Non");
    expect(hopper?.[column("Origine")]).toBe("Ajouté par un organisateur");
    expect(lovelace?.[column("Statut")]).toBe("Sans réponse");
    expect(lovelace?.[column("Parrain")]).toBe("Grace Hopper");
  });

  it("takes the headers' language from Accept-Language, and exports a filter or a selection", async () => {
    const { event, lovelace, turing } = await eventWithGuests();
    const spanish = csvRows((await download(`${event.users}/export`, owner.token, "es")).bytes);
    expect(spanish[0]?.slice(2, 4)).toEqual(["Nombre", "Apellidos"]);

    const filtered = csvRows(
      (await download(`${event.users}/export?status=not_responded&sort=lastName&direction=desc`)).bytes,
    );
    expect(filtered[0]?.[3]).toBe("Last name");
    expect(filtered.slice(1).map((row) => row[3])).toEqual(["Turing", "Lovelace"]);

    const selected = csvRows((await download(`${event.users}/export?ids=${turing.id},${lovelace.id}`)).bytes);
    expect(selected.slice(1).map((row) => row[0])).toEqual([lovelace.id, turing.id]);
  });

  it("exports an XLSX file that Excel readers open", async () => {
    const { event } = await eventWithGuests();
    const response = await download(`${event.users}/export?format=xlsx&language=en&query=hopper`);
    expect(response.status).toBe(200);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="guests-${event.slug}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("the workbook has no sheet");
    expect(sheet.name).toBe("Guests");
    expect(sheet.rowCount).toBe(2);
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    expect(values(1)).toEqual(expect.arrayContaining(["First name", "Status", "Régime", "Companions expected"]));
    expect(values(2)).toEqual(expect.arrayContaining(["Grace", "Hopper", "Confirmed", "Végétarien", 0]));
  });

  it("streams a list longer than a page, in order, every row once", async () => {
    const event = await guestEvent(t, owner);
    const count = Math.round(exportPageSize * 2.5);
    // Half the guests share a last name, so the keyset must rely on the id to move past a page's end.
    const values = Array.from({ length: count }, (_, index) => ({
      eventId: event.id,
      firstName: `Guest ${index}`,
      lastName: index % 2 === 0 ? "Martin" : `Name ${String(index).padStart(5, "0")}`,
      createdSource: "import" as const,
    }));
    for (let start = 0; start < count; start += 500) {
      await t.context.db.insert(guests).values(values.slice(start, start + 500));
    }
    for (const sort of ["lastName", "email", "createdAt"]) {
      const rows = csvRows((await download(`${event.users}/export?sort=${sort}`)).bytes).slice(1);
      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row[0])).size).toBe(count);
    }
    const byName = csvRows((await download(`${event.users}/export`)).bytes).slice(1);
    const lastNames = byName.map((row) => row[3]);
    expect(lastNames.slice(0, count / 2).every((name) => name === "Martin")).toBe(true);
    expect(lastNames.slice(count / 2)).toEqual(values.filter((_, index) => index % 2 === 1).map((row) => row.lastName));
  }, 60_000);

  it("answers Export failed. when the export cannot start", async () => {
    const { event } = await eventWithGuests();
    // A database failure at the export's start (its custom fields cannot be read), to see the answer a broken export
    // gives; the file's database is its own, and the table is given back before the next test.
    await t.context.db.execute(sql`alter table custom_fields rename to custom_fields_gone`);
    try {
      const failed = await t.request({
        method: "GET",
        url: `${event.users}/export`,
        token: owner.token,
        language: "fr",
      });
      expect(failed.status).toBe(500);
      expect(failed.body.error).toEqual({ code: "EXPORT_FAILED", message: "L'export a échoué." });
      const english = await t.request({ method: "GET", url: `${event.users}/export`, token: owner.token });
      expect(english.body.error.message).toBe("Export failed.");
    } finally {
      await t.context.db.execute(sql`alter table custom_fields_gone rename to custom_fields`);
    }
    expect((await t.request({ method: "GET", url: `${event.users}/export`, token: owner.token })).status).toBe(200);
  });

  it("refuses bad filters with 400 and an unreachable event with 404", async () => {
    const { event } = await eventWithGuests();
    const bad = await t.request({ method: "GET", url: `${event.users}/export?format=pdf`, token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("This value is not valid.");
    const badIds = await t.request({ method: "GET", url: `${event.users}/export?ids=nope`, token: owner.token });
    expect(badIds.status).toBe(400);
    const nul = await t.request({ method: "GET", url: `${event.users}/export?query=a%00b`, token: owner.token });
    expect(nul.status).toBe(400);
    const badSort = await t.request({ method: "GET", url: `${event.users}/export?sort=password`, token: owner.token });
    expect(badSort.status).toBe(400);
    expect((await download(`${event.users}/export`, reader.token)).status).toBe(200);
    const foreign = await t.request({ method: "GET", url: `${event.users}/export`, token: other.token });
    expect(foreign.status).toBe(404);
    const crossed = await t.request({
      method: "GET",
      url: `${event.users.replace(owner.accountId, other.accountId)}/export`,
      token: other.token,
      language: "fr",
    });
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.message).toBe("Introuvable.");
  });
});

describe("grouped actions", () => {
  const bulk = (url: string, body: unknown, token = owner.token, language?: string) =>
    t.request({ method: "POST", url: `${url}/bulk`, token, body, language });
  const statusOf = async (id: string) => (await t.context.db.select().from(guests).where(eq(guests.id, id)))[0]?.status;

  it("changes the status of the guests matching a filter, in one audited action", async () => {
    const { event, hopper, lovelace, turing } = await eventWithGuests();
    const response = await bulk(event.users, {
      selection: { filter: { status: "not_responded", query: "lovel" } },
      action: { type: "setStatus", status: "to_be_seen" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updated: 1, notDeleted: [] });
    expect(await statusOf(lovelace.id)).toBe("to_be_seen");
    expect(await statusOf(turing.id)).toBe("not_responded");
    expect(await statusOf(hopper.id)).toBe("confirmed");

    const all = await bulk(event.users, {
      selection: { filter: {} },
      action: { type: "setStatus", status: "refused" },
    });
    expect(all.body.updated).toBe(3);
    const logs = await t.context.db.select().from(auditLogs).where(eq(auditLogs.eventId, event.id));
    const bulkLogs = logs.filter((log) => log.action === "guests.guests.statusChanged");
    expect(bulkLogs.map((log) => (log.after as { count: number }).count)).toEqual([1, 3]);
  });

  it("changes the status of selected ids, and deletes a selection reporting the ids not deleted", async () => {
    const { event, hopper, lovelace, turing } = await eventWithGuests();
    const byIds = await bulk(event.users, {
      selection: { ids: [hopper.id, turing.id] },
      action: { type: "setStatus", status: "cancelled" },
    });
    expect(byIds.body).toEqual({ updated: 2, notDeleted: [] });
    expect(await statusOf(turing.id)).toBe("cancelled");
    expect(await statusOf(lovelace.id)).toBe("not_responded");

    const elsewhere = (await eventWithGuests()).turing;
    const removed = await bulk(event.users, {
      selection: { ids: [hopper.id, lovelace.id, elsewhere.id] },
      action: { type: "delete" },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ deleted: 2, notDeleted: [elsewhere.id] });
    expect(await statusOf(hopper.id)).toBeUndefined();
    expect(await statusOf(elsewhere.id)).toBe("not_responded");
  });

  it("deletes every guest matching a filter", async () => {
    const { event, hopper, turing } = await eventWithGuests();
    const removed = await bulk(event.users, {
      selection: { filter: { status: "not_responded" } },
      action: { type: "delete" },
    });
    expect(removed.body).toEqual({ deleted: 2, notDeleted: [] });
    expect(await statusOf(turing.id)).toBeUndefined();
    expect(await statusOf(hopper.id)).toBe("confirmed");
  });

  it("refuses an empty selection, a reader, and another account", async () => {
    const { event, hopper } = await eventWithGuests();
    const action = { type: "setStatus", status: "confirmed" };
    const empty = await bulk(event.users, { selection: {}, action }, owner.token, "fr");
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.selection).toBe("Ce champ est obligatoire.");
    const badStatus = await bulk(event.users, { selection: { ids: [hopper.id] }, action: { type: "setStatus" } });
    expect(badStatus.status).toBe(400);

    const asReader = await bulk(event.users, { selection: { ids: [hopper.id] }, action }, reader.token);
    expect(asReader.status).toBe(403);
    expect(asReader.body.error.message).toBe("You are not allowed to do this.");
    const foreign = await bulk(event.users, { selection: { filter: {} }, action }, other.token);
    expect(foreign.status).toBe(404);
    const crossed = await bulk(
      event.users.replace(owner.accountId, other.accountId),
      { selection: { filter: {} }, action: { type: "delete" } },
      other.token,
      "es",
    );
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.message).toBe("No encontrado.");
    expect(await statusOf(hopper.id)).toBe("confirmed");
  });
});
