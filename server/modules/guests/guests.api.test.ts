import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, registerAccount } from "../../testing/fixtures.js";
import { callsAs, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { guests } from "./guests.tables.js";
import { addGuest, guestEvent } from "./guests.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));
const reader = madeBeforeAll(() => addMember(t, owner.accountId, "reader"));
const editor = madeBeforeAll(() => addMember(t, owner.accountId, "editor"));
const other = madeBeforeAll(() => registerAccount(t, { accountName: "Other Co" }));

const { get, post } = callsAs(t, () => owner);
const stored = async (id: string) => (await t.context.db.select().from(guests).where(eq(guests.id, id)))[0];
const names = (body: { items: { lastName: string }[] }) => body.items.map((guest) => guest.lastName);

describe("guests: create, read, edit, delete", () => {
  it("creates a guest from the admin, reads, edits and deletes it, with audit rows", async () => {
    const event = await guestEvent(t, owner, {}, [editor.userId]);
    const created = await post(
      event.users,
      { firstName: "Hélène", lastName: "Durand", email: "Helene@Example.test", company: "Acme", registered: true },
      editor.token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      eventId: event.id,
      firstName: "Hélène",
      status: "not_responded",
      mailStatus: null,
      createdSource: "admin",
      registered: true,
      godsonIds: [],
      companionIds: [],
    });
    expect(created.body.registeredAt).toEqual(expect.any(String));
    const row = await stored(created.body.id);
    expect(row?.searchText).toBe("helene durand helene@example.test acme");

    const read = await get(`${event.users}/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");

    const edited = await post(`${event.users}/${created.body.id}`, { status: "confirmed", registered: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      status: "confirmed",
      registered: false,
      registeredAt: null,
      lastName: "Durand",
    });
    expect(new Date(edited.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(created.body.updatedAt).getTime(),
    );
    expect((await stored(created.body.id))?.status).toBe("confirmed");

    const removed = await t.request({ method: "DELETE", url: `${event.users}/${created.body.id}`, token: owner.token });
    expect(removed.status).toBe(200);
    expect(await stored(created.body.id)).toBeUndefined();
    expect((await get(`${event.users}/${created.body.id}`)).status).toBe(404);
    const actions = (await t.context.db.select().from(auditLogs).where(eq(auditLogs.eventId, event.id))).map(
      (log) => log.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(["guests.guest.created", "guests.guest.updated", "guests.guest.deleted"]),
    );
  });

  it("marks guests created with an API key as coming from the API", async () => {
    const event = await guestEvent(t, owner);
    const key = await post(`/api/v1/accounts/${owner.accountId}/apikeys`, { name: "CRM sync" });
    expect(key.status).toBe(201);
    const created = await post(event.users, { lastName: "Api" }, key.body.key);
    expect(created.status).toBe(201);
    expect(created.body.createdSource).toBe("api");
    expect((await stored(created.body.id))?.createdSource).toBe("api");
  });

  it("keeps emails unique per event, whatever their case", async () => {
    const event = await guestEvent(t, owner);
    const first = await addGuest(t, owner.token, event.users, { email: "ann@example.test" });
    const twin = await post(event.users, { email: "ANN@example.test" });
    expect(twin.status).toBe(409);
    expect(twin.body.error).toEqual({
      code: "GUEST_EMAIL_TAKEN",
      message: "A guest of this event already has this email address.",
      fields: { email: "A guest of this event already has this email address." },
    });
    const second = await addGuest(t, owner.token, event.users, { email: "bob@example.test" });
    const french = await post(`${event.users}/${second.id}`, { email: "ann@example.test" }, owner.token, "fr");
    expect(french.status).toBe(409);
    expect(french.body.error.message).toBe("Un invité de cet événement a déjà cette adresse e-mail.");
    // Saving a guest with its own email is no conflict, and another event may hold the same address.
    expect((await post(`${event.users}/${first.id}`, { email: "ann@example.test" })).status).toBe(200);
    expect((await post((await guestEvent(t, owner)).users, { email: "ann@example.test" })).status).toBe(201);
  });

  it("checks the phone format", async () => {
    const event = await guestEvent(t, owner);
    const bad = await post(event.users, { lastName: "Lovelace", phone: "12345" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ phone: "Phone format is incorrect (04XXXXXXXX or +33XXXXXXXXX)." });
    expect((await post(event.users, { lastName: "Lovelace", phone: "+33 4 12 34 56 78" })).status).toBe(201);
  });
});

describe("guests: custom field values", () => {
  it("validates each value against its field, in the caller's language", async () => {
    const event = await guestEvent(t, owner);
    const field = async (body: Record<string, unknown>) => (await post(event.fields, body)).body.id as string;
    const date = await field({ name: "Arrival", type: "date" });
    const time = await field({ name: "Hour", type: "time" });
    const phone = await field({ name: "Mobile", type: "phone" });
    const card = await field({ name: "ID", type: "fr_identity_card" });
    const passport = await field({ name: "Passport", type: "passport" });
    const choice = await field({ name: "Menu", type: "unique_choice", choices: [{ id: "fish", label: "Fish" }] });
    const many = await field({ name: "Topics", type: "multiple_choice", choices: [{ id: "ai", label: "AI" }] });
    const age = await field({ name: "Age", type: "number", max: 120 });
    const short = await field({ name: "Nickname", type: "short_text" });
    const cases: [string, unknown, string][] = [
      [date, "2025-02-30", "Date format is incorrect."],
      [time, "25:00", "Time format is incorrect."],
      [phone, "0012", "Phone format is incorrect (04XXXXXXXX or +33XXXXXXXXX)."],
      [card, "123", "This number must have exactly 9 letters or digits."],
      [passport, "12345678910", "This number must have exactly 9 letters or digits."],
      [choice, "meat", "This choice is not one of the field's choices."],
      [many, ["ai", "web"], "This choice is not one of the field's choices."],
      [age, 121, "This number is too big."],
      [age, -1, "This number is too small."],
      [short, "x".repeat(256), "This value is too long (at most 255 characters)."],
      ["00000000-0000-4000-8000-000000000000", "x", "This custom field does not exist."],
    ];
    for (const [fieldId, value, message] of cases) {
      const response = await post(event.users, { lastName: "Lovelace", customFields: { [fieldId]: value } });
      expect(response.status, message).toBe(400);
      expect(response.body.error.message).toBe(message);
      expect(response.body.error.fields).toEqual({ [`customFields.${fieldId}`]: message });
    }
    const french = await post(
      event.users,
      { lastName: "Lovelace", customFields: { [date]: "31/12/2025" } },
      owner.token,
      "fr",
    );
    expect(french.body.error.fields[`customFields.${date}`]).toBe("Le format de la date est incorrect.");
    expect(await t.context.db.select().from(guests).where(eq(guests.eventId, event.id))).toEqual([]);

    const values = {
      [date]: "2025-12-31",
      [time]: "09:30",
      [phone]: "04 12 34 56 78",
      [card]: "AB1234567",
      [passport]: "12AB34567",
      [choice]: "fish",
      [many]: ["ai"],
      [age]: 42,
      [short]: "Bo",
    };
    const created = await post(event.users, { lastName: "Lovelace", customFields: values });
    expect(created.status).toBe(201);
    expect((await stored(created.body.id))?.customFields).toEqual(values);
  });

  it("requires required fields on creation, merges values with POST users/customfields", async () => {
    const event = await guestEvent(t, owner);
    const diet = (await post(event.fields, { name: "Diet", type: "short_text", required: true })).body.id;
    const size = (await post(event.fields, { name: "Size", type: "short_text" })).body.id;
    const missing = await post(event.users, { lastName: "Doe" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ [`customFields.${diet}`]: "This field is required." });
    const guest = await addGuest(t, owner.token, event.users, { lastName: "Doe", customFields: { [diet]: "vegan" } });

    const merged = await post(`${event.users}/customfields`, { userId: guest.id, values: { [size]: "L" } });
    expect(merged.status).toBe(200);
    expect(merged.body.customFields).toEqual({ [diet]: "vegan", [size]: "L" });
    const emptied = await post(`${event.users}/customfields`, { userId: guest.id, values: { [diet]: "" } });
    expect(emptied.status).toBe(400);
    expect((await stored(guest.id))?.customFields).toEqual({ [diet]: "vegan", [size]: "L" });
  });
});

describe("guests: companions and sponsorship", () => {
  it("limits named companions to the event's maximum per host", async () => {
    const event = await guestEvent(t, owner, { maxCompanions: 1 });
    const host = await addGuest(t, owner.token, event.users, { lastName: "Host" });
    const companion = await addGuest(t, owner.token, event.users, { lastName: "One", hostId: host.id });
    const extra = await post(event.users, { lastName: "Two", hostId: host.id });
    expect(extra.status).toBe(409);
    expect(extra.body.error).toEqual({ code: "COMPANION_NOT_ADDED", message: "The companion could not be added." });
    const spanish = await post(event.users, { lastName: "Two", hostId: host.id }, owner.token, "es");
    expect(spanish.body.error.message).toBe("No se ha podido añadir el acompañante.");
    expect((await get(`${event.users}/${host.id}`)).body.companionIds).toEqual([companion.id]);
    // Editing the companion itself does not count it twice.
    expect((await post(`${event.users}/${companion.id}`, { hostId: host.id, firstName: "Al" })).status).toBe(200);
    const self = await post(`${event.users}/${host.id}`, { hostId: host.id });
    expect(self.status).toBe(400);
    expect(self.body.error.fields).toEqual({ hostId: "The host must be another guest of this event." });
  });

  it("links godfather and godsons both ways, within the event only", async () => {
    const event = await guestEvent(t, owner);
    const godfather = await addGuest(t, owner.token, event.users, { lastName: "Godfather" });
    const godson = await addGuest(t, owner.token, event.users, { lastName: "Godson", godfatherId: godfather.id });
    expect(godson.godfatherId).toBe(godfather.id);
    expect((await get(`${event.users}/${godfather.id}`)).body.godsonIds).toEqual([godson.id]);

    const elsewhere = await addGuest(t, owner.token, (await guestEvent(t, owner)).users, { lastName: "Elsewhere" });
    const foreign = await post(event.users, { lastName: "Godson", godfatherId: elsewhere.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual({ godfatherId: "The godfather must be another guest of this event." });
    expect((await post(`${event.users}/${godfather.id}`, { godfatherId: godfather.id })).status).toBe(400);
  });
});

describe("guests: list", () => {
  it("filters, searches without accents, sorts and pages", async () => {
    const event = await guestEvent(t, owner, { maxCompanions: 3 }, [reader.userId]);
    const diet = (
      await post(event.fields, {
        name: "Topics",
        type: "multiple_choice",
        choices: [
          { id: "ai", label: "AI" },
          { id: "web", label: "Web" },
        ],
      })
    ).body.id;
    const helene = await addGuest(t, owner.token, event.users, {
      firstName: "Hélène",
      lastName: "Zola",
      status: "confirmed",
      customFields: { [diet]: ["ai", "web"] },
    });
    const bob = await addGuest(t, owner.token, event.users, {
      firstName: "Bob",
      lastName: "Martin",
      company: "Société Générale",
      status: "confirmed",
      registered: true,
      companionsExpected: 2,
    });
    await addGuest(t, owner.token, event.users, { lastName: "Adams", status: "refused", godfatherId: helene.id });
    await addGuest(t, owner.token, event.users, {
      lastName: "Brown",
      hostId: bob.id,
      customFields: { [diet]: ["web"] },
    });

    const list = async (query: string) => {
      const response = await get(`${event.users}?${query}`, reader.token);
      expect(response.status, query).toBe(200);
      return response.body;
    };
    const all = await list("");
    expect(all.total).toBe(4);
    expect(names(all)).toEqual(["Adams", "Brown", "Martin", "Zola"]);
    expect(names(await list("sort=lastName&direction=desc"))).toEqual(["Zola", "Martin", "Brown", "Adams"]);
    // Equal statuses fall back to the id, so pages never overlap or skip a guest.
    const byStatus = (await list("sort=status")).items.map((guest: { status: string }) => guest.status);
    expect(byStatus).toEqual(["confirmed", "confirmed", "not_responded", "refused"]);
    expect(names(await list("sort=company&direction=desc&limit=1"))).toEqual(["Martin"]);
    const paged = await list("limit=2&offset=1");
    expect(paged.total).toBe(4);
    expect(names(paged)).toEqual(["Brown", "Martin"]);

    expect(names(await list("query=helene"))).toEqual(["Zola"]);
    expect(names(await list("query=HEL"))).toEqual(["Zola"]);
    expect(names(await list("query=societe%20gen"))).toEqual(["Martin"]);
    expect(names(await list("query=bob%20zola"))).toEqual([]);

    expect(names(await list("status=confirmed,refused&registered=false"))).toEqual(["Adams", "Zola"]);
    expect(names(await list("status=confirmed&hasCompanions=true"))).toEqual(["Martin"]);
    expect(names(await list("hasCompanions=false"))).toEqual(["Adams", "Brown", "Zola"]);
    expect(names(await list("hasSponsorship=true"))).toEqual(["Adams", "Zola"]);
    expect(names(await list("createdSource=admin&hasSponsorship=false"))).toEqual(["Brown", "Martin"]);
    expect(names(await list(`customField=${diet}:web`))).toEqual(["Brown", "Zola"]);
    expect(names(await list(`customField=${diet}:ai&status=confirmed`))).toEqual(["Zola"]);
    expect((await list("mailStatus=sent")).total).toBe(0);

    const bad = await get(`${event.users}?status=unknown`);
    expect(bad.status).toBe(400);
  });

  it("deletes several guests at once and reports the ids it could not delete", async () => {
    const event = await guestEvent(t, owner);
    const a = await addGuest(t, owner.token, event.users, { lastName: "A" });
    const b = await addGuest(t, owner.token, event.users, { lastName: "B" });
    const keep = await addGuest(t, owner.token, event.users, { lastName: "Keep" });
    const foreign = await addGuest(t, owner.token, (await guestEvent(t, owner)).users, { lastName: "Foreign" });
    const response = await post(`${event.users}/deleteusers`, { ids: [a.id, b.id, foreign.id] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: 2, notDeleted: [foreign.id] });
    expect((await t.context.db.select().from(guests).where(eq(guests.eventId, event.id))).map((g) => g.id)).toEqual([
      keep.id,
    ]);
    expect(await stored(foreign.id)).toBeDefined();
  });
});

describe("guests: access", () => {
  it("lets a reader list and read, but not change", async () => {
    const event = await guestEvent(t, owner, {}, [reader.userId]);
    const guest = await addGuest(t, owner.token, event.users, { lastName: "Doe" });
    expect((await get(event.users, reader.token)).status).toBe(200);
    expect((await get(`${event.users}/${guest.id}`, reader.token)).status).toBe(200);
    const create = await post(event.users, { lastName: "Nope" }, reader.token);
    expect(create.status).toBe(403);
    expect((await post(`${event.users}/${guest.id}`, { lastName: "Nope" }, reader.token)).status).toBe(403);
    expect((await stored(guest.id))?.lastName).toBe("Doe");
  });

  it("answers 404 on every route to a user of another account, and to a reader without the event", async () => {
    const event = await guestEvent(t, owner);
    const guest = await addGuest(t, owner.token, event.users, { lastName: "Doe" });
    const field = (await post(event.fields, { name: "Diet", type: "short_text" })).body.id;
    const calls: [string, "GET" | "POST" | "DELETE", string, unknown?][] = [
      ["list", "GET", event.users],
      ["create", "POST", event.users, { lastName: "X" }],
      ["read", "GET", `${event.users}/${guest.id}`],
      ["edit", "POST", `${event.users}/${guest.id}`, { lastName: "X" }],
      ["delete", "DELETE", `${event.users}/${guest.id}`],
      ["values", "POST", `${event.users}/customfields`, { userId: guest.id, values: {} }],
      ["bulk delete", "POST", `${event.users}/deleteusers`, { ids: [guest.id] }],
      ["fields", "GET", event.fields],
      ["new field", "POST", event.fields, { name: "X", type: "short_text" }],
      ["field", "GET", `${event.fields}/${field}`],
      ["edit field", "POST", `${event.fields}/${field}`, { name: "X" }],
      ["delete field", "DELETE", `${event.fields}/${field}`],
      ["reorder", "POST", `${event.fields}/reorder`, { ids: [field] }],
    ];
    for (const [label, method, url, body] of calls) {
      const ownAccount = await t.request({
        method,
        url: url.replace(owner.accountId, other.accountId),
        token: other.token,
        body,
      });
      expect(ownAccount.status, `${label} through the other account`).toBe(404);
      const direct = await t.request({ method, url, token: other.token, body });
      expect(direct.status, `${label} on the owner's account`).toBe(404);
      expect(direct.body.error.message).toBe("Not found.");
      const unreached = await t.request({ method, url, token: reader.token, body });
      expect(unreached.status, `${label} by a reader without the event`).toBe(404);
    }
    expect((await stored(guest.id))?.lastName).toBe("Doe");
  });
});
