import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { addGuest, guestEvent } from "../guests/guests.testing.js";
import { ebadgesUrl, pdfOf, uploadImage } from "./ebadges.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => guestEvent(t, tenants.owner, { name: "Badge Gala" }, [tenants.reader.userId]));
const url = () => ebadgesUrl(tenants.owner.accountId, event.id);
const send = (method: "GET" | "POST" | "DELETE", path: string, body?: unknown, token = tenants.owner.token) =>
  t.request({ method, url: path, token, body, language: "fr" });

const qrBlock = { id: "qr", kind: "qr", x: 10, y: 10, width: 40, height: 40 };

describe("e-badges: designs", () => {
  it("creates, reads, lists, saves and deletes a design with audit rows", async () => {
    const background = await uploadImage(t, tenants.owner, event.id, "ebadge");
    const created = await send("POST", url(), {
      name: "Visitor",
      format: "A6",
      backgroundImageId: background,
      blocks: [qrBlock, { id: "name", kind: "field", field: "lastName", x: 5, y: 60, width: 90, height: 10 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "Visitor",
      format: "A6",
      orientation: "portrait",
      rotation: 0,
      conditions: null,
      backgroundImageId: background,
    });
    expect(created.body.backgroundUrl).toContain(`/images/${background}/`);
    expect(created.body.blocks[1]).toMatchObject({ fontId: null, fontSize: 14, color: "#000000", align: "left" });

    const saved = await send("POST", `${url()}/${created.body.id}`, { name: "Visitor 2026", rotation: 90 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "Visitor 2026", rotation: 90, format: "A6" });
    expect((await send("GET", `${url()}/${created.body.id}`)).body.name).toBe("Visitor 2026");
    const listed = await send("GET", url(), undefined, tenants.reader.token);
    expect(listed.body.items.map((badge: { id: string }) => badge.id)).toContain(created.body.id);

    expect((await send("DELETE", `${url()}/${created.body.id}`)).status).toBe(200);
    expect((await send("GET", `${url()}/${created.body.id}`)).status).toBe(404);
    const actions = await t.context.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.targetId, created.body.id));
    expect(actions.map((row) => row.action).sort()).toEqual([
      "ebadges.ebadge.created",
      "ebadges.ebadge.deleted",
      "ebadges.ebadge.updated",
    ]);
  });

  it("refuses what the event or account does not have, under each field, in the caller's language", async () => {
    const general = await uploadImage(t, tenants.owner, event.id, "general");
    const otherEvent = await guestEvent(t, tenants.owner, { name: "Elsewhere" });
    const otherField = await t.request({
      method: "POST",
      url: otherEvent.fields,
      token: tenants.owner.token,
      body: { name: "Diet", type: "short_text" },
    });
    const refusals: [Record<string, unknown>, string][] = [
      // An image uploaded for another use than a badge background.
      [{ backgroundImageId: general }, "backgroundImageId"],
      [{ blocks: [qrBlock, { ...qrBlock, x: 60 }] }, "blocks.1.id"],
      [{ blocks: [{ ...qrBlock, x: 200 }] }, "blocks.0.width"],
      [{ blocks: [{ ...qrBlock, y: 290 }] }, "blocks.0.height"],
      [{ blocks: [{ ...qrBlock, fontId: crypto.randomUUID() }] }, "blocks.0.fontId"],
      [{ blocks: [{ id: "logo", kind: "logo", x: 0, y: 0, width: 10, height: 10 }] }, "blocks.0.imageId"],
      [
        {
          blocks: [
            { id: "f", kind: "field", field: `custom:${otherField.body.id}`, x: 0, y: 0, width: 10, height: 10 },
          ],
        },
        "blocks.0.field",
      ],
      [{ blocks: [{ id: "f", kind: "field", x: 0, y: 0, width: 10, height: 10 }] }, "blocks.0.field"],
    ];
    for (const [design, field] of refusals) {
      const refused = await send("POST", url(), { name: "Bad", ...design });
      expect(refused.status, field).toBe(400);
      expect(Object.keys(refused.body.error.fields ?? {}), field).toContain(field);
      expect(refused.body.error.message, field).not.toMatch(/invalid|required/i);
    }
    expect((await send("POST", url(), { name: "" })).status).toBe(400);
  });

  it("keeps other accounts and readers out: 404 for another account's designs, 403 for a reader's change", async () => {
    const created = await send("POST", url(), { name: "Staff" });
    const other = tenants.other.token;
    expect((await send("GET", url(), undefined, other)).status).toBe(404);
    expect((await send("GET", `${url()}/${created.body.id}`, undefined, other)).status).toBe(404);
    expect((await send("POST", `${url()}/${created.body.id}`, { name: "Mine" }, other)).status).toBe(404);
    expect((await send("DELETE", `${url()}/${created.body.id}`, undefined, other)).status).toBe(404);
    expect((await send("POST", url(), { name: "Nope" }, tenants.reader.token)).status).toBe(403);
    // Another account's design cannot be copied, even named by its id.
    const theirEvent = await guestEvent(t, tenants.other, { name: "Theirs" });
    const theirs = await send("POST", ebadgesUrl(tenants.other.accountId, theirEvent.id), { name: "Theirs" }, other);
    expect(theirs.status).toBe(201);
    expect((await send("POST", url(), { name: "Copy", copyFrom: theirs.body.id })).status).toBe(404);
    const accountList = await send("GET", `/api/v1/accounts/${tenants.owner.accountId}/ebadges`);
    expect(accountList.body.items.map((badge: { id: string }) => badge.id)).not.toContain(theirs.body.id);
    expect((await send("GET", `/api/v1/accounts/${tenants.owner.accountId}/ebadges`, undefined, other)).status).toBe(
      404,
    );
  });

  it("copies a design of another event of the account, its background made an image of the new event", async () => {
    const source = await guestEvent(t, tenants.owner, { name: "Last year" });
    const background = await uploadImage(t, tenants.owner, source.id, "ebadge");
    const original = await send("POST", ebadgesUrl(tenants.owner.accountId, source.id), {
      name: "2025",
      format: "A5",
      orientation: "landscape",
      backgroundImageId: background,
      blocks: [qrBlock],
    });
    expect(original.status).toBe(201);
    const copy = await send("POST", url(), { name: "2026", copyFrom: original.body.id });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body).toMatchObject({ name: "2026", format: "A5", orientation: "landscape", eventId: event.id });
    expect(copy.body.blocks).toEqual(original.body.blocks);
    expect(copy.body.backgroundImageId).not.toBe(background);
    const image = await t.request({
      method: "GET",
      url: `/api/v1/events/${tenants.owner.accountId}/${event.id}/images/${copy.body.backgroundImageId}`,
      token: tenants.owner.token,
    });
    expect(image.status).toBe(200);
    const accountList = await send("GET", `/api/v1/accounts/${tenants.owner.accountId}/ebadges`);
    expect(accountList.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: original.body.id, eventName: "Last year" })]),
    );
  });
});

describe("e-badges: conditions and settings", () => {
  it("needs a badge first (409), then counts guests matched by two badges and by none", async () => {
    const empty = await guestEvent(t, tenants.owner, { name: "No badges" });
    const emptyUrl = ebadgesUrl(tenants.owner.accountId, empty.id);
    const refused = await send("POST", `${emptyUrl}/conditions`, { rules: [] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe("Créez au moins un badge avant de définir des conditions.");

    const users = empty.users;
    for (const status of ["confirmed", "confirmed", "refused", "not_responded"]) {
      await addGuest(t, tenants.owner.token, users, { firstName: "G", lastName: status, status });
    }
    const first = await send("POST", emptyUrl, { name: "Everyone" });
    const second = await send("POST", emptyUrl, { name: "Confirmed" });
    // No conditions anywhere: the first badge is every guest's.
    expect((await send("GET", `${emptyUrl}/conditions`)).body).toMatchObject({ overlapping: 0, without: 0 });

    const conditions = (statuses: string[]) => ({ statuses, ticketIds: [], categoryIds: [], customFields: [] });
    const set = await send("POST", `${emptyUrl}/conditions`, {
      rules: [
        { ebadgeId: second.body.id, conditions: conditions(["confirmed"]) },
        { ebadgeId: first.body.id, conditions: conditions(["confirmed", "refused"]) },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ overlapping: 2, without: 1 });
    expect(set.body.rules.map((rule: { name: string }) => rule.name)).toEqual(["Confirmed", "Everyone"]);
    const otherEventBadge = await send("POST", url(), { name: "Elsewhere" });
    const stray = await send("POST", `${emptyUrl}/conditions`, {
      rules: [{ ebadgeId: otherEventBadge.body.id, conditions: null }],
    });
    expect(stray.status).toBe(400);
    expect((await send("GET", `${emptyUrl}/conditions`, undefined, tenants.other.token)).status).toBe(404);

    expect((await send("GET", `${emptyUrl}/settings`)).body).toEqual({ attachToConfirmation: false });
    expect((await send("POST", `${emptyUrl}/settings`, { attachToConfirmation: true })).body).toEqual({
      attachToConfirmation: true,
    });
    expect((await send("GET", `${emptyUrl}/settings`)).body).toEqual({ attachToConfirmation: true });
    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, empty.id), eq(auditLogs.action, "ebadges.settings.updated")));
    expect(audit?.after).toEqual({ attachToConfirmation: true });
  });

  it("keeps the rules in the order posted: a guest matching two badges gets the first", async () => {
    const ordered = await guestEvent(t, tenants.owner, { name: "Ordered badges" });
    const orderedUrl = ebadgesUrl(tenants.owner.accountId, ordered.id);
    const guest = await addGuest(t, tenants.owner.token, ordered.users, { lastName: "Both", status: "confirmed" });
    // Told apart by their page size: A is A4, B is A6 (in points).
    const a = await send("POST", orderedUrl, { name: "A", format: "A4" });
    const b = await send("POST", orderedUrl, { name: "B", format: "A6" });
    const confirmed = { statuses: ["confirmed"], ticketIds: [], categoryIds: [], customFields: [] };
    const pageOfGuestBadge = async () => {
      const pdf = await pdfOf(t, `${orderedUrl}/guests/${guest.id}`, tenants.owner.token);
      expect(pdf.status).toBe(200);
      const { width, height } = (await PDFDocument.load(pdf.bytes)).getPage(0).getSize();
      return [Math.round(width), Math.round(height)];
    };

    for (const [first, second, page] of [
      [b, a, [298, 420]],
      [a, b, [595, 842]],
    ] as const) {
      const set = await send("POST", `${orderedUrl}/conditions`, {
        rules: [first, second].map((badge) => ({ ebadgeId: badge.body.id, conditions: confirmed })),
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const names = [first.body.name, second.body.name];
      expect(set.body.rules.map((rule: { name: string }) => rule.name)).toEqual(names);
      const read = await send("GET", `${orderedUrl}/conditions`);
      expect(read.body).toMatchObject({ overlapping: 1, without: 0 });
      expect(read.body.rules.map((rule: { name: string }) => rule.name)).toEqual(names);
      expect(await pageOfGuestBadge()).toEqual(page);
    }
  });
});
