import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { guestEvent, scopeUrl } from "../guests/guests.testing.js";
import { publicProgram } from "./programs.service.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => guestEvent(t, tenants.owner, { languages: ["fr", "en"] }, [tenants.reader.userId]));
const otherEvent = madeBeforeAll(() => guestEvent(t, tenants.owner));
const programsUrl = (eventId = event.id) => `${scopeUrl(tenants.owner.accountId, eventId)}/programs`;

const post = (url: string, body: unknown, token = tenants.owner.token) =>
  t.request({ method: "POST", url, token, body });
const get = (url: string, token = tenants.owner.token) => t.request({ method: "GET", url, token });

async function createSection(title: string, extra: Record<string, unknown> = {}, eventId = event.id) {
  const response = await post(`${programsUrl(eventId)}/create`, { language: "fr", title, ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; position: number; language: string };
}

async function createSpeaker(name: string, eventId = event.id) {
  const url = `${scopeUrl(tenants.owner.accountId, eventId)}/speakers/create`;
  const response = await post(url, { name, job: "Engineer" });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string };
}

async function listed(eventId: string, language: string) {
  const response = await get(`${programsUrl(eventId)}?language=${language}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.items as { title: string; position: number }[]).map((item) => `${item.position}:${item.title}`);
}

/** An event of its own in French and English, for a test that counts positions. */
async function freshEvent() {
  const { id } = await guestEvent(t, tenants.owner, { languages: ["fr", "en"] });
  return {
    eventId: id,
    add: (title: string, language = "fr", extra: Record<string, unknown> = {}) =>
      createSection(title, { language, ...extra }, id),
  };
}

describe("programs (SPEC §3 Program section, §7 programs)", () => {
  it("creates at the end of its language's list, reads, saves and lists one language; each change is audited", async () => {
    const place = await freshEvent();
    const ada = await createSpeaker("Ada Lovelace", place.eventId);
    const opening = await place.add("Ouverture", "fr", {
      startsAt: "2026-06-05T09:00:00+02:00",
      endsAt: "2026-06-05T09:30:00+02:00",
      location: "Salle A",
      description: "Accueil.\nCafé.",
      speakerIds: [ada.id],
    });
    const keynote = await place.add("Keynote", "en");
    const talk = await place.add("Conférence", "fr");
    expect([opening.position, keynote.position, talk.position]).toEqual([0, 0, 1]);

    const read = await get(`${programsUrl(place.eventId)}/${opening.id}`);
    expect(read.body).toMatchObject({
      language: "fr",
      title: "Ouverture",
      startsAt: "2026-06-05T07:00:00.000Z",
      endsAt: "2026-06-05T07:30:00.000Z",
      location: "Salle A",
      description: "Accueil.\nCafé.",
      speakerIds: [ada.id],
    });
    expect(await listed(place.eventId, "fr")).toEqual(["0:Ouverture", "1:Conférence"]);
    expect(await listed(place.eventId, "en")).toEqual(["0:Keynote"]);
    expect(await listed(place.eventId, "es")).toEqual([]);
    expect((await get(programsUrl(place.eventId))).status).toBe(400);

    const saved = await post(`${programsUrl(place.eventId)}/${opening.id}`, {
      language: "fr",
      title: "Ouverture",
      location: "Salle B",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ location: "Salle B", startsAt: null, speakerIds: [], position: 0 });

    const audit = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, place.eventId), eq(auditLogs.targetType, "program")))
      .orderBy(asc(auditLogs.createdAt));
    expect(audit.map((row) => [row.action, row.targetId])).toEqual([
      ["content.program.created", opening.id],
      ["content.program.created", keynote.id],
      ["content.program.created", talk.id],
      ["content.program.updated", opening.id],
    ]);
    expect(audit[0]?.after).toMatchObject({ title: "Ouverture", speakerIds: [ada.id] });
    expect(audit[3]?.before).toMatchObject({ location: "Salle A", speakerIds: [ada.id] });
    expect(audit[3]?.after).toMatchObject({ location: "Salle B", speakerIds: [] });
  });

  it("a section saved in another language leaves its list, closing the gap, for the end of the other", async () => {
    const place = await freshEvent();
    const [a, b] = [await place.add("A"), await place.add("B"), await place.add("C")];
    await place.add("X", "en");
    const moved = await post(`${programsUrl(place.eventId)}/${a?.id}`, { language: "en", title: "A" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ language: "en", position: 1 });
    expect(await listed(place.eventId, "fr")).toEqual(["0:B", "1:C"]);
    expect(await listed(place.eventId, "en")).toEqual(["0:X", "1:A"]);
    const back = await post(`${programsUrl(place.eventId)}/${b?.id}`, { language: "fr", title: "B2" });
    expect(back.body).toMatchObject({ position: 0, title: "B2" });
  });

  it("refuses a language the event does not have, an end before the start, a missing title, a NUL character", async () => {
    const refusals = [
      [{ language: "es", title: "Sesión" }, "language", "This language is not one of the event's languages."],
      [{ language: "de", title: "Sitzung" }, "language", undefined],
      [
        { language: "fr", title: "Clôture", startsAt: "2026-06-05T18:00:00Z", endsAt: "2026-06-05T17:00:00Z" },
        "endsAt",
        "The end time must be after the start time.",
      ],
      [{ language: "fr", title: "Égal", startsAt: "2026-06-05T18:00:00Z", endsAt: "2026-06-05T18:00:00Z" }, "endsAt"],
      [{ language: "fr", title: "  " }, "title", "This field is required."],
      [{ language: "fr", title: "Date", startsAt: "tomorrow" }, "startsAt", "Date format is incorrect."],
      [{ language: "fr", title: "Long", description: "x".repeat(5001) }, "description"],
      [{ language: "fr", title: "Nul\u0000" }, "title", "This text holds a character that is not allowed."],
    ] as const;
    for (const [body, field, message] of refusals) {
      const refused = await post(`${programsUrl()}/create`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body.error.fields), JSON.stringify(body)).toEqual([field]);
      if (message) expect(refused.body.error.fields[field]).toBe(message);
    }
    const french = await t.request({
      method: "POST",
      url: `${programsUrl()}/create`,
      token: tenants.owner.token,
      body: { language: "es", title: "Sesión" },
      headers: { "accept-language": "fr" },
    });
    expect(french.body.error.fields.language).toBe("Cette langue ne fait pas partie des langues de l'événement.");
    const kept = await createSection("Multi-ligne", { description: `${"x".repeat(4990)}\nfin` });
    expect((await get(`${programsUrl()}/${kept.id}`)).body.description).toMatch(/\nfin$/);
  });

  it("takes only the event's own speakers, in order; expand=speakers adds their names; a deleted speaker leaves", async () => {
    const place = await freshEvent();
    const [grace, ada] = [
      await createSpeaker("Grace Hopper", place.eventId),
      await createSpeaker("Ada", place.eventId),
    ];
    const foreign = await createSpeaker("Elsewhere", otherEvent.id);
    for (const speakerIds of [[foreign.id], [grace.id, foreign.id], [grace.id, grace.id]]) {
      const refused = await post(`${programsUrl(place.eventId)}/create`, { language: "fr", title: "No", speakerIds });
      expect(refused.status, JSON.stringify(speakerIds)).toBe(400);
      expect(refused.body.error.fields).toEqual({ speakerIds: "This value is not valid." });
    }
    const panel = await place.add("Panel", "fr", { speakerIds: [grace.id, ada.id] });
    await place.add("Alone", "fr");
    const expanded = await get(`${programsUrl(place.eventId)}?language=fr&expand=speakers`);
    expect(expanded.status, JSON.stringify(expanded.body)).toBe(200);
    expect(expanded.body.items.map((item: { speakers: { name: string }[] }) => item.speakers)).toEqual([
      [
        { id: grace.id, name: "Grace Hopper", job: "Engineer", company: "", photoImageId: null },
        { id: ada.id, name: "Ada", job: "Engineer", company: "", photoImageId: null },
      ],
      [],
    ]);
    expect((await get(`${programsUrl(place.eventId)}?language=fr`)).body.items[0].speakers).toBeUndefined();
    expect((await get(`${programsUrl(place.eventId)}?language=fr&expand=photo`)).status).toBe(400);

    const speakerUrl = `${scopeUrl(tenants.owner.accountId, place.eventId)}/speakers/${grace.id}`;
    expect((await t.request({ method: "DELETE", url: speakerUrl, token: tenants.owner.token })).status).toBe(200);
    expect((await get(`${programsUrl(place.eventId)}/${panel.id}`)).body.speakerIds).toEqual([ada.id]);

    expect(await publicProgram(t.context.db, place.eventId, "fr")).toEqual([
      {
        id: panel.id,
        title: "Panel",
        startsAt: null,
        endsAt: null,
        location: "",
        description: "",
        speakers: [{ id: ada.id, name: "Ada", job: "Engineer", company: "" }],
      },
      expect.objectContaining({ title: "Alone", speakers: [] }),
    ]);
    expect(await publicProgram(t.context.db, place.eventId, "en")).toEqual([]);
  });

  it("reorders one language by the full list of its ids, and refuses any other set with 409", async () => {
    const place = await freshEvent();
    const [a, b, c] = [await place.add("A"), await place.add("B"), await place.add("C")];
    const english = await place.add("E", "en");
    const reorder = (ids: string[], language = "fr") =>
      post(`${programsUrl(place.eventId)}/reorder`, { language, ids });

    const reordered = await reorder([c.id, a.id, b.id]);
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.items.map((item: { title: string }) => item.title)).toEqual(["C", "A", "B"]);
    expect(await listed(place.eventId, "fr")).toEqual(["0:C", "1:A", "2:B"]);

    const foreign = await createSection("Elsewhere", {}, otherEvent.id);
    for (const [ids, language] of [
      [[c.id, a.id], "fr"],
      [[c.id, a.id, b.id, b.id], "fr"],
      [[c.id, a.id, foreign.id], "fr"],
      [[c.id, a.id, b.id, english.id], "fr"],
      [[c.id, a.id, b.id], "en"],
      [[], "fr"],
    ] as const) {
      const refused = await reorder([...ids], language);
      expect(refused.status, JSON.stringify(ids)).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "PROGRAMS_NOT_REORDERED",
        message: "The program sections could not be reordered: the list has changed, reload it.",
      });
    }
    expect(await listed(place.eventId, "fr")).toEqual(["0:C", "1:A", "2:B"]);
    expect(await listed(place.eventId, "en")).toEqual(["0:E"]);

    const [logged] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, place.eventId), eq(auditLogs.action, "content.program.reordered")));
    expect(logged).toMatchObject({ targetType: "event", targetId: place.eventId });
    expect(logged?.after).toEqual({ ids: [c.id, a.id, b.id], language: "fr" });
  });

  it("deleting closes the gap in its language only, and the next section goes at the end", async () => {
    const place = await freshEvent();
    const [a, b] = [await place.add("A"), await place.add("B"), await place.add("C")];
    await place.add("E0", "en");
    await place.add("E1", "en");
    const remove = (id = "") =>
      t.request({ method: "DELETE", url: `${programsUrl(place.eventId)}/${id}`, token: tenants.owner.token });
    expect((await remove(a?.id)).status).toBe(200);
    expect(await listed(place.eventId, "fr")).toEqual(["0:B", "1:C"]);
    expect(await listed(place.eventId, "en")).toEqual(["0:E0", "1:E1"]);
    await remove(b?.id);
    await place.add("D");
    expect(await listed(place.eventId, "fr")).toEqual(["0:C", "1:D"]);
    expect((await remove(a?.id)).status).toBe(404);
    const [logged] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, a?.id ?? ""), eq(auditLogs.action, "content.program.deleted")));
    expect(logged?.before).toMatchObject({ title: "A", language: "fr" });
  });

  it("a reader lists and reads but changes nothing; another account gets 404 everywhere", async () => {
    const section = await createSection("Visible");
    const reader = tenants.reader.token;
    expect((await get(`${programsUrl()}?language=fr`, reader)).status).toBe(200);
    expect((await get(`${programsUrl()}/${section.id}`, reader)).status).toBe(200);
    const readerChanges = [
      await post(`${programsUrl()}/create`, { language: "fr", title: "Reader" }, reader),
      await post(`${programsUrl()}/${section.id}`, { language: "fr", title: "Reader" }, reader),
      await post(`${programsUrl()}/reorder`, { language: "fr", ids: [section.id] }, reader),
      await t.request({ method: "DELETE", url: `${programsUrl()}/${section.id}`, token: reader }),
    ];
    expect(readerChanges.map((response) => response.status)).toEqual([403, 403, 403, 403]);

    const other = tenants.other.token;
    const asOther = [
      await get(`${programsUrl()}?language=fr`, other),
      await get(`${programsUrl()}/${section.id}`, other),
      await post(`${programsUrl()}/create`, { language: "fr", title: "Intruder" }, other),
      await post(`${programsUrl()}/${section.id}`, { language: "fr", title: "Intruder" }, other),
      await post(`${programsUrl()}/reorder`, { language: "fr", ids: [section.id] }, other),
      await t.request({ method: "DELETE", url: `${programsUrl()}/${section.id}`, token: other }),
    ];
    expect(asOther.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const ownPath = `${scopeUrl(tenants.other.accountId, event.id)}/programs?language=fr`;
    expect((await get(ownPath, other)).status).toBe(404);
  });
});
