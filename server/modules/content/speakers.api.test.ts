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
const speakersUrl = (eventId = event.id) => `${scopeUrl(tenants.owner.accountId, eventId)}/speakers`;

const uploadImage = (eventId: string, format: "png" | "gif", purpose?: string) =>
  uploadContentImage(t, tenants.owner, eventId, format, purpose);

const post = (url: string, body: unknown, token = tenants.owner.token) =>
  t.request({ method: "POST", url, token, body });

async function createSpeaker(name: string, extra: Record<string, unknown> = {}, eventId = event.id) {
  const response = await post(`${speakersUrl(eventId)}/create`, { name, ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; position: number };
}

async function listedNames(eventId = event.id) {
  const response = await t.request({ method: "GET", url: speakersUrl(eventId), token: tenants.owner.token });
  expect(response.status).toBe(200);
  return (response.body.items as { name: string; position: number }[]).map((item) => `${item.position}:${item.name}`);
}

describe("speakers (SPEC §3 Speaker, §7 speakers)", () => {
  it("creates at the end, reads, saves, and lists in order; each change is audited", async () => {
    const photo = await uploadImage(event.id, "png");
    const ada = await createSpeaker("Ada Lovelace", {
      job: "Engineer",
      company: "Analytical Engines",
      biography: { en: "First programmer.", fr: "Première programmeuse." },
      photoImageId: photo.id,
      socialUrls: { linkedin: "https://www.linkedin.com/in/ada" },
    });
    const grace = await createSpeaker("Grace Hopper");
    expect([ada.position, grace.position]).toEqual([0, 1]);

    const read = await t.request({ method: "GET", url: `${speakersUrl()}/${ada.id}`, token: tenants.owner.token });
    expect(read.body).toMatchObject({
      name: "Ada Lovelace",
      job: "Engineer",
      company: "Analytical Engines",
      biography: { en: "First programmer.", fr: "Première programmeuse." },
      photoImageId: photo.id,
      socialUrls: { twitter: "", facebook: "", linkedin: "https://www.linkedin.com/in/ada" },
    });
    expect(read.body.photo).toBeUndefined();

    const saved = await post(`${speakersUrl()}/${grace.id}`, { name: "Grace Hopper", job: "Rear admiral" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ job: "Rear admiral", position: 1, photoImageId: null });
    expect(await listedNames()).toEqual(["0:Ada Lovelace", "1:Grace Hopper"]);

    const audit = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, event.id), eq(auditLogs.targetType, "speaker")))
      .orderBy(asc(auditLogs.createdAt));
    expect(audit.map((row) => [row.action, row.targetId])).toEqual([
      ["content.speaker.created", ada.id],
      ["content.speaker.created", grace.id],
      ["content.speaker.updated", grace.id],
    ]);
    expect(audit[2]?.before).toEqual({ job: "" });
    expect(audit[2]?.after).toEqual({ job: "Rear admiral" });
  });

  it("reorders by the full list of ids, and refuses any other set with 409", async () => {
    const place = await freshEvent();
    const [a, b, c] = [await place.add("A"), await place.add("B"), await place.add("C")];
    const reorder = (ids: string[]) => post(`${speakersUrl(place.eventId)}/reorder`, { ids });

    const reordered = await reorder([c.id, a.id, b.id]);
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.items.map((item: { name: string }) => item.name)).toEqual(["C", "A", "B"]);
    expect(await listedNames(place.eventId)).toEqual(["0:C", "1:A", "2:B"]);

    const foreign = await createSpeaker("Elsewhere", {}, otherEvent.id);
    for (const ids of [[c.id, a.id], [c.id, a.id, b.id, b.id], [c.id, a.id, foreign.id], []]) {
      const refused = await reorder(ids);
      expect(refused.status, JSON.stringify(ids)).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "SPEAKERS_NOT_REORDERED",
        message: "The speakers could not be reordered: the list has changed, reload it.",
      });
    }
    expect(await listedNames(place.eventId)).toEqual(["0:C", "1:A", "2:B"]);

    const [logged] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, place.eventId), eq(auditLogs.action, "content.speaker.reordered")));
    expect(logged).toMatchObject({ targetType: "event", targetId: place.eventId });
    expect(logged?.after).toEqual({ ids: [c.id, a.id, b.id] });
  });

  it("deleting closes the gap, and the next speaker goes at the end", async () => {
    const place = await freshEvent();
    const [a, b] = [await place.add("A"), await place.add("B"), await place.add("C")];
    const removed = await t.request({
      method: "DELETE",
      url: `${speakersUrl(place.eventId)}/${a?.id}`,
      token: tenants.owner.token,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await listedNames(place.eventId)).toEqual(["0:B", "1:C"]);
    await t.request({ method: "DELETE", url: `${speakersUrl(place.eventId)}/${b?.id}`, token: tenants.owner.token });
    await place.add("D");
    expect(await listedNames(place.eventId)).toEqual(["0:C", "1:D"]);
    const again = await t.request({
      method: "DELETE",
      url: `${speakersUrl(place.eventId)}/${a?.id}`,
      token: tenants.owner.token,
    });
    expect(again.status).toBe(404);
    const [logged] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, a?.id ?? ""), eq(auditLogs.action, "content.speaker.deleted")));
    expect(logged?.before).toMatchObject({ name: "A" });
  });

  it("expand=photo adds each photo's resized copies; an unknown expansion is 400", async () => {
    const place = await freshEvent();
    const photo = await uploadImage(place.eventId, "png");
    await place.add("With photo", { photoImageId: photo.id });
    await place.add("Without");
    const list = (expand: string) =>
      t.request({ method: "GET", url: `${speakersUrl(place.eventId)}?expand=${expand}`, token: tenants.owner.token });
    const expanded = await list("photo");
    expect(expanded.status, JSON.stringify(expanded.body)).toBe(200);
    const [withPhoto, without] = expanded.body.items;
    expect(withPhoto.photo).toMatchObject({ id: photo.id, contentType: "image/png", width: 400 });
    expect(withPhoto.photo.variants.map((variant: { name: string }) => variant.name)).toEqual([
      "320",
      "640",
      "320.webp",
      "640.webp",
    ]);
    expect(without.photo).toBeNull();
    expect((await list("photo,biography")).status).toBe(400);
  });

  it("refuses a photo of another event or not a page's type, a javascript: link and a NUL character", async () => {
    const foreignPhoto = await uploadImage(otherEvent.id, "png");
    const gif = await uploadImage(event.id, "gif", "campaign");
    for (const photoImageId of [foreignPhoto.id, gif.id]) {
      const refused = await post(`${speakersUrl()}/create`, { name: "Refused", photoImageId });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(Object.keys(refused.body.error.fields)).toEqual(["photoImageId"]);
    }
    const script = await post(`${speakersUrl()}/create`, {
      name: "Mallory",
      socialUrls: { twitter: "javascript:alert(1)" },
    });
    expect(script.status).toBe(400);
    expect(script.body.error.code).toBe("URL_INVALID");
    expect(Object.keys(script.body.error.fields)).toEqual(["socialUrls.twitter"]);
    const nul = await post(`${speakersUrl()}/create`, { name: "Mall\u0000ory" });
    expect(nul.status).toBe(400);
    expect(nul.body.error.code).toBe("TEXT_NUL_CHARACTER");
    const names = await listedNames();
    expect(names.some((name) => /Refused|Mall/.test(name))).toBe(false);
  });

  it("a reader lists and reads but changes nothing; another account gets 404 everywhere", async () => {
    const speaker = await createSpeaker("Visible");
    const reader = tenants.reader.token;
    expect((await t.request({ method: "GET", url: speakersUrl(), token: reader })).status).toBe(200);
    expect((await t.request({ method: "GET", url: `${speakersUrl()}/${speaker.id}`, token: reader })).status).toBe(200);
    const readerChanges = [
      await post(`${speakersUrl()}/create`, { name: "Reader" }, reader),
      await post(`${speakersUrl()}/${speaker.id}`, { name: "Reader" }, reader),
      await post(`${speakersUrl()}/reorder`, { ids: [speaker.id] }, reader),
      await t.request({ method: "DELETE", url: `${speakersUrl()}/${speaker.id}`, token: reader }),
    ];
    expect(readerChanges.map((response) => response.status)).toEqual([403, 403, 403, 403]);

    const other = tenants.other.token;
    const asOther = [
      await t.request({ method: "GET", url: speakersUrl(), token: other }),
      await t.request({ method: "GET", url: `${speakersUrl()}/${speaker.id}`, token: other }),
      await post(`${speakersUrl()}/create`, { name: "Intruder" }, other),
      await post(`${speakersUrl()}/${speaker.id}`, { name: "Intruder" }, other),
      await post(`${speakersUrl()}/reorder`, { ids: [speaker.id] }, other),
      await t.request({ method: "DELETE", url: `${speakersUrl()}/${speaker.id}`, token: other }),
    ];
    expect(asOther.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404]);
    // Another account's overseer naming their own account in the path still does not reach this event.
    const ownPath = `${scopeUrl(tenants.other.accountId, event.id)}/speakers`;
    expect((await t.request({ method: "GET", url: ownPath, token: other })).status).toBe(404);
  });
});

/** An event of its own, for a test that counts positions, and a helper adding speakers to it. */
async function freshEvent() {
  const { id } = await guestEvent(t, tenants.owner);
  return { eventId: id, add: (name: string, extra: Record<string, unknown> = {}) => createSpeaker(name, extra, id) };
}
