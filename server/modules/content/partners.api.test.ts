import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { guestEvent, scopeUrl } from "../guests/guests.testing.js";
import { uploadContentImage } from "./content.testing.js";

const t = testAppForFile({ PUBLIC_URL: "https://events.example.test" });
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => guestEvent(t, tenants.owner, {}, [tenants.reader.userId]));
const otherEvent = madeBeforeAll(() => guestEvent(t, tenants.owner));
const partnersUrl = (eventId = event.id) => `${scopeUrl(tenants.owner.accountId, eventId)}/partners`;

const post = (url: string, body: unknown, token = tenants.owner.token) =>
  t.request({ method: "POST", url, token, body });
const remove = (url: string, token = tenants.owner.token) => t.request({ method: "DELETE", url, token });

async function createPartner(name: string, extra: Record<string, unknown> = {}, eventId = event.id) {
  const response = await post(`${partnersUrl(eventId)}/create`, { name, ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; position: number };
}

async function listedNames(eventId: string) {
  const response = await t.request({ method: "GET", url: partnersUrl(eventId), token: tenants.owner.token });
  expect(response.status).toBe(200);
  return (response.body.items as { name: string; position: number }[]).map((item) => `${item.position}:${item.name}`);
}

/** An event of its own, for a test that counts positions, and a helper adding partners to it. */
async function freshEvent() {
  const { id } = await guestEvent(t, tenants.owner);
  return { eventId: id, add: (name: string, extra: Record<string, unknown> = {}) => createPartner(name, extra, id) };
}

describe("partners (SPEC §3 Partner, §7 partners)", () => {
  it("creates at the end, reads, saves, lists with expand=logo; each change is audited", async () => {
    const place = await freshEvent();
    const logo = await uploadContentImage(t, tenants.owner, place.eventId, "png");
    const acme = await place.add("Acme", {
      link: "https://acme.example.com",
      logoImageId: logo.id,
      width: 240,
      altText: { en: "Acme logo", fr: "Logo d'Acme" },
    });
    const globex = await place.add("Globex");
    expect([acme.position, globex.position]).toEqual([0, 1]);

    const read = await t.request({
      method: "GET",
      url: `${partnersUrl(place.eventId)}/${acme.id}`,
      token: tenants.owner.token,
    });
    expect(read.body).toMatchObject({
      name: "Acme",
      link: "https://acme.example.com",
      logoImageId: logo.id,
      width: 240,
      altText: { en: "Acme logo", fr: "Logo d'Acme" },
    });
    const saved = await post(`${partnersUrl(place.eventId)}/${globex.id}`, { name: "Globex", width: 120 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ width: 120, link: "", logoImageId: null, position: 1 });

    const listUrl = `${partnersUrl(place.eventId)}?expand=logo`;
    const expanded = await t.request({ method: "GET", url: listUrl, token: tenants.owner.token });
    expect(expanded.status, JSON.stringify(expanded.body)).toBe(200);
    expect(expanded.body.items[0].logo).toMatchObject({ id: logo.id, width: 400 });
    expect(expanded.body.items[0].logo.variants.length).toBeGreaterThan(0);
    expect(expanded.body.items[1].logo).toBeNull();
    const unknown = await t.request({ method: "GET", url: `${listUrl},photo`, token: tenants.owner.token });
    expect(unknown.status).toBe(400);

    const audit = await t.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.eventId, place.eventId))
      .orderBy(asc(auditLogs.createdAt));
    expect(audit.filter((row) => row.action.startsWith("content.")).map((row) => [row.action, row.targetId])).toEqual([
      ["content.partner.created", acme.id],
      ["content.partner.created", globex.id],
      ["content.partner.updated", globex.id],
    ]);
    expect(audit.at(-1)?.after).toEqual({ width: 120 });
  });

  it("reorders by the full list of ids only; deleting closes the gap", async () => {
    const place = await freshEvent();
    const [a, b, c] = [await place.add("A"), await place.add("B"), await place.add("C")];
    const reorder = (ids: string[]) => post(`${partnersUrl(place.eventId)}/reorder`, { ids });
    expect((await reorder([b.id, c.id, a.id])).status).toBe(200);
    expect(await listedNames(place.eventId)).toEqual(["0:B", "1:C", "2:A"]);

    const foreign = await createPartner("Elsewhere", {}, otherEvent.id);
    for (const ids of [
      [b.id, c.id],
      [b.id, c.id, a.id, foreign.id],
      [b.id, b.id, c.id],
    ]) {
      const refused = await reorder(ids);
      expect(refused.status, JSON.stringify(ids)).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "PARTNERS_NOT_REORDERED",
        message: "The partners could not be reordered: the list has changed, reload it.",
      });
    }

    expect((await remove(`${partnersUrl(place.eventId)}/${b.id}`)).status).toBe(200);
    expect(await listedNames(place.eventId)).toEqual(["0:C", "1:A"]);
    await place.add("D");
    expect(await listedNames(place.eventId)).toEqual(["0:C", "1:A", "2:D"]);
    const actions = await t.context.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, place.eventId), eq(auditLogs.targetType, "event")));
    expect(actions.map((row) => row.action)).toContain("content.partner.reordered");
    const [deleted] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, b.id), eq(auditLogs.action, "content.partner.deleted")));
    expect(deleted?.before).toMatchObject({ name: "B" });
  });

  it("refuses a logo of another event or not a page's type, a javascript: link and a NUL character", async () => {
    const foreignLogo = await uploadContentImage(t, tenants.owner, otherEvent.id, "png");
    const gif = await uploadContentImage(t, tenants.owner, event.id, "gif", "campaign");
    for (const logoImageId of [foreignLogo.id, gif.id]) {
      const refused = await post(`${partnersUrl()}/create`, { name: "Refused", logoImageId });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(Object.keys(refused.body.error.fields)).toEqual(["logoImageId"]);
    }
    const script = await post(`${partnersUrl()}/create`, { name: "Mallory", link: "javascript:alert(1)" });
    expect(script.status).toBe(400);
    expect(script.body.error.code).toBe("URL_INVALID");
    const nul = await post(`${partnersUrl()}/create`, { name: "Acme", altText: { en: "Logo\u0000" } });
    expect(nul.status).toBe(400);
    expect(nul.body.error.code).toBe("TEXT_NUL_CHARACTER");
    expect(await listedNames(event.id)).toEqual([]);
  });

  it("a reader lists and reads but changes nothing; another account gets 404 everywhere", async () => {
    const partner = await createPartner("Visible");
    const one = `${partnersUrl()}/${partner.id}`;
    const reader = tenants.reader.token;
    expect((await t.request({ method: "GET", url: partnersUrl(), token: reader })).status).toBe(200);
    expect((await t.request({ method: "GET", url: one, token: reader })).status).toBe(200);
    const readerChanges = [
      await post(`${partnersUrl()}/create`, { name: "Reader" }, reader),
      await post(one, { name: "Reader" }, reader),
      await post(`${partnersUrl()}/reorder`, { ids: [partner.id] }, reader),
      await remove(one, reader),
    ];
    expect(readerChanges.map((response) => response.status)).toEqual([403, 403, 403, 403]);

    const other = tenants.other.token;
    const asOther = [
      await t.request({ method: "GET", url: partnersUrl(), token: other }),
      await t.request({ method: "GET", url: one, token: other }),
      await post(`${partnersUrl()}/create`, { name: "Intruder" }, other),
      await post(one, { name: "Intruder" }, other),
      await post(`${partnersUrl()}/reorder`, { ids: [partner.id] }, other),
      await remove(one, other),
    ];
    expect(asOther.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404]);
  });
});
