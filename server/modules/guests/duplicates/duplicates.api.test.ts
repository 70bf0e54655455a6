import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantsForFile } from "../../../testing/fixtures.js";
import { callsAs, testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { guests } from "../guests.tables.js";
import { addGuest, guestEvent } from "../guests.testing.js";
import { recommendations } from "../recommendations/recommendations.tables.js";
import { duplicateDecisions } from "./duplicates.tables.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);

const { get, post } = callsAs(t, () => owner);

async function duplicatesEvent() {
  const event = await guestEvent(t, owner, { maxCompanions: 3 }, [reader.userId]);
  const base = `/${event.slug}/admin/duplicates`;
  return {
    ...event,
    add: (body: Record<string, unknown>) => addGuest(t, owner.token, event.users, body),
    list: `${base}/getDuplicatesJson`,
    merge: (user1: string, user2: string) => `${base}/mergeJson?user1=${user1}&user2=${user2}`,
    ignore: `${base}/deleteJson`,
  };
}

const pairKey = (pair: { user1: { id: string }; user2: { id: string } }) =>
  [pair.user1.id, pair.user2.id].sort().join("+");
const key = (...ids: string[]) => ids.sort().join("+");

describe("duplicates: detection", () => {
  it("finds same name with same company (accents and case ignored), same name with same phone, and same email", async () => {
    const event = await duplicatesEvent();
    const helene = await event.add({ firstName: "Hélène", lastName: "Dupont", company: "Société Générale" });
    const helene2 = await event.add({ firstName: "helene", lastName: "DUPONT ", company: "societe generale" });
    const marc = await event.add({ firstName: "Marc", lastName: "Petit", phone: "06 12 34 56 78" });
    const marc2 = await event.add({ firstName: "marc", lastName: "petit", phone: "+33612345678", company: "X" });
    // Same name alone is not enough.
    await event.add({ firstName: "Marc", lastName: "Petit", company: "Other", phone: "0700000000" });
    await event.add({ firstName: "Léa", lastName: "Martin", email: "lea@example.test" });
    // The unique email index keeps `lower(email)` unique: a legacy row with stray spaces is what still slips by.
    const [lea] = await t.context.db.select().from(guests).where(eq(guests.email, "lea@example.test"));
    const [lea2] = await t.context.db
      .insert(guests)
      .values({ eventId: event.id, firstName: "L", email: " LEA@example.test", createdSource: "import" })
      .returning();

    const response = await get(event.list);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body.total).toBe(3);
    const byKey = new Map(response.body.items.map((pair: never) => [pairKey(pair), pair]));
    expect(byKey.get(key(helene.id, helene2.id))).toMatchObject({ reasons: ["name_company"] });
    expect(byKey.get(key(marc.id, marc2.id))).toMatchObject({ reasons: ["name_phone"] });
    expect(byKey.get(key(lea?.id ?? "", lea2?.id ?? ""))).toMatchObject({ reasons: ["email"] });
    const pair = byKey.get(key(helene.id, helene2.id)) as { user1: { firstName: string; company: string } };
    expect(pair.user1).toMatchObject({ lastName: expect.any(String), company: expect.any(String) });

    const paged = await get(`${event.list}?limit=1&offset=1`);
    expect(paged.body).toMatchObject({ total: 3, items: [expect.any(Object)] });
  });

  it("lists both reasons when a pair shares the company and the phone", async () => {
    const event = await duplicatesEvent();
    await event.add({ firstName: "Ana", lastName: "Núñez", company: "Acme", phone: "0611111111" });
    await event.add({ firstName: "Ana", lastName: "Nunez", company: "ACME", phone: "06 11 11 11 11" });
    const response = await get(event.list, reader.token);
    expect(response.status).toBe(200);
    expect(response.body.items[0].reasons).toEqual(["name_company", "name_phone"]);
  });
});

describe("duplicates: not a duplicate", () => {
  it("ignores pairs for good, with an audit row; a reader may not", async () => {
    const event = await duplicatesEvent();
    const one = await event.add({ firstName: "Jean", lastName: "Roux", company: "Acme" });
    const two = await event.add({ firstName: "Jean", lastName: "Roux", company: "Acme" });
    const forbidden = await post(event.ignore, { selectedIds: [[one.id, two.id]] }, reader.token);
    expect(forbidden.status).toBe(403);

    const response = await post(event.ignore, { selectedIds: [[two.id, one.id]] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ignored: 1 });
    const [decision] = await t.context.db
      .select()
      .from(duplicateDecisions)
      .where(eq(duplicateDecisions.eventId, event.id));
    expect(decision).toMatchObject({ decision: "ignored", guestA: [one.id, two.id].sort()[0] });
    expect((await get(event.list)).body).toEqual({ items: [], total: 0 });
    const again = await post(event.ignore, { selectedIds: [[one.id, two.id]] });
    expect(again.body).toEqual({ ignored: 0 });
    const audits = await t.context.db.select().from(auditLogs).where(eq(auditLogs.action, "guests.duplicate.ignored"));
    expect(audits.some((row) => row.eventId === event.id)).toBe(true);
  });

  it("refuses an empty selection with the field's message", async () => {
    const event = await duplicatesEvent();
    const response = await t.request({
      method: "POST",
      url: event.ignore,
      token: owner.token,
      body: { selectedIds: [] },
      language: "fr",
    });
    expect(response.status).toBe(400);
  });
});

describe("duplicates: merge", () => {
  it("keeps user1's values, fills its empty ones from user2, merges custom fields and re-points links", async () => {
    const event = await duplicatesEvent();
    const field = await post(event.fields, { name: "Diet", type: "short_text" });
    const size = await post(event.fields, { name: "Size", type: "short_text" });
    const keep = await event.add({
      firstName: "Hélène",
      lastName: "Dupont",
      company: "Acme",
      customFields: { [field.body.id]: "vegan" },
    });
    const gone = await event.add({
      firstName: "Helene",
      lastName: "Dupont",
      company: "ACME",
      email: "helene@example.test",
      phone: "0612345678",
      jobTitle: "CEO",
      status: "confirmed",
      customFields: { [field.body.id]: "none", [size.body.id]: "M" },
    });
    const companion = await event.add({ firstName: "Tom", lastName: "Martin", hostId: gone.id });
    const godson = await event.add({ firstName: "Zoé", lastName: "Petit", godfatherId: gone.id });
    await t.context.db.insert(recommendations).values({ eventId: event.id, recommenderId: gone.id, email: "r@x.test" });

    const response = await get(event.merge(keep.id, gone.id));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: keep.id,
      firstName: "Hélène",
      company: "Acme",
      email: "helene@example.test",
      phone: "0612345678",
      jobTitle: "CEO",
      status: "confirmed",
      customFields: { [field.body.id]: "vegan", [size.body.id]: "M" },
      companionIds: [companion.id],
      godsonIds: [godson.id],
    });
    expect(await t.context.db.select().from(guests).where(eq(guests.id, gone.id))).toEqual([]);
    const [stored] = await t.context.db.select().from(guests).where(eq(guests.id, keep.id));
    expect(stored?.searchText).toContain("helene@example.test");
    const [recommendation] = await t.context.db
      .select()
      .from(recommendations)
      .where(eq(recommendations.eventId, event.id));
    expect(recommendation?.recommenderId).toBe(keep.id);
    const [decision] = await t.context.db
      .select()
      .from(duplicateDecisions)
      .where(eq(duplicateDecisions.eventId, event.id));
    expect(decision?.decision).toBe("merged");
    const [audit] = await t.context.db.select().from(auditLogs).where(eq(auditLogs.action, "guests.duplicate.merged"));
    expect(audit).toMatchObject({ targetId: keep.id, after: { mergedId: gone.id } });
    expect((await get(event.list)).body.total).toBe(0);
  });

  it("refuses a merge whose companions together pass the event's maximum, and changes nothing", async () => {
    const event = await duplicatesEvent();
    const first = await event.add({ firstName: "Paul", lastName: "Roux", email: "paul@example.test" });
    const second = await event.add({ firstName: "Paul", lastName: "Roux", company: "Roux SA" });
    for (const name of ["A", "B"]) await event.add({ lastName: name, hostId: first.id });
    for (const name of ["C", "D"]) await event.add({ lastName: name, hostId: second.id });
    const refused = await get(event.merge(first.id, second.id), owner.token, "fr");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "COMPANION_NOT_ADDED",
      message: "L'accompagnant n'a pas pu être ajouté.",
    });
    const kept = await t.context.db.select().from(guests).where(eq(guests.hostId, second.id));
    expect(kept).toHaveLength(2);
    // Within the maximum (3) once one companion is gone, the merge goes through.
    await t.request({ method: "DELETE", url: `${event.users}/${kept[0]?.id}`, token: owner.token });
    expect((await get(event.merge(first.id, second.id))).status).toBe(200);
    expect(await t.context.db.select().from(guests).where(eq(guests.hostId, first.id))).toHaveLength(3);
  });

  it("drops a link user1 held to user2", async () => {
    const event = await duplicatesEvent();
    const gone = await event.add({ firstName: "Max", lastName: "Bee" });
    const keep = await event.add({ firstName: "Max", lastName: "Bee", godfatherId: gone.id, hostId: gone.id });
    const response = await get(event.merge(keep.id, gone.id));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ godfatherId: null, hostId: null });
  });

  it("answers 403 to a reader, 404 to another account and for unknown guests, 400 for the same guest", async () => {
    const event = await duplicatesEvent();
    const one = await event.add({ lastName: "A" });
    const two = await event.add({ lastName: "B" });
    expect((await get(event.merge(one.id, two.id), reader.token)).status).toBe(403);
    const foreign = await get(event.merge(one.id, two.id), other.token, "es");
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("No encontrado.");
    expect((await get(event.list, other.token)).status).toBe(404);
    expect((await post(event.ignore, { selectedIds: [[one.id, two.id]] }, other.token)).status).toBe(404);
    const otherEvent = await duplicatesEvent();
    const stranger = await otherEvent.add({ lastName: "C" });
    expect((await get(event.merge(one.id, stranger.id))).status).toBe(404);
    const same = await get(event.merge(one.id, one.id), owner.token, "en");
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe("A guest cannot be merged with itself.");
    expect((await t.request({ method: "GET", url: event.merge(one.id, two.id) })).status).toBe(401);
  });
});
