import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { tenantsForFile } from "../../../testing/fixtures.js";
import { testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { guestEvent } from "../guests.testing.js";
import { guestImports } from "./imports.tables.js";
import { upload } from "./imports.testing.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);

const importsUrl = (event: { users: string }) => event.users.replace(/\/users$/, "/imports");
const legacyUrl = (event: { slug: string }) => `/${event.slug}/admin/imports/uploadCsvJson`;
const stored = async (id: string) => (await t.context.db.select().from(guestImports).where(eq(guestImports.id, id)))[0];

describe("imports: reading the file", () => {
  it("reads a semicolon Windows-1252 CSV with French headers through the legacy route", async () => {
    const event = await guestEvent(t, owner);
    const text =
      'Civilité;Prénom;Nom;E-mail;Société;Fonction;Téléphone\r\nMme;Hélène;Dupré;helene@example.test;"Café; Crème";Directrice;0412345678\r\n';
    const response = await upload(t, legacyUrl(event), owner.token, {
      name: "invités.csv",
      bytes: Buffer.from(text, "latin1"),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: "uploaded",
      fileName: "invités.csv",
      columns: ["Civilité", "Prénom", "Nom", "E-mail", "Société", "Fonction", "Téléphone"],
      sampleRows: [["Mme", "Hélène", "Dupré", "helene@example.test", "Café; Crème", "Directrice", "0412345678"]],
      totalRows: 1,
      processedRows: 0,
      suggestedMapping: {
        "0": "civility",
        "1": "firstName",
        "2": "lastName",
        "3": "email",
        "4": "company",
        "5": "jobTitle",
        "6": "phone",
      },
    });
    const row = await stored(response.body.id);
    expect(row).toMatchObject({ eventId: event.id, format: "csv", encoding: "windows-1252", delimiter: ";" });
    expect(row?.createdBy).toBe(owner.userId);
    expect(Buffer.compare(row?.content ?? Buffer.alloc(0), Buffer.from(text, "latin1"))).toBe(0);
    // The rows as read, decoded, for the job: it never reads the file again.
    expect(row?.rows).toEqual([
      { line: 2, cells: ["Mme", "Hélène", "Dupré", "helene@example.test", "Café; Crème", "Directrice", "0412345678"] },
    ]);
    const [audit] = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, response.body.id));
    expect(audit?.action).toBe("guests.import.uploaded");
  });

  it("reads a comma UTF-8 CSV with a BOM, and names the columns when the file has no headers", async () => {
    const event = await guestEvent(t, owner);
    const bytes = Buffer.from("\uFEFFFirst name,Last name,Email,Company\nZoë,Ørsted,zoe@example.test,Acme\n", "utf8");
    const response = await upload(t, importsUrl(event), owner.token, { name: "guests.csv", bytes });
    expect(response.status).toBe(201);
    expect(response.body.columns).toEqual(["First name", "Last name", "Email", "Company"]);
    expect(response.body.sampleRows).toEqual([["Zoë", "Ørsted", "zoe@example.test", "Acme"]]);
    expect(response.body.suggestedMapping).toEqual({ "0": "firstName", "1": "lastName", "2": "email", "3": "company" });
    expect(await stored(response.body.id)).toMatchObject({ encoding: "utf-8", delimiter: "," });

    const headless = await upload(
      t,
      importsUrl(event),
      owner.token,
      { name: "guests.csv", bytes: Buffer.from("Zoë,Ørsted\nAda,Lovelace\n") },
      { hasHeaders: false },
    );
    expect(headless.status).toBe(201);
    expect(headless.body).toMatchObject({ columns: ["Column 1", "Column 2"], totalRows: 2, suggestedMapping: {} });
  });

  it("reads a tab-separated file with Spanish headers, and maps headers to custom fields by name", async () => {
    const event = await guestEvent(t, owner);
    const field = await t.request({
      method: "POST",
      url: event.fields,
      token: owner.token,
      body: { name: "Régime alimentaire", type: "short_text" },
    });
    expect(field.status).toBe(201);
    const text =
      "Nombre\tApellidos\tCorreo\tEmpresa\tCargo\tTeléfono\tEstado\tREGIME ALIMENTAIRE\nAna\tGarcía\tana@example.test\tSL\tCEO\t0412345678\tconfirmed\tVegano\n";
    const response = await upload(t, importsUrl(event), owner.token, {
      name: "invitados.tsv",
      bytes: Buffer.from(text),
    });
    expect(response.status).toBe(201);
    expect(response.body.suggestedMapping).toEqual({
      "0": "firstName",
      "1": "lastName",
      "2": "email",
      "3": "company",
      "4": "jobTitle",
      "5": "phone",
      "6": "status",
      "7": `customField:${field.body.id}`,
    });
    expect((await stored(response.body.id))?.delimiter).toBe("\t");
  });

  it("reads the first sheet of an XLSX file, dates as YYYY-MM-DD", async () => {
    const event = await guestEvent(t, owner);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Invités");
    sheet.addRow(["Prénom", "Nom", "Courriel", "Arrivée"]);
    sheet.addRow(["Hélène", "Durand", "helene@example.test", new Date(Date.UTC(2026, 5, 1))]);
    sheet.addRow(["Jean", "Martin", { text: "jean@example.test", hyperlink: "mailto:jean@example.test" }, null]);
    workbook.addWorksheet("Other").addRow(["ignored"]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(t, importsUrl(event), owner.token, {
      name: "invites.xlsx",
      bytes,
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      columns: ["Prénom", "Nom", "Courriel", "Arrivée"],
      sampleRows: [
        ["Hélène", "Durand", "helene@example.test", "2026-06-01"],
        ["Jean", "Martin", "jean@example.test"],
      ],
      totalRows: 2,
      suggestedMapping: { "0": "firstName", "1": "lastName", "2": "email" },
    });
    expect(await stored(response.body.id)).toMatchObject({ format: "xlsx", encoding: null, delimiter: null });
  });
});

describe("imports: refused uploads", () => {
  it("refuses a file over 10 MB with 413 and a type other than CSV or XLSX with 415", async () => {
    const event = await guestEvent(t, owner);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, "a");
    const tooBig = await upload(t, importsUrl(event), owner.token, { name: "big.csv", bytes: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toMatchObject({ code: "FILE_TOO_BIG", message: "The file uploaded is too big." });
    const tooBigFr = await upload(
      t,
      legacyUrl(event),
      owner.token,
      { name: "big.csv", bytes: big },
      { language: "fr" },
    );
    expect(tooBigFr.status).toBe(413);
    expect(tooBigFr.body.error.message).toBe("Le fichier envoyé est trop volumineux.");

    // Far above the JSON body limit (1 MB), within the file limit.
    const twoMegabytes = Buffer.from(`Email\n${"someone@example.test\n".repeat(100_000)}`);
    const large = await upload(t, importsUrl(event), owner.token, { name: "large.csv", bytes: twoMegabytes });
    expect(large.status).toBe(201);
    expect(large.body.totalRows).toBe(100_000);

    const pdf = await upload(t, importsUrl(event), owner.token, {
      name: "guests.pdf",
      bytes: Buffer.from("%PDF-1.4"),
      type: "application/pdf",
    });
    expect(pdf.status).toBe(415);
    expect(pdf.body.error).toMatchObject({ code: "TYPE_NOT_ACCEPTED", message: "The type uploaded is not accepted." });
    const fakeXlsx = await upload(
      t,
      importsUrl(event),
      owner.token,
      { name: "guests.xlsx", bytes: Buffer.from("a,b\n1,2\n") },
      { language: "es" },
    );
    expect(fakeXlsx.status).toBe(415);
    expect(fakeXlsx.body.error.message).toBe("El tipo de archivo enviado no se acepta.");
    const json = await t.request({ method: "POST", url: importsUrl(event), token: owner.token, body: { file: "x" } });
    expect(json.status).toBe(415);

    const empty = await upload(t, importsUrl(event), owner.token, { name: "empty.csv", bytes: Buffer.from("A;B\n") });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("The file has no rows to import.");
    const kept = await t.context.db.select().from(guestImports).where(eq(guestImports.eventId, event.id));
    expect(kept.map((row) => row.fileName)).toEqual(["large.csv"]);
  });

  it("answers 404 to another account, by id or by slug, and 403 to a reader", async () => {
    const event = await guestEvent(t, owner, {}, [reader.userId]);
    const file = { name: "guests.csv", bytes: Buffer.from("Email\na@example.test\n") };
    const uploaded = await upload(t, importsUrl(event), owner.token, file);
    expect(uploaded.status).toBe(201);
    const importUrl = `${importsUrl(event)}/${uploaded.body.id}`;

    for (const url of [importsUrl(event), legacyUrl(event)]) {
      const stranger = await upload(t, url, other.token, file);
      expect(stranger.status).toBe(404);
      expect(stranger.body.error.message).toBe("Not found.");
    }
    const foreignScope = importsUrl(event).replace(owner.accountId, other.accountId);
    expect((await upload(t, foreignScope, other.token, file)).status).toBe(404);
    expect((await t.request({ method: "GET", url: importUrl, token: other.token })).status).toBe(404);
    const foreignReport = await t.request({ method: "GET", url: `${importUrl}/report`, token: other.token });
    expect(foreignReport.status).toBe(404);
    const unknownSlug = await upload(t, "/no-such-event/admin/imports/uploadCsvJson", owner.token, file);
    expect(unknownSlug.status).toBe(404);
    expect((await upload(t, importsUrl(event), "", file)).status).toBe(401);

    const denied = await upload(t, importsUrl(event), reader.token, file);
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe("You are not allowed to do this.");
    expect((await upload(t, legacyUrl(event), reader.token, file)).status).toBe(403);
    const start = { mapping: { "0": "email" }, onExistingEmail: "skip" };
    const readerStart = await t.request({
      method: "POST",
      url: `${importUrl}/start`,
      token: reader.token,
      body: start,
    });
    expect(readerStart.status).toBe(403);
    const readerView = await t.request({ method: "GET", url: importUrl, token: reader.token });
    expect(readerView.status).toBe(200);
    expect((await stored(uploaded.body.id))?.status).toBe("uploaded");
  });
});

describe("imports: starting", () => {
  it("refuses an unknown target, a target twice, an empty mapping, and a second start", async () => {
    const event = await guestEvent(t, owner);
    const uploaded = await upload(t, importsUrl(event), owner.token, {
      name: "guests.csv",
      bytes: Buffer.from("Prénom;Nom;Mail\nAda;Lovelace;ada@example.test\n"),
    });
    const startUrl = `${importsUrl(event)}/${uploaded.body.id}/start`;
    const start = (mapping: Record<string, string>, language?: string) =>
      t.request({ method: "POST", url: startUrl, token: owner.token, body: { mapping }, language });

    const twice = await start({ "0": "firstName", "1": "firstName" });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatchObject({
      message: "Two columns are matched to the same field.",
      fields: { "mapping.1": "Two columns are matched to the same field." },
    });
    const unknown = await start({ "0": "password", "7": "email" }, "fr");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({
      "mapping.0": "Cette colonne ne peut pas être importée dans ce champ.",
      "mapping.7": "Cette colonne ne peut pas être importée dans ce champ.",
    });
    const foreignField = await start({ "0": "customField:00000000-0000-4000-8000-000000000000" });
    expect(foreignField.status).toBe(400);
    expect((await start({})).status).toBe(400);
    expect((await stored(uploaded.body.id))?.status).toBe("uploaded");

    const started = await start({ "0": "firstName", "1": "lastName", "2": "email" });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: "queued", onExistingEmail: "skip", totalRows: 1 });
    const again = await start({ "0": "firstName" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This import has already been started.");
    expect((await stored(uploaded.body.id))?.mapping).toEqual({ "0": "firstName", "1": "lastName", "2": "email" });
  });
});
