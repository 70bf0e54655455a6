import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditActions, created, ticketBody } from "../ticketing/catalogue/catalogue.testing.js";
import { checkins } from "./checkin.tables.js";
import { addGuests, checkinEvent, createAccessCode, createCheckinSession, joinWithCode } from "./checkin.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const owner = () => client(t, tenants.owner);
const reader = () => client(t, tenants.reader);
const other = () => client(t, tenants.other);
const newEvent = (overrides: Record<string, unknown> = {}) =>
  checkinEvent(t, tenants.owner, overrides, [tenants.reader.userId]);

/** A check-in row written straight to the table: the scan routes belong to another part of the module. */
async function insertCheckin(
  event: { id: string },
  session: { id: string; name: string },
  guestId: string,
  flagged = false,
) {
  await t.context.db.insert(checkins).values({
    id: randomUUID(),
    eventId: event.id,
    sessionId: session.id,
    sessionName: session.name,
    guestId,
    passKey: `g:${guestId}`,
    source: "live",
    scannedAt: new Date(),
    flagged,
  });
}

describe("check-in sessions", () => {
  it("creates, lists, reads, edits and deletes a session, with audit rows", async () => {
    const event = await newEvent();
    const response = await owner().post(event.sessions, { name: "Hall A", mode: "live" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Hall A",
      mode: "live",
      eventId: event.id,
      conditions: { statuses: [], ticketIds: [], categoryIds: [], customFields: [] },
      displayedFields: ["firstName", "lastName", "company", "ticket"],
      expected: 0,
      checkedIn: 0,
      flagged: 0,
      lastConnectionAt: null,
    });
    const id = response.body.id;
    const list = await reader().get(event.sessions);
    expect(list.body).toMatchObject({ total: 1, items: [{ id, name: "Hall A" }] });
    expect(list.headers["cache-control"]).toBe("no-store");

    const edited = await owner().post(`${event.sessions}/${id}`, { name: "Hall B", displayedFields: ["email"] });
    expect(edited.body).toMatchObject({ name: "Hall B", mode: "live", displayedFields: ["email"] });
    expect((await reader().get(`${event.sessions}/${id}`)).body.name).toBe("Hall B");
    // The mode is fixed at creation: a phone holding an offline list keeps its contract.
    const modeChange = await owner().post(`${event.sessions}/${id}`, { mode: "offline" });
    expect(modeChange.body.mode).toBe("live");

    expect((await owner().delete(`${event.sessions}/${id}`)).body).toEqual({ ok: true });
    expect((await owner().get(`${event.sessions}/${id}`)).status).toBe(404);
    expect(await auditActions(t, id)).toEqual([
      "checkin.session.created",
      "checkin.session.updated",
      "checkin.session.updated",
      "checkin.session.deleted",
    ]);
  });

  it("refuses a nameless session in the caller's language", async () => {
    const event = await newEvent();
    const response = await owner().post(event.sessions, { name: " ", mode: "live" }, "fr");
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ name: "Ce champ est obligatoire." });
  });

  it("counts the guests its conditions let in, standing check-ins, flags and the last device seen", async () => {
    const event = await newEvent();
    const [confirmed] = await addGuests(t, tenants.owner.token, event, 2, { status: "confirmed" });
    await addGuests(t, tenants.owner.token, event, 1, { status: "refused" }, "Refused");
    const everyone = await createCheckinSession(t, tenants.owner.token, event, { name: "All" });
    const confirmedOnly = await createCheckinSession(t, tenants.owner.token, event, {
      name: "Confirmed",
      conditions: { statuses: ["confirmed"] },
    });
    if (!confirmed) throw new Error("no guest");
    await insertCheckin(event, confirmedOnly, confirmed.id);
    await insertCheckin(event, confirmedOnly, confirmed.id, true);
    const code = await createAccessCode(t, tenants.owner.token, event, confirmedOnly.id);
    await joinWithCode(t, code.code);

    const list = await owner().get(event.sessions);
    expect(list.body.items).toMatchObject([
      { id: everyone.id, expected: 3, checkedIn: 0, flagged: 0, lastConnectionAt: null },
      { id: confirmedOnly.id, expected: 2, checkedIn: 1, flagged: 1 },
    ]);
    const lastConnection = Date.parse(list.body.items[1].lastConnectionAt);
    expect(Math.abs(Date.now() - lastConnection)).toBeLessThan(60_000);
  });

  it("refuses conditions and displayed fields naming another event's tickets, categories or custom fields", async () => {
    const event = await newEvent();
    const elsewhere = await newEvent();
    const base = elsewhere.sessions.replace(/\/checkins$/, "");
    const ticket = await created(t, tenants.owner.token, `${base}/tickets`, ticketBody());
    const category = await created(t, tenants.owner.token, `${base}/categories`, { name: "VIP" });
    const field = await created(t, tenants.owner.token, elsewhere.fields, { name: "Diet", type: "short_text" });
    const cases = [
      [{ conditions: { ticketIds: [ticket.id] } }, "TICKET_NOT_IN_EVENT", "conditions.ticketIds"],
      [{ conditions: { categoryIds: [category.id] } }, "CATEGORY_NOT_IN_EVENT", "conditions.categoryIds"],
      [
        { conditions: { customFields: [{ fieldId: field.id, values: ["vegan"] }] } },
        "CUSTOM_FIELD_UNKNOWN",
        "conditions.customFields",
      ],
      [{ displayedFields: [`custom:${field.id}`] }, "CUSTOM_FIELD_UNKNOWN", "displayedFields"],
    ] as const;
    for (const [body, code, field_] of cases) {
      const response = await owner().post(event.sessions, { name: "Door", mode: "live", ...body });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(code);
      expect(Object.keys(response.body.error.fields)).toEqual([field_]);
    }
    // The same references are accepted in their own event.
    const own = await owner().post(elsewhere.sessions, {
      name: "Door",
      mode: "live",
      conditions: { ticketIds: [ticket.id], categoryIds: [category.id] },
      displayedFields: [`custom:${field.id}`],
    });
    expect(own.status).toBe(201);
    const session = await createCheckinSession(t, tenants.owner.token, event);
    const edit = await owner().post(`${event.sessions}/${session.id}`, { conditions: { ticketIds: [ticket.id] } });
    expect(edit.body.error.code).toBe("TICKET_NOT_IN_EVENT");
  });

  it("creates offline sessions up to the event's maximum (409 in the spec's words)", async () => {
    const event = await newEvent({ maxOfflineCheckins: 1 });
    expect((await owner().post(event.sessions, { name: "Hall", mode: "offline" })).status).toBe(201);
    const refused = await owner().post(event.sessions, { name: "Garden", mode: "offline" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "CHECKIN_MAX_REACHED",
      message: "Impossible to create checkin. Max number of checkins reached.",
    });
    // Live sessions are not counted.
    expect((await owner().post(event.sessions, { name: "Gate", mode: "live" })).status).toBe(201);
  });

  it("never lets two offline creations at once both take the last place", async () => {
    const event = await newEvent({ maxOfflineCheckins: 2 });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => owner().post(event.sessions, { name: `Door ${index}`, mode: "offline" })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await owner().get(event.sessions)).body.total).toBe(2);
  });

  it("keeps a deleted session's check-ins under its name", async () => {
    const event = await newEvent();
    const [guest] = await addGuests(t, tenants.owner.token, event, 1);
    if (!guest) throw new Error("no guest");
    const session = await createCheckinSession(t, tenants.owner.token, event, { name: "North gate" });
    await insertCheckin(event, session, guest.id);
    await owner().delete(`${event.sessions}/${session.id}`);
    const rows = await t.context.db.select().from(checkins).where(eq(checkins.guestId, guest.id));
    expect(rows).toMatchObject([{ sessionId: null, sessionName: "North gate" }]);
  });

  it("lets a reader read but not change, and answers 404 to another account", async () => {
    const event = await newEvent();
    const session = await createCheckinSession(t, tenants.owner.token, event);
    const url = `${event.sessions}/${session.id}`;
    expect((await reader().get(url)).status).toBe(200);
    expect((await reader().post(event.sessions, { name: "Mine", mode: "live" })).status).toBe(403);
    expect((await reader().post(url, { name: "Mine" })).status).toBe(403);
    expect((await reader().delete(url)).status).toBe(403);
    for (const response of [
      await other().get(event.sessions),
      await other().get(url),
      await other().post(event.sessions, { name: "Theirs", mode: "live" }),
      await other().post(url, { name: "Theirs" }),
      await other().delete(url),
    ]) {
      expect(response.status).toBe(404);
    }
    // A session id of another event of the same account is not found through this event.
    const second = await newEvent();
    expect((await owner().get(`${second.sessions}/${session.id}`)).status).toBe(404);
    expect((await t.request({ method: "GET", url: event.sessions })).status).toBe(401);
  });
});
