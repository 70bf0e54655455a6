import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { guestPassCode, passCodeSecret, ticketPassCode } from "../../platform/pass-codes.js";
import { registerTenants } from "../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { guests as guestsTable } from "../guests/guests.tables.js";
import { insertOrder, insertTicket } from "../ticketing/ticketing.testing.js";
import { checkins } from "./checkin.tables.js";
import {
  addGuests,
  checkinEvent,
  checkinScene,
  createAccessCode,
  createCheckinSession,
  deviceHeaders,
  joinWithCode,
} from "./checkin.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const owner = () => client(t, tenants.owner);
const reader = () => client(t, tenants.reader);
const other = () => client(t, tenants.other);

/** The list's item at `index`, which the test made. */
const nth = <T>(list: T[], index: number): T => {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
};
/** The code with its last character changed, so it can never equal the code it came from. */
const alteredCode = (code: string) => `${code.slice(0, -1)}${code.endsWith("A") ? "B" : "A"}`;
const guestCode = async (guestId: string) => guestPassCode(await passCodeSecret(t.context), guestId);
const scene = (options: Parameters<typeof checkinScene>[2] = {}) =>
  checkinScene(t, tenants.owner, { ...options, event: { ...options.event } });

/** A staff device's scan of a code (or a picked guest), with a fresh scan id unless one is given. */
const deviceScan = (headers: Record<string, string>, body: Record<string, unknown>, language?: string) =>
  t.request({
    method: "POST",
    url: "/api/v1/public/checkin/scan",
    headers,
    body: { scanId: randomUUID(), ...body },
    language,
  });

describe("live scans", () => {
  it("lets a guest in once: a repeated scan id answers the first answer, a second scan names when and where", async () => {
    const { guests, session, headers } = await scene();
    const code = await guestCode(nth(guests, 0).id);
    const scanId = randomUUID();
    const first = await deviceScan(headers, { scanId, code });
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.body).toMatchObject({
      outcome: "accepted",
      refusal: null,
      checkin: { checkinId: scanId, sessionName: session.name },
      guest: { id: nth(guests, 0).id, name: "Guest 1" },
    });
    expect(first.body.guest.fields).toEqual([
      { key: "firstName", label: "First name", value: "Guest" },
      { key: "lastName", label: "Last name", value: "1" },
    ]);

    const repeated = await deviceScan(headers, { scanId, code });
    expect(repeated.body).toEqual(first.body);

    const second = await deviceScan(headers, { code });
    expect(second.body).toMatchObject({
      outcome: "refused",
      refusal: "already_checked_in",
      checkin: null,
      previous: { checkinId: scanId, at: first.body.checkin.at, sessionName: session.name },
      guest: { id: nth(guests, 0).id },
    });
    const rows = await t.context.db
      .select()
      .from(checkins)
      .where(eq(checkins.guestId, nth(guests, 0).id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "live", flagged: false, passKey: `g:${nth(guests, 0).id}` });
  });

  it("refuses a forged or altered code, and another event's guest, without recording anything", async () => {
    const { guests, headers } = await scene();
    const code = await guestCode(nth(guests, 0).id);
    const altered = alteredCode(code);
    const otherGuest = randomUUID();
    const [otherEvent] = await addGuests(t, tenants.owner.token, await checkinEvent(t, tenants.owner), 1);
    for (const forged of [
      altered,
      `G.${otherGuest}.${code.split(".")[2]}`,
      "12345",
      "T.0123456789abcdef0123456789abcdef.x",
      await guestCode(otherEvent?.id ?? ""),
    ]) {
      const answer = await deviceScan(headers, { code: forged });
      expect(answer.body, forged).toEqual({
        outcome: "refused",
        refusal: "unknown_code",
        checkin: null,
        previous: null,
        guest: null,
      });
    }
    const picked = await deviceScan(headers, { guestId: otherEvent?.id });
    expect(picked.body.refusal).toBe("unknown_code");
    expect(
      await t.context.db
        .select()
        .from(checkins)
        .where(eq(checkins.guestId, nth(guests, 0).id)),
    ).toHaveLength(0);
  });

  it("refuses a cancelled guest, a refunded ticket, a cancelled order and a guest the session does not let in", async () => {
    const { event, guests, headers } = await scene({
      guests: 4,
      session: { conditions: { statuses: ["confirmed", "cancelled"] }, displayedFields: ["lastName", "ticket"] },
    });
    const [confirmed, cancelled, refundedHolder, stranger] = guests as [
      { id: string },
      { id: string },
      { id: string },
      { id: string },
    ];
    await t.context.db.update(guestsTable).set({ status: "confirmed" }).where(eq(guestsTable.id, confirmed.id));
    await t.context.db.update(guestsTable).set({ status: "cancelled" }).where(eq(guestsTable.id, cancelled.id));
    await t.context.db.update(guestsTable).set({ status: "confirmed" }).where(eq(guestsTable.id, refundedHolder.id));
    const ticket = await insertTicket(t, event.id, { caption: { en: "Gala", fr: "Gala du soir" } });
    const refunded = await insertOrder(t, event.id, {}, [
      { ticketId: ticket.id, holderGuestId: refundedHolder.id, refunded: true },
    ]);
    const cancelledOrder = await insertOrder(t, event.id, { status: "cancelled" }, [
      { ticketId: ticket.id, holderGuestId: confirmed.id },
    ]);
    const paid = await insertOrder(t, event.id, {}, [{ ticketId: ticket.id, holderGuestId: confirmed.id }]);
    const secret = await passCodeSecret(t.context);
    const ticketCode = (item: { code: string }) => ticketPassCode(secret, item.code);

    const refusal = async (body: Record<string, unknown>) => (await deviceScan(headers, body)).body.refusal;
    expect(await refusal({ code: await guestCode(cancelled.id) })).toBe("cancelled");
    expect(await refusal({ code: ticketCode(refunded.items[0] as { code: string }) })).toBe("refunded");
    expect(await refusal({ code: ticketCode(cancelledOrder.items[0] as { code: string }) })).toBe("refunded");
    expect(await refusal({ guestId: stranger.id })).toBe("not_allowed");

    // A ticket is its own pass: it lets its holder in once, whatever their badge did; its caption in French.
    const byTicket = await deviceScan(headers, { code: ticketCode(paid.items[0] as { code: string }) }, "fr");
    expect(byTicket.body).toMatchObject({ outcome: "accepted", guest: { id: confirmed.id } });
    expect(byTicket.body.guest.fields).toEqual([
      { key: "lastName", label: "Nom", value: "1" },
      { key: "ticket", label: "Billet", value: "Gala du soir" },
    ]);
    expect((await deviceScan(headers, { code: await guestCode(confirmed.id) })).body.outcome).toBe("accepted");
    const again = await deviceScan(headers, { code: ticketCode(paid.items[0] as { code: string }) });
    expect(again.body.refusal).toBe("already_checked_in");
  });

  it("shows custom fields by their label and choices by theirs", async () => {
    const event = await checkinEvent(t, tenants.owner);
    const field = await t.request({
      method: "POST",
      url: event.fields,
      token: tenants.owner.token,
      body: {
        name: "Menu",
        type: "unique_choice",
        choices: [
          { id: "veg", label: "Vegetarian" },
          { id: "fish", label: "Fish" },
        ],
      },
    });
    expect(field.status).toBe(201);
    const [guest] = await addGuests(t, tenants.owner.token, event, 1, { customFields: { [field.body.id]: "veg" } });
    const session = await createCheckinSession(t, tenants.owner.token, event, {
      displayedFields: [`custom:${field.body.id}`, "company", "status"],
    });
    const code = await createAccessCode(t, tenants.owner.token, event, session.id);
    const headers = deviceHeaders((await joinWithCode(t, code.code)).deviceToken);
    const answer = await deviceScan(headers, { guestId: guest?.id });
    expect(answer.body.guest.fields).toEqual([
      { key: `custom:${field.body.id}`, label: "Menu", value: "Vegetarian" },
      { key: "status", label: "Status", value: "Not responded" },
    ]);
  });

  it("undoes a check-in, lets the guest in again, and answers 404 for a check-in the device may not undo", async () => {
    const { event, guests, session, headers } = await scene();
    const code = await guestCode(nth(guests, 0).id);
    const accepted = await deviceScan(headers, { code });
    const checkinId = accepted.body.checkin.checkinId;
    const undo = { method: "POST" as const, url: "/api/v1/public/checkin/scan", headers };
    const undone = await t.request({ ...undo, body: { undoCheckinId: checkinId } });
    expect(undone.body).toMatchObject({
      outcome: "undone",
      checkin: { checkinId, sessionName: session.name },
      guest: { id: nth(guests, 0).id },
    });
    expect((await t.request({ ...undo, body: { undoCheckinId: checkinId } })).body.outcome).toBe("undone");
    expect((await deviceScan(headers, { code })).body.outcome).toBe("accepted");
    expect((await t.request({ ...undo, body: { undoCheckinId: randomUUID() } })).status).toBe(404);

    // A second door's device may not undo this door's check-in; the organizer may.
    const otherDoor = await createCheckinSession(t, tenants.owner.token, event, { name: "Side door" });
    const otherCode = await createAccessCode(t, tenants.owner.token, event, otherDoor.id);
    const otherHeaders = deviceHeaders((await joinWithCode(t, otherCode.code)).deviceToken);
    const latest = await deviceScan(headers, { code: await guestCode(nth(guests, 1).id) });
    const foreign = await t.request({
      ...undo,
      headers: otherHeaders,
      body: { undoCheckinId: latest.body.checkin.checkinId },
    });
    expect(foreign.status).toBe(404);
    const byOrganizer = await owner().post(`${event.sessions}/${otherDoor.id}/check`, {
      undoCheckinId: latest.body.checkin.checkinId,
    });
    expect(byOrganizer.body.outcome).toBe("undone");
  });

  it("refuses at a second door a guest let in at the first, naming the first", async () => {
    const { event, guests, headers } = await scene();
    const side = await createCheckinSession(t, tenants.owner.token, event, { name: "Side door" });
    const sideHeaders = deviceHeaders(
      (await joinWithCode(t, (await createAccessCode(t, tenants.owner.token, event, side.id)).code)).deviceToken,
    );
    const code = await guestCode(nth(guests, 0).id);
    const [one, two] = await Promise.all([deviceScan(headers, { code }), deviceScan(sideHeaders, { code })]);
    const answers = [one.body, two.body];
    expect(answers.filter((answer) => answer.outcome === "accepted")).toHaveLength(1);
    const refused = answers.find((answer) => answer.outcome === "refused");
    const accepted = answers.find((answer) => answer.outcome === "accepted");
    expect(refused).toMatchObject({ refusal: "already_checked_in", previous: accepted.checkin });
  });

  it("answers each of many scans sent at once as if they came one by one", async () => {
    const { guests, headers } = await scene({ guests: 12 });
    const codes = await Promise.all(guests.map((guest) => guestCode(guest.id)));
    const repeatedId = randomUUID();
    // Sent together, they share the session's statements: the same pass twice, a scan id twice, a forged code.
    const answers = await Promise.all([
      ...codes.flatMap((code, index) => (index === 1 ? [] : [deviceScan(headers, { code })])),
      deviceScan(headers, { code: codes[0] }),
      deviceScan(headers, { scanId: repeatedId, code: codes[1] }),
      deviceScan(headers, { scanId: repeatedId, code: codes[1] }),
      deviceScan(headers, { code: alteredCode(nth(codes, 2)) }),
    ]);
    const bodies = answers.map((answer) => answer.body);
    const forGuest = (index: number) => bodies.filter((body) => body.guest?.id === nth(guests, index).id);
    expect(
      forGuest(0)
        .map((body) => body.outcome)
        .sort(),
    ).toEqual(["accepted", "refused"]);
    const firstIn = forGuest(0).find((body) => body.outcome === "accepted");
    expect(forGuest(0).find((body) => body.outcome === "refused")).toMatchObject({
      refusal: "already_checked_in",
      previous: firstIn.checkin,
    });
    const repeated = bodies.filter((body) => body.checkin?.checkinId === repeatedId);
    expect(repeated).toHaveLength(2);
    expect(repeated[0]).toEqual(repeated[1]);
    expect(bodies.at(-1)).toMatchObject({ outcome: "refused", refusal: "unknown_code" });
    for (let index = 3; index < guests.length; index++) {
      expect(forGuest(index).map((body) => body.outcome)).toEqual(["accepted"]);
    }
    const rows = await t.context.db
      .select({ guestId: checkins.guestId })
      .from(checkins)
      .where(
        inArray(
          checkins.guestId,
          guests.map((guest) => guest.id),
        ),
      );
    expect(new Set(rows.map((row) => row.guestId)).size).toBe(rows.length);
    expect(rows).toHaveLength(guests.length);
  });

  it("finds guests by name for a device, with their standing check-in", async () => {
    const { guests, headers } = await scene({ guests: 3 });
    await deviceScan(headers, { guestId: nth(guests, 1).id });
    const found = await t.request({ method: "GET", url: "/api/v1/public/checkin/search?query=guest%202", headers });
    expect(found.status).toBe(200);
    // Names and emails are searched: another guest's random email may hold a "2" too.
    const second = found.body.items.find((item: { id: string }) => item.id === nth(guests, 1).id);
    expect(second).toMatchObject({ name: "Guest 2", checkedIn: { sessionName: "Main door" } });
    const all = await t.request({ method: "GET", url: "/api/v1/public/checkin/search?query=GUÉST", headers });
    expect(all.body.items.map((item: { name: string }) => item.name)).toEqual(["Guest 1", "Guest 2", "Guest 3"]);
    expect(all.body.items[0].checkedIn).toBeNull();
  });

  it("signs a device out when its code is deleted (401), and keeps another event's device out of this one", async () => {
    const first = await scene();
    const second = await scene();
    const crossed = await deviceScan(second.headers, { code: await guestCode(nth(first.guests, 0).id) });
    expect(crossed.body.refusal).toBe("unknown_code");
    expect((await deviceScan(second.headers, { guestId: nth(first.guests, 0).id })).body.refusal).toBe("unknown_code");

    // The device scans first: its next scan, right after the revocation, is refused by the scan's own statement.
    expect((await deviceScan(first.headers, { guestId: nth(first.guests, 1).id })).body.outcome).toBe("accepted");
    const removed = await owner().delete(`${first.event.codes}/${first.code.id}`);
    expect(removed.status).toBeLessThan(300);
    const signedOut = await deviceScan(first.headers, { code: await guestCode(nth(first.guests, 0).id) }, "fr");
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toBe("CHECKIN_DEVICE_SIGNED_OUT");
    expect((await deviceScan({}, { guestId: nth(first.guests, 0).id })).status).toBe(400);
  });

  it("lets the organizer check in, a reader watch but not check, and answers 404 to another account", async () => {
    const event = await checkinEvent(t, tenants.owner, {}, [tenants.reader.userId]);
    const [guest] = await addGuests(t, tenants.owner.token, event, 1);
    const session = await createCheckinSession(t, tenants.owner.token, event);
    const check = `${event.sessions}/${session.id}/check`;
    const byOwner = await owner().post(check, { scanId: randomUUID(), code: await guestCode(guest?.id ?? "") });
    expect(byOwner.body).toMatchObject({ outcome: "accepted" });
    const [row] = await t.context.db.select().from(checkins).where(eq(checkins.id, byOwner.body.checkin.checkinId));
    expect(row).toMatchObject({ source: "organizer", deviceId: null });

    expect((await reader().post(check, { scanId: randomUUID(), guestId: guest?.id })).status).toBe(403);
    expect((await reader().get(`${event.sessions}/${session.id}/stats`)).status).toBe(200);
    expect((await reader().get(`${event.sessions}/${session.id}/arrivals`)).body.total).toBe(1);
    const outsider = await other().post(check, { scanId: randomUUID(), guestId: guest?.id });
    expect(outsider.status).toBe(404);
    expect((await other().get(`${event.sessions}/${session.id}/stats`)).status).toBe(404);
  });
});
