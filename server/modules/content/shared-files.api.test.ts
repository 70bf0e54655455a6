import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readStoredFile } from "../../platform/file-store.js";
import { storedFiles } from "../../platform/files.tables.js";
import { mailsTo, registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { recordErrorMail } from "../campaigns/error-mails/error-mails.service.js";
import { multipartForm, pdfBytes, pngBytes } from "../forms/forms.testing.js";
import { addGuest, guestEvent, scopeUrl } from "../guests/guests.testing.js";
import { anonymizeExpiredGuests } from "../guests/retention/retention.service.js";
import { memberSessionOf } from "../public/public.testing.js";
import { safeFileName } from "./shared-files.service.js";
import { sharedFiles } from "./shared-files.tables.js";

const t = testAppForFile({ PUBLIC_URL: "https://events.example.test" });
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() =>
  guestEvent(t, tenants.owner, { preferredLanguage: "fr", languages: ["fr", "en"] }, [tenants.reader.userId]),
);
const otherEvent = madeBeforeAll(() => guestEvent(t, tenants.owner));

const base = (eventId = event.id) => `${scopeUrl(tenants.owner.accountId, eventId)}/sharedfiles`;
const uploadUrl = (id: string, eventId = event.id) =>
  `/api/v1/event/${tenants.owner.accountId}/${eventId}/sharedfiles/${id}/upload`;
const renameUrl = (id: string) => `${scopeUrl(tenants.owner.accountId, event.id)}/sharefiles/${id}`;
const memberBase = (slug = event.slug) => `/api/v1/public/events/${slug}/member/shared-files`;
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString("hex")}@example.test`;

const get = (url: string, token = tenants.owner.token) => t.request({ method: "GET", url, token });
const post = (url: string, body: unknown = {}, token = tenants.owner.token, language?: string) =>
  t.request({ method: "POST", url, body, token, language });
const remove = (url: string, token = tenants.owner.token) => t.request({ method: "DELETE", url, token });

async function guestOf(eventId = event.id, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail("guest");
  const users = `${scopeUrl(tenants.owner.accountId, eventId)}/users`;
  const guest = await addGuest(t, tenants.owner.token, users, {
    firstName: "Inès",
    lastName: "Moreau",
    email,
    ...extra,
  });
  return { id: guest.id, email };
}

async function create(guestId: string, name?: string, eventId = event.id) {
  const response = await post(`${base(eventId)}/create`, { user_id: guestId, ...(name ? { name } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; state: string; name: string };
}

function upload(
  id: string,
  file: { name: string; bytes: Buffer; type?: string },
  token = tenants.owner.token,
  eventId = event.id,
) {
  const { body, headers } = multipartForm({}, file);
  return t.request({ method: "POST", url: uploadUrl(id, eventId), token, body, headers });
}

/** A guest with a file uploaded for them: the usual start of a test. */
async function uploadedFor(name = "Certificate.pdf", eventId = event.id) {
  const guest = await guestOf(eventId);
  const shared = await create(guest.id, undefined, eventId);
  const uploaded = await upload(shared.id, { name, bytes: pdfBytes() }, tenants.owner.token, eventId);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  return { guest, shared };
}

/** The storage key of a shared file's bytes. */
async function storageKeyOf(sharedFileId: string): Promise<string> {
  const [stored] = await t.context.db
    .select({ key: storedFiles.storageKey })
    .from(sharedFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, sharedFiles.fileId))
    .where(eq(sharedFiles.id, sharedFileId));
  if (!stored) throw new Error("the shared file holds no file");
  return stored.key;
}

describe("shared files (SPEC §3 Shared file, §4 states, §7 sharedfiles)", () => {
  it("goes created → uploaded → renamed → notified → downloaded, each change audited", async () => {
    const guest = await guestOf();
    const created = await create(guest.id);
    expect(created).toMatchObject({
      name: "",
      state: "created",
      file: null,
      lastNotifiedAt: null,
      lastDownloadedAt: null,
      guest: { id: guest.id, firstName: "Inès", lastName: "Moreau", email: guest.email },
    });

    const uploaded = await upload(created.id, { name: "Attestation été.pdf", bytes: pdfBytes(2_000) });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body).toMatchObject({
      name: "Attestation été.pdf",
      state: "uploaded",
      file: { name: "Attestation été.pdf", size: 2_009, contentType: "application/pdf" },
    });

    const renamed = await post(renameUrl(created.id), { name: "Certificate 2026.pdf" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Certificate 2026.pdf", state: "uploaded" });

    const notified = await post(`${base()}/${created.id}/notify`, { sharedFileId: created.id });
    expect(notified.status, JSON.stringify(notified.body)).toBe(200);
    expect(notified.body.state).toBe("notified");
    expect(Date.parse(notified.body.lastNotifiedAt)).toBeGreaterThan(Date.now() - 60_000);

    const session = await memberSessionOf(t, event.slug, guest.email);
    const downloaded = await get(`${memberBase()}/${created.id}/download`, session);
    expect(downloaded.status).toBe(200);
    const read = await get(`${base()}/${created.id}`);
    expect(read.body.state).toBe("downloaded");
    expect(read.body.lastDownloadedAt).not.toBeNull();
    expect(read.body.lastNotifiedAt).toBe(notified.body.lastNotifiedAt);

    const audit = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, created.id), eq(auditLogs.targetType, "shared_file")))
      .orderBy(asc(auditLogs.createdAt));
    expect(audit.map((row) => row.action)).toEqual([
      "content.shared_file.created",
      "content.shared_file.uploaded",
      "content.shared_file.renamed",
      "content.shared_file.notified",
    ]);
    expect(audit[2]?.before).toEqual({ name: "Attestation été.pdf" });
    expect(audit[3]?.after).toMatchObject({ email: guest.email, language: "fr" });
  });

  it("notifies by mail in the guest's language, with a link to the member area, and refuses before the upload", async () => {
    const guest = await guestOf();
    const shared = await create(guest.id, "Programme.pdf");
    const early = await post(`${base()}/${shared.id}/notify`, {}, tenants.owner.token, "en");
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: "SHARED_FILE_NOT_UPLOADED",
      message: "This shared file has no file yet: upload it before notifying the guest.",
    });
    expect(await mailsTo(t, guest.email)).toHaveLength(0);

    await upload(shared.id, { name: "whatever.pdf", bytes: pdfBytes() });
    expect((await post(`${base()}/${shared.id}/notify`)).status).toBe(200);
    const [mail] = await mailsTo(t, guest.email);
    // The event's preferred language, the guest having registered in none.
    expect(mail?.subject).toBe(`${event.name} : un fichier pour vous`);
    expect(mail?.text).toContain("Programme.pdf");
    expect(mail?.text).toContain(`https://events.example.test/fr/${event.slug}/member`);
    expect(mail?.text).not.toMatch(/token=/);
    expect(mail).toMatchObject({ template: "content.shared_file", language: "fr", guestId: guest.id });
  });

  it("refuses to notify a guest without an address, or whose address was rejected", async () => {
    const nameless = await guestOf(event.id, { email: null, lastName: "Sans adresse" });
    const shared = await create(nameless.id);
    await upload(shared.id, { name: "a.pdf", bytes: pdfBytes() });
    const refused = await post(`${base()}/${shared.id}/notify`, {}, tenants.owner.token, "en");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "SHARED_FILE_GUEST_NO_EMAIL",
      message: "This guest has no email address: they cannot be notified.",
    });
    expect((await get(`${base()}/${shared.id}`)).body.lastNotifiedAt).toBeNull();

    const bounced = await uploadedFor();
    await recordErrorMail(t.context.db, {
      accountId: tenants.owner.accountId,
      email: bounced.guest.email,
      reason: "bounce",
    });
    const rejected = await post(`${base()}/${bounced.shared.id}/notify`);
    expect(rejected.status).toBe(409);
    expect(rejected.body.error.code).toBe("EMAIL_REJECTED");
    expect(await mailsTo(t, bounced.guest.email)).toHaveLength(0);

    const mismatch = await post(`${base()}/${bounced.shared.id}/notify`, { sharedFileId: shared.id });
    expect(mismatch.status).toBe(400);
  });

  it("creates only for a guest of the event", async () => {
    const foreign = await guestOf(otherEvent.id);
    const refused = await post(`${base()}/create`, { user_id: foreign.id }, tenants.owner.token, "en");
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ user_id: "This guest is not one of the event's guests." });
    expect((await post(`${base()}/create`, {})).status).toBe(400);
  });

  it("uploads 15 MB at most, of a document's or a picture's type read from the bytes", async () => {
    const { shared } = await uploadedFor();
    const html = await upload(shared.id, { name: "page.pdf", bytes: Buffer.from("<html><script>x</script></html>") });
    expect(html.status).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(shared.id, { name: "logo.png", bytes: svg, type: "image/png" })).status).toBe(415);
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]);
    expect((await upload(shared.id, { name: "setup.pdf", bytes: exe })).status).toBe(415);
    const big = await upload(shared.id, { name: "big.pdf", bytes: pdfBytes(15 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect((await upload(shared.id, { name: "", bytes: Buffer.alloc(0) })).status).toBe(400);
    // The refused uploads left the first file in place.
    expect((await get(`${base()}/${shared.id}`)).body.file).toMatchObject({ name: "Certificate.pdf" });

    const picture = await upload(shared.id, { name: "photo.png", bytes: pngBytes(), type: "image/png" });
    expect(picture.body).toMatchObject({
      name: "Certificate.pdf",
      file: { name: "photo.png", contentType: "image/png" },
    });
  });

  it("a new upload replaces the file, whose notification and download start again", async () => {
    const { guest, shared } = await uploadedFor();
    await post(`${base()}/${shared.id}/notify`);
    const session = await memberSessionOf(t, event.slug, guest.email);
    await get(`${memberBase()}/${shared.id}/download`, session);
    const again = await upload(shared.id, { name: "v2.pdf", bytes: pdfBytes(3_000) });
    expect(again.body).toMatchObject({ state: "uploaded", lastNotifiedAt: null, lastDownloadedAt: null });
    const downloaded = await get(`${memberBase()}/${shared.id}/download`, session);
    expect(downloaded.body).toHaveLength(3_009);
  });

  it("keeps hostile names harmless: no folder, no control character, an encoded download name", async () => {
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("C:\\Users\\ada\\report.pdf")).toBe("report.pdf");
    expect(safeFileName("a\u0007b\r\n.pdf")).toBe("ab.pdf");
    expect(safeFileName("../")).toBe("file");

    const { guest, shared } = await uploadedFor("../../evil\u0001.pdf");
    expect((await get(`${base()}/${shared.id}`)).body.name).toBe("evil.pdf");
    for (const name of ["../x.pdf", "a\\b.pdf", "line\nbreak.pdf", "nul\u0000.pdf", "", "x".repeat(201)]) {
      const refused = await post(renameUrl(shared.id), { name });
      expect(refused.status, JSON.stringify(name)).toBe(400);
    }
    await post(renameUrl(shared.id), { name: 'Année "2026"; résumé.pdf' });
    const session = await memberSessionOf(t, event.slug, guest.email);
    const downloaded = await get(`${memberBase()}/${shared.id}/download`, session);
    expect(downloaded.headers["content-disposition"]).toBe(
      `attachment; filename="Ann_e _2026_; r_sum_.pdf"; filename*=UTF-8''${encodeURIComponent('Année "2026"; résumé.pdf')}`,
    );
    expect(downloaded.headers["x-content-type-options"]).toBe("nosniff");
    expect(downloaded.headers["content-type"]).toBe("application/pdf");
    expect(downloaded.headers["cache-control"]).toBe("no-store");
  });

  it("lists with the guest, newest first, filtered by guest and by state", async () => {
    const place = await guestEvent(t, tenants.owner);
    const [ada, bob] = [await guestOf(place.id), await guestOf(place.id, { firstName: "Bob" })];
    const created = await create(ada.id, "Empty", place.id);
    const uploaded = await create(bob.id, "Uploaded", place.id);
    const { body, headers } = multipartForm({}, { name: "u.pdf", bytes: pdfBytes() });
    const url = uploadUrl(uploaded.id, place.id);
    expect((await t.request({ method: "POST", url, token: tenants.owner.token, body, headers })).status).toBe(200);
    const names = async (query = "") => {
      const response = await get(`${base(place.id)}${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return { names: response.body.items.map((item: { name: string }) => item.name), total: response.body.total };
    };
    expect(await names()).toEqual({ names: ["Uploaded", "Empty"], total: 2 });
    expect(await names(`?user_id=${ada.id}`)).toEqual({ names: ["Empty"], total: 1 });
    expect(await names("?state=created")).toEqual({ names: ["Empty"], total: 1 });
    expect(await names("?state=uploaded")).toEqual({ names: ["Uploaded"], total: 1 });
    expect(await names("?state=not_notified")).toEqual({ names: ["Uploaded"], total: 1 });
    expect(await names("?state=notified")).toEqual({ names: [], total: 0 });
    expect(await names("?limit=1")).toEqual({ names: ["Uploaded"], total: 2 });
    expect((await get(`${base(place.id)}?state=lost`)).status).toBe(400);
    expect(created.state).toBe("created");
  });

  it("deletes the row and its bytes; the guest no longer finds it", async () => {
    const { guest, shared } = await uploadedFor();
    const session = await memberSessionOf(t, event.slug, guest.email);
    const key = await storageKeyOf(shared.id);
    expect(await readStoredFile(t.context.files, key)).toHaveLength(1_009);
    expect((await remove(`${base()}/${shared.id}`)).status).toBe(200);
    await expect(readStoredFile(t.context.files, key)).rejects.toThrow(/ENOENT/);
    expect((await get(`${base()}/${shared.id}`)).status).toBe(404);
    expect((await get(`${memberBase()}/${shared.id}/download`, session)).status).toBe(404);
    expect((await remove(`${base()}/${shared.id}`)).status).toBe(404);
    const [logged] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, shared.id), eq(auditLogs.action, "content.shared_file.deleted")));
    expect(logged?.before).toMatchObject({ guestId: guest.id, name: "Certificate.pdf" });
  });

  it("a reader reads but changes nothing; another account finds nothing", async () => {
    const { shared } = await uploadedFor();
    const { reader, other } = tenants;
    expect((await get(base(), reader.token)).status).toBe(200);
    expect((await get(`${base()}/${shared.id}`, reader.token)).status).toBe(200);
    const guest = await guestOf();
    expect((await post(`${base()}/create`, { user_id: guest.id }, reader.token)).status).toBe(403);
    expect((await post(renameUrl(shared.id), { name: "x.pdf" }, reader.token)).status).toBe(403);
    expect((await post(`${base()}/${shared.id}/notify`, {}, reader.token)).status).toBe(403);
    expect((await upload(shared.id, { name: "x.pdf", bytes: pdfBytes() }, reader.token)).status).toBe(403);
    expect((await remove(`${base()}/${shared.id}`, reader.token)).status).toBe(403);

    expect((await get(base(), other.token)).status).toBe(404);
    expect((await get(`${base()}/${shared.id}`, other.token)).status).toBe(404);
    expect((await post(`${base()}/create`, { user_id: guest.id }, other.token)).status).toBe(404);
    expect((await post(renameUrl(shared.id), { name: "x.pdf" }, other.token)).status).toBe(404);
    expect((await post(`${base()}/${shared.id}/notify`, {}, other.token)).status).toBe(404);
    expect((await upload(shared.id, { name: "x.pdf", bytes: pdfBytes() }, other.token)).status).toBe(404);
    expect((await remove(`${base()}/${shared.id}`, other.token)).status).toBe(404);
    // A file of another event, named under this one, is not found either.
    expect((await get(`${base(otherEvent.id)}/${shared.id}`)).status).toBe(404);
    expect((await get(`${base()}/${shared.id}`)).body.name).toBe("Certificate.pdf");
  });

  it("the member area lists the guest's uploaded files only; another guest's file is 404", async () => {
    const { guest, shared } = await uploadedFor();
    await create(guest.id, "Not uploaded yet");
    const stranger = await uploadedFor("Stranger.pdf");
    const session = await memberSessionOf(t, event.slug, guest.email);

    const list = await get(memberBase(), session);
    expect(list.status).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.body.items).toEqual([
      {
        id: shared.id,
        name: "Certificate.pdf",
        size: 1_009,
        contentType: "application/pdf",
        sharedAt: expect.any(String),
        lastDownloadedAt: null,
      },
    ]);
    expect((await get(`${memberBase()}/${stranger.shared.id}/download`, session)).status).toBe(404);
    expect((await get(`${base()}/${stranger.shared.id}`)).body.lastDownloadedAt).toBeNull();
    expect((await get(memberBase())).status).toBe(401);
    expect((await get(`${memberBase()}/${shared.id}/download`)).status).toBe(401);
    expect((await get(memberBase(otherEvent.slug), session)).status).toBe(401);
    expect((await get(memberBase(), tenants.owner.token)).status).toBe(401);
  });
});

describe("shared files when their guest goes", () => {
  const day = 86_400_000;

  it("the retention run deletes the files of the anonymized guests, rows and bytes; an event not due keeps its own", async () => {
    const due = await guestEvent(t, tenants.owner, { retentionDays: 30 });
    const notDue = await guestEvent(t, tenants.owner, { retentionDays: 3650 });
    const gone = await uploadedFor("Medical certificate.pdf", due.id);
    const notUploaded = await create(gone.guest.id, "Not uploaded yet", due.id);
    const kept = await uploadedFor("Kept.pdf", notDue.id);
    const [goneKey, keptKey] = [await storageKeyOf(gone.shared.id), await storageKeyOf(kept.shared.id)];

    // Events start a week from now and end a day later: 40 days after that is past 30 days, not 3650.
    expect(await anonymizeExpiredGuests(t.context, new Date(Date.now() + 48 * day))).toBe(1);

    const rows = await t.context.db
      .select({ id: sharedFiles.id })
      .from(sharedFiles)
      .where(inArray(sharedFiles.id, [gone.shared.id, notUploaded.id, kept.shared.id]));
    expect(rows).toEqual([{ id: kept.shared.id }]);
    const files = await t.context.db
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .where(inArray(storedFiles.storageKey, [goneKey, keptKey]));
    expect(files).toEqual([{ key: keptKey }]);
    await expect(readStoredFile(t.context.files, goneKey)).rejects.toThrow(/ENOENT/);
    expect(await readStoredFile(t.context.files, keptKey)).toHaveLength(1_009);
    expect((await get(`${base(due.id)}/${gone.shared.id}`)).status).toBe(404);
  });

  /** Whether each shared file's row is still there, and whose it is, with whether its bytes can still be read. */
  async function remains(sharedFileIds: string[], keys: string[]) {
    const rows = await t.context.db
      .select({ id: sharedFiles.id, guestId: sharedFiles.guestId })
      .from(sharedFiles)
      .where(inArray(sharedFiles.id, sharedFileIds));
    const readable = await Promise.all(
      keys.map((key) =>
        readStoredFile(t.context.files, key).then(
          () => true,
          () => false,
        ),
      ),
    );
    return { rows, readable };
  }

  it("deleting a guest, one or several at once, deletes their files' rows and bytes; another guest's stay", async () => {
    const users = `${scopeUrl(tenants.owner.accountId, event.id)}/users`;
    const [one, several, alsoSeveral, other] = await Promise.all(
      ["One.pdf", "Several.pdf", "Also several.pdf", "Other.pdf"].map((name) => uploadedFor(name)),
    );
    if (!one || !several || !alsoSeveral || !other) throw new Error("files not shared");
    const all = [one, several, alsoSeveral, other];
    const keys = await Promise.all(all.map(({ shared }) => storageKeyOf(shared.id)));

    expect((await remove(`${users}/${one.guest.id}`)).status).toBe(200);
    const ids = [several.guest.id, alsoSeveral.guest.id];
    expect((await post(`${users}/deleteusers`, { ids })).status).toBe(200);

    expect(
      await remains(
        all.map(({ shared }) => shared.id),
        keys,
      ),
    ).toEqual({
      rows: [{ id: other.shared.id, guestId: other.guest.id }],
      readable: [false, false, false, true],
    });
    const stored = await t.context.db.select().from(storedFiles).where(inArray(storedFiles.storageKey, keys));
    expect(stored.map((row) => row.storageKey)).toEqual([keys[3]]);
  });

  it("a grouped deletion deletes the files of the guests it deletes", async () => {
    const users = `${scopeUrl(tenants.owner.accountId, event.id)}/users`;
    const gone = await uploadedFor("Gone.pdf");
    const key = await storageKeyOf(gone.shared.id);
    const response = await post(`${users}/bulk`, {
      selection: { ids: [gone.guest.id] },
      action: { type: "delete" },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ deleted: 1, notDeleted: [] });
    expect(await remains([gone.shared.id], [key])).toEqual({ rows: [], readable: [false] });
  });

  it("merging duplicates gives the merged guest's files to the kept one, bytes and dates unchanged", async () => {
    const kept = await uploadedFor("Kept.pdf");
    const merged = await uploadedFor("Merged.pdf");
    const before = (await get(`${base()}/${merged.shared.id}`)).body;
    const keys = [await storageKeyOf(kept.shared.id), await storageKeyOf(merged.shared.id)];

    const url = `/${event.slug}/admin/duplicates/mergeJson?user1=${kept.guest.id}&user2=${merged.guest.id}`;
    const response = await get(url);
    expect(response.status, JSON.stringify(response.body)).toBe(200);

    const { rows, readable } = await remains([kept.shared.id, merged.shared.id], keys);
    expect(rows.map((row) => row.guestId)).toEqual([kept.guest.id, kept.guest.id]);
    expect(readable).toEqual([true, true]);
    const after = (await get(`${base()}/${merged.shared.id}`)).body;
    expect(after).toEqual({ ...before, guest: expect.objectContaining({ id: kept.guest.id }) });
    const session = await memberSessionOf(t, event.slug, kept.guest.email);
    const list = await get(memberBase(), session);
    expect(list.body.items.map((item: { name: string }) => item.name).sort()).toEqual(["Kept.pdf", "Merged.pdf"]);
  });
});
