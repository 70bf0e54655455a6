import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readStoredFile } from "../../platform/file-store.js";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { events } from "../events/events.tables.js";
import { multipartForm, pdfBytes } from "../forms/forms.testing.js";
import { guestEvent, scopeUrl } from "../guests/guests.testing.js";
import { publicDocuments } from "./documents.service.js";
import { documents } from "./documents.tables.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => guestEvent(t, tenants.owner, {}, [tenants.reader.userId]));
const documentsUrl = (eventId = event.id) => `${scopeUrl(tenants.owner.accountId, eventId)}/documents`;

const megabytes = (n: number) => n * 1024 * 1024;
const zipBytes = () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);

type UploadOptions = {
  fileName?: string;
  bytes?: Buffer;
  fields?: Record<string, string>;
  position?: string;
  token?: string;
};

function upload(eventId: string, options: UploadOptions = {}) {
  const { fileName = "Program.pdf", bytes = pdfBytes(), fields = {}, position, token = tenants.owner.token } = options;
  const { body, headers } = multipartForm(fields, { name: fileName, bytes });
  return t.request({
    method: "POST",
    url: documentsUrl(eventId),
    token,
    body,
    headers: { ...headers, ...(position !== undefined && { "x-document-position": position }) },
  });
}

async function uploaded(eventId: string, options: UploadOptions = {}) {
  const response = await upload(eventId, options);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; name: string; position: number; fileName: string; contentType: string };
}

async function listed(eventId: string) {
  const response = await t.request({ method: "GET", url: documentsUrl(eventId), token: tenants.owner.token });
  expect(response.status).toBe(200);
  return (response.body.items as { name: string; position: number }[]).map((item) => `${item.position}:${item.name}`);
}

/** An event of its own (in French and English), for a test that counts positions. */
async function freshEvent() {
  const created = await guestEvent(t, tenants.owner, { languages: ["fr", "en"] });
  return { eventId: created.id, slug: created.slug };
}

const download = (slug: string, id: string) =>
  t.request({ method: "GET", url: `/api/v1/public/events/${slug}/documents/${id}/file` });

async function setMisc(eventId: string, misc: boolean) {
  const [row] = await t.context.db.select({ modules: events.modules }).from(events).where(eq(events.id, eventId));
  if (!row) throw new Error("no event");
  await t.context.db
    .update(events)
    .set({ modules: { ...row.modules, misc } })
    .where(eq(events.id, eventId));
}

describe("documents (SPEC §3 Document, §7 documents)", () => {
  it("uploads at the end or at x-document-position, names from the field or the file, types from the bytes", async () => {
    const place = await freshEvent();
    const program = await uploaded(place.eventId, { fields: { name: "Programme", fileLanguage: "fr" } });
    expect(program).toMatchObject({ name: "Programme", fileLanguage: "fr", contentType: "application/pdf" });
    const map = await uploaded(place.eventId, { fileName: "Venue map.docx", bytes: zipBytes() });
    expect(map).toMatchObject({
      name: "Venue map",
      fileLanguage: null,
      fileName: "Venue map.docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      position: 1,
    });
    // A zip named .doc is not an old Word file: its type stays the one its bytes say.
    expect((await uploaded(place.eventId, { fileName: "old.doc", bytes: zipBytes() })).contentType).toBe(
      "application/zip",
    );
    await uploaded(place.eventId, { fields: { name: "First" }, position: "0" });
    await uploaded(place.eventId, { fields: { name: "Middle" }, position: "2" });
    expect(await listed(place.eventId)).toEqual(["0:First", "1:Programme", "2:Middle", "3:Venue map", "4:old"]);
    await uploaded(place.eventId, { fields: { name: "Last" }, position: "5" });

    const past = await upload(place.eventId, { fields: { name: "Too far" }, position: "7" });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({
      code: "POSITION_OUT_OF_RANGE",
      message: "This position is outside the list: it goes from 0 to 6.",
    });
    expect(Object.keys(past.body.error.fields)).toEqual(["x-document-position"]);
    for (const position of ["-1", "first", "1.5"]) {
      expect((await upload(place.eventId, { position })).status, position).toBe(400);
    }
    expect(await listed(place.eventId)).toHaveLength(6);

    const audit = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, program.id), eq(auditLogs.action, "content.document.created")));
    expect(audit[0]?.after).toMatchObject({ name: "Programme", fileLanguage: "fr", fileName: "Program.pdf" });
  });

  it("refuses by content what is not a document (a renamed executable, SVG, HTML), an empty file and over 15 MB", async () => {
    const place = await freshEvent();
    const executable = Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(500, 0)]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    for (const [fileName, bytes] of [
      ["setup.pdf", executable],
      ["logo.png", svg],
      ["page.pdf", html],
    ] as const) {
      const refused = await upload(place.eventId, { fileName, bytes });
      expect(refused.status, fileName).toBe(415);
      expect(refused.body.error).toMatchObject({
        code: "TYPE_NOT_ACCEPTED",
        message: "The type uploaded is not accepted.",
      });
    }
    const empty = await upload(place.eventId, { bytes: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.error.fields)).toEqual(["file"]);

    expect((await upload(place.eventId, { bytes: pdfBytes(megabytes(15) - 20) })).status).toBe(201);
    const big = await upload(place.eventId, { bytes: pdfBytes(megabytes(15)) });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe("The file uploaded is too big.");
    expect(await listed(place.eventId)).toHaveLength(1);
  });

  it("keeps a hostile file name harmless: NUL refused, a path cut to its last part, the download header encoded", async () => {
    const place = await freshEvent();
    const nul = await upload(place.eventId, { fileName: "a\u0000.pdf" });
    expect(nul.status).toBe(400);
    expect(nul.body.error.code).toBe("TEXT_NUL_CHARACTER");
    const nulName = await upload(place.eventId, { fields: { name: "Bad\u0000name" } });
    expect(nulName.body.error.code).toBe("TEXT_NUL_CHARACTER");

    const traversal = await uploaded(place.eventId, { fileName: "../../etc/passwd.pdf" });
    expect(traversal).toMatchObject({ fileName: "passwd.pdf", name: "passwd" });
    const windows = await uploaded(place.eventId, { fileName: "..\\..\\boot.ini.pdf" });
    expect(windows.fileName).toBe("boot.ini.pdf");
    const dots = await uploaded(place.eventId, { fileName: "..", fields: { name: "Dots" } });
    expect(dots.fileName).toBe("document");

    const accented = await uploaded(place.eventId, { fileName: "Plan d'accès; été.pdf" });
    const response = await download(place.slug, accented.id);
    expect(response.status).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="Plan d'acc_s; _t_.pdf"; filename*=UTF-8''${encodeURIComponent("Plan d'accès; été.pdf")}`,
    );
  });

  it("serves the public download with its type, nosniff and the original bytes; lists by the visitor's language", async () => {
    const place = await freshEvent();
    const bytes = pdfBytes(3_000);
    const french = await uploaded(place.eventId, { bytes, fileName: "Programme.pdf", fields: { fileLanguage: "fr" } });
    const english = await uploaded(place.eventId, { fileName: "Program.pdf", fields: { fileLanguage: "en" } });
    const map = await uploaded(place.eventId, { fileName: "Map.xlsx", bytes: zipBytes() });

    const response = await t.app.inject({
      method: "GET",
      url: `/api/v1/public/events/${place.slug}/documents/${french.id}/file`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.rawPayload.equals(bytes)).toBe(true);
    const spreadsheet = await download(place.slug, map.id);
    expect(spreadsheet.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(String(spreadsheet.headers["content-disposition"])).toMatch(/^attachment; filename="Map.xlsx"/);

    const scope = (language: "fr" | "en") => ({
      executor: t.context.db,
      config: t.context.config,
      eventId: place.eventId,
      slug: place.slug,
      language,
      preferredLanguage: "fr" as const,
    });
    const names = async (language: "fr" | "en") =>
      (await publicDocuments(scope(language))).map((document) => document.fileName);
    expect(await names("fr")).toEqual(["Programme.pdf", "Map.xlsx"]);
    expect(await names("en")).toEqual(["Program.pdf", "Map.xlsx"]);
    const [first] = await publicDocuments(scope("en"));
    expect(first?.url).toBe(`/api/v1/public/events/${place.slug}/documents/${english.id}/file`);

    // Another event's slug, an unknown id: 404.
    expect((await download(event.slug, french.id)).status).toBe(404);
    expect((await download(place.slug, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("renames, changes the language (one of the event's), reorders by the full list, deletes closing the gap and the file", async () => {
    const place = await freshEvent();
    const [a, b, c] = [
      await uploaded(place.eventId, { fields: { name: "A" } }),
      await uploaded(place.eventId, { fields: { name: "B" } }),
      await uploaded(place.eventId, { fields: { name: "C" } }),
    ];
    const post = (url: string, body: unknown) => t.request({ method: "POST", url, token: tenants.owner.token, body });
    const renamed = await post(`${documentsUrl(place.eventId)}/${b.id}`, { name: "Bee", fileLanguage: "en" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Bee", fileLanguage: "en", position: 1, fileName: "Program.pdf" });
    const spanish = await post(`${documentsUrl(place.eventId)}/${b.id}`, { name: "Bee", fileLanguage: "es" });
    expect(spanish.status).toBe(400);
    expect(Object.keys(spanish.body.error.fields)).toEqual(["fileLanguage"]);
    expect((await upload(place.eventId, { fields: { fileLanguage: "es" } })).status).toBe(400);
    expect((await post(`${documentsUrl(place.eventId)}/${b.id}`, { name: " " })).status).toBe(400);

    const reorder = (ids: string[]) => post(`${documentsUrl(place.eventId)}/reorder`, { ids });
    expect((await reorder([c.id, a.id, b.id])).status).toBe(200);
    expect(await listed(place.eventId)).toEqual(["0:C", "1:A", "2:Bee"]);
    const refused = await reorder([c.id, a.id]);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "DOCUMENTS_NOT_REORDERED",
      message: "The documents could not be reordered: the list has changed, reload it.",
    });

    const [stored] = await t.context.db.select().from(documents).where(eq(documents.id, a.id));
    if (!stored) throw new Error("no document");
    expect((await readStoredFile(t.context.files, stored.storageKey)).length).toBeGreaterThan(0);
    const removed = await t.request({
      method: "DELETE",
      url: `${documentsUrl(place.eventId)}/${a.id}`,
      token: tenants.owner.token,
    });
    expect(removed.status).toBe(200);
    expect(await listed(place.eventId)).toEqual(["0:C", "1:Bee"]);
    await expect(readStoredFile(t.context.files, stored.storageKey)).rejects.toThrow();
    expect((await download(place.slug, a.id)).status).toBe(404);
  });

  it("with the misc module off: every change answers 409, the public download 404", async () => {
    const place = await freshEvent();
    const kept = await uploaded(place.eventId);
    await setMisc(place.eventId, false);
    const one = `${documentsUrl(place.eventId)}/${kept.id}`;
    const token = tenants.owner.token;
    const refusals = [
      await upload(place.eventId),
      await t.request({ method: "POST", url: one, token, body: { name: "Renamed" } }),
      await t.request({
        method: "POST",
        url: `${documentsUrl(place.eventId)}/reorder`,
        token,
        body: { ids: [kept.id] },
      }),
      await t.request({ method: "DELETE", url: one, token }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe("MISC_MODULE_OFF");
    }
    expect(await listed(place.eventId)).toEqual(["0:Program"]);
    expect((await download(place.slug, kept.id)).status).toBe(404);
    await setMisc(place.eventId, true);
    expect((await download(place.slug, kept.id)).status).toBe(200);
  });

  it("a reader lists but changes nothing; another account gets 404 everywhere", async () => {
    const kept = await uploaded(event.id);
    const one = `${documentsUrl()}/${kept.id}`;
    const reader = tenants.reader.token;
    expect((await t.request({ method: "GET", url: documentsUrl(), token: reader })).status).toBe(200);
    const readerChanges = [
      await upload(event.id, { token: reader }),
      await t.request({ method: "POST", url: one, token: reader, body: { name: "Reader" } }),
      await t.request({ method: "POST", url: `${documentsUrl()}/reorder`, token: reader, body: { ids: [kept.id] } }),
      await t.request({ method: "DELETE", url: one, token: reader }),
    ];
    expect(readerChanges.map((response) => response.status)).toEqual([403, 403, 403, 403]);

    const other = tenants.other.token;
    const asOther = [
      await t.request({ method: "GET", url: documentsUrl(), token: other }),
      await upload(event.id, { token: other }),
      await t.request({ method: "POST", url: one, token: other, body: { name: "Intruder" } }),
      await t.request({ method: "POST", url: `${documentsUrl()}/reorder`, token: other, body: { ids: [kept.id] } }),
      await t.request({ method: "DELETE", url: one, token: other }),
    ];
    expect(asOther.map((response) => response.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await listed(event.id)).toEqual(["0:Program"]);
  });
});
