import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readStoredFile } from "../../../platform/file-store.js";
import { registerTenants } from "../../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { ebadges } from "../../ebadges/ebadges.tables.js";
import { createEvent } from "../../events/events.testing.js";
import { fonts } from "./fonts.tables.js";

const t = testAppForFile({ PUBLIC_URL: "https://events.example.test" });
const tenants = madeBeforeAll(() => registerTenants(t));
const owner = () => client(t, tenants.owner);
const reader = () => client(t, tenants.reader);
const other = () => client(t, tenants.other);

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));
/** Open Sans Regular (Apache License 2.0, fixtures/OPEN-SANS-LICENSE.txt), as rustdoc ships it. */
const woff2 = fixture("open-sans-regular.woff2");
/** A TrueType face (VS Code's codicons, MIT): a real font, but not WOFF2. */
const ttf = fixture("codicon.ttf");

const fontsUrl = (accountId = tenants.owner.accountId) => `/api/v1/accounts/${accountId}/fonts`;

/** A multipart body with one `file` part, as a browser's form sends it. */
function multipart(bytes: Buffer, fileName: string) {
  const boundary = "----fonttest";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: font/woff2\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  bytes: Buffer,
  token = tenants.owner.token,
  accountId = tenants.owner.accountId,
  language = "en",
) {
  const { payload, headers } = multipart(bytes, "face.woff2");
  const response = await t.app.inject({
    method: "POST",
    url: `${fontsUrl(accountId)}/upload`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}`, "accept-language": language },
  });
  return { status: response.statusCode, body: response.json() };
}

async function addFont(body: Record<string, unknown> = {}) {
  const uploaded = await upload(woff2);
  const response = await owner().post(fontsUrl(), { name: "Brand", fileId: uploaded.body.fileId, ...body });
  if (response.status !== 201) throw new Error(`font creation failed: ${JSON.stringify(response.body)}`);
  return response.body as { id: string; url: string } & Record<string, unknown>;
}

describe("fonts", () => {
  it("uploads a WOFF2 file, reads its family, names it, lists, edits and deletes it with audit rows", async () => {
    const uploaded = await upload(woff2);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ familyName: "Open Sans", size: woff2.length });
    // An upload no font names yet is not a font.
    expect((await owner().get(fontsUrl())).body.total).toBe(0);

    const created = await owner().post(fontsUrl(), { name: "Brand", fileId: uploaded.body.fileId, type: "bold" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Brand",
      type: "bold",
      alternateFont: "Arial",
      active: true,
      size: woff2.length,
    });
    expect(created.body.url).toMatch(/^https:\/\/events\.example\.test\/api\/v1\/fonts\/[0-9a-f-]{36}\.woff2$/);
    // The same upload cannot make a second font.
    expect((await owner().post(fontsUrl(), { name: "Twice", fileId: uploaded.body.fileId })).status).toBe(404);

    const id = created.body.id;
    // The WOFF2's TrueType face, decoded at upload, is kept beside it for PDFs.
    const [stored] = await t.context.db.select().from(fonts).where(eq(fonts.id, id));
    const storedKeys = [stored?.storageKey ?? "", stored?.sfntStorageKey ?? ""];
    const sfnt = await readStoredFile(t.context.files, storedKeys[1] ?? "");
    expect(sfnt.subarray(0, 4).toString("hex")).toBe("00010000");
    expect((await reader().get(fontsUrl())).body).toMatchObject({ total: 1, items: [{ id, name: "Brand" }] });
    const edited = await owner().post(`${fontsUrl()}/${id}`, { name: "Brand serif", alternateFont: "Georgia" });
    expect(edited.body).toMatchObject({ name: "Brand serif", alternateFont: "Georgia", type: "bold" });
    expect((await owner().post(`${fontsUrl()}/${id}`, { active: false })).body.active).toBe(false);
    expect((await reader().get(`${fontsUrl()}/${id}`)).body.active).toBe(false);

    expect((await owner().delete(`${fontsUrl()}/${id}`)).body).toEqual({ ok: true });
    expect((await owner().get(`${fontsUrl()}/${id}`)).status).toBe(404);
    const filePath = new URL(created.body.url).pathname;
    expect((await t.request({ method: "GET", url: filePath })).status).toBe(404);
    for (const key of storedKeys) await expect(readStoredFile(t.context.files, key)).rejects.toThrow(/ENOENT/);
    const audit = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      "accounts.font.created",
      "accounts.font.deleted",
      "accounts.font.updated",
      "accounts.font.updated",
    ]);
  });

  it("serves the file publicly, immutable for a year", async () => {
    const font = await addFont();
    const response = await t.app.inject({ method: "GET", url: new URL(font.url).pathname });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      "content-type": "font/woff2",
      "cache-control": "public, max-age=31536000, immutable",
    });
    expect(response.rawPayload.equals(woff2)).toBe(true);
    const unknown = `/api/v1/fonts/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.woff2`;
    expect((await t.request({ method: "GET", url: unknown })).status).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/v1/fonts/not-a-key.woff2" })).status).toBe(400);
  });

  it("refuses a file that is not WOFF2 in the spec's words, and one too big", async () => {
    const renamed = await upload(ttf);
    expect(renamed.status).toBe(415);
    expect(renamed.body.error).toEqual({ code: "FONT_INVALID", message: "Font is not valid." });
    const damaged = Buffer.concat([woff2.subarray(0, 48), Buffer.alloc(2000, 7)]);
    expect((await upload(damaged)).body.error.code).toBe("FONT_INVALID");
    expect((await upload(ttf, tenants.owner.token, tenants.owner.accountId, "fr")).body.error.message).toBe(
      "La police n'est pas valide.",
    );
    const tooBig = await upload(Buffer.concat([woff2, Buffer.alloc(15 * 1024 * 1024)]));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe("FILE_TOO_BIG");
  });

  it("keeps a font an e-badge uses (409), and deletes it once no badge does", async () => {
    const font = await addFont();
    const event = await createEvent(t, tenants.owner.token, tenants.owner.accountId);
    const [badge] = await t.context.db
      .insert(ebadges)
      .values({
        eventId: event.id,
        name: "Visitor",
        blocks: [{ type: "text", fontId: font.id } as never],
      })
      .returning();
    const refused = await owner().delete(`${fontsUrl()}/${font.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "FONT_NOT_DELETED",
      message: "The font could not be deleted: an e-badge uses it.",
    });
    if (!badge) throw new Error("no badge");
    await t.context.db.update(ebadges).set({ blocks: [] }).where(eq(ebadges.id, badge.id));
    expect((await owner().delete(`${fontsUrl()}/${font.id}`)).status).toBe(200);
  });

  it("lets a reader list but not change fonts; another account gets 404", async () => {
    const font = await addFont();
    const url = `${fontsUrl()}/${font.id}`;
    expect((await reader().get(url)).status).toBe(200);
    expect((await upload(woff2, tenants.reader.token)).status).toBe(403);
    expect((await reader().post(url, { name: "Mine" })).status).toBe(403);
    expect((await reader().delete(url)).status).toBe(403);
    expect((await upload(woff2, tenants.other.token)).status).toBe(404);
    for (const response of [
      await other().get(fontsUrl()),
      await other().get(url),
      await other().post(url, { name: "Theirs" }),
      await other().delete(url),
    ]) {
      expect(response.status).toBe(404);
    }
    // Another account's upload cannot be named in this one, nor this one's in theirs.
    const theirs = await upload(woff2, tenants.other.token, tenants.other.accountId);
    expect((await owner().post(fontsUrl(), { name: "Stolen", fileId: theirs.body.fileId })).status).toBe(404);
    expect((await t.request({ method: "GET", url: fontsUrl() })).status).toBe(401);
  });
});
