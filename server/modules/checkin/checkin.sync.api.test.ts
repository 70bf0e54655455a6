import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { guestPassCode, passCodeSecret, ticketPassCode } from "../../platform/pass-codes.js";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { guests as guestsTable } from "../guests/guests.tables.js";
import { insertOrder, insertTicket } from "../ticketing/ticketing.testing.js";
import { checkins } from "./checkin.tables.js";
import {
  checkinScene,
  createAccessCode,
  createCheckinSession,
  deviceHeaders,
  joinWithCode,
} from "./checkin.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));

const offlineScene = (options: Parameters<typeof checkinScene>[2] = {}) =>
  checkinScene(t, tenants.owner, { ...options, session: { name: "Hall", mode: "offline", ...options.session } });

const passes = (headers: Record<string, string>, language?: string) =>
  t.request({ method: "GET", url: "/api/v1/public/checkin/passes", headers, language });
const sync = (headers: Record<string, string>, scans: Record<string, unknown>[]) =>
  t.request({ method: "POST", url: "/api/v1/public/checkin/sync", headers, body: { scans } });

/** A scan as the offline app stores it: its own id, the code read, the phone's time. */
const stored = (code: string, minutesAgo = 5) => ({
  scanId: randomUUID(),
  code,
  scannedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

const rowsOfGuest = (guestId: string) => t.context.db.select().from(checkins).where(eq(checkins.guestId, guestId));

describe("offline sessions", () => {
  it("downloads every pass with its codes, its verdict and its standing check-in; 409 for a live session", async () => {
    const { event, guests, headers } = await offlineScene({
      guests: 3,
      session: { conditions: { statuses: ["confirmed", "cancelled"] }, displayedFields: ["lastName", "ticket"] },
    });
    const [confirmed, cancelled, stranger] = guests as [{ id: string }, { id: string }, { id: string }];
    await t.context.db.update(guestsTable).set({ status: "confirmed" }).where(eq(guestsTable.id, confirmed.id));
    await t.context.db.update(guestsTable).set({ status: "cancelled" }).where(eq(guestsTable.id, cancelled.id));
    const ticket = await insertTicket(t, event.id, { caption: { en: "Gala" } });
    const order = await insertOrder(t, event.id, {}, [{ ticketId: ticket.id, holderGuestId: confirmed.id }]);
    const secret = await passCodeSecret(t.context);
    const item = order.items[0] as { id: string; code: string };
    await sync(headers, [stored(guestPassCode(secret, confirmed.id))]);

    const list = await passes(headers);
    expect(list.status).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    const byKey = new Map(list.body.passes.map((pass: { passKey: string }) => [pass.passKey, pass]));
    expect(byKey.size).toBe(4);
    expect(byKey.get(`g:${confirmed.id}`)).toMatchObject({
      codes: [guestPassCode(secret, confirmed.id)],
      refusal: "already_checked_in",
      checkedIn: { sessionName: "Hall" },
      searchText: expect.stringContaining("guest"),
      guest: {
        id: confirmed.id,
        fields: [
          { key: "lastName", value: "1" },
          { key: "ticket", value: "Gala" },
        ],
      },
    });
    expect(byKey.get(`t:${item.id}`)).toMatchObject({
      codes: [ticketPassCode(secret, item.code)],
      refusal: null,
      checkedIn: null,
      guest: { id: confirmed.id },
    });
    expect(byKey.get(`g:${cancelled.id}`)).toMatchObject({ refusal: "cancelled" });
    expect(byKey.get(`g:${stranger.id}`)).toMatchObject({ refusal: "not_allowed" });

    const live = await checkinScene(t, tenants.owner);
    const refused = await passes(live.headers, "fr");
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("CHECKIN_NOT_OFFLINE");
  });

  it("applies an upload once: a replay changes nothing, unknown codes are refused, undos are applied", async () => {
    const { guests, headers } = await offlineScene({ guests: 4 });
    const secret = await passCodeSecret(t.context);
    const scans = guests.map((guest) => stored(guestPassCode(secret, guest.id)));
    const forged = stored(`G.${randomUUID()}.forged`);
    const first = await sync(headers, [...scans, forged]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ applied: 4, repeated: 0, flagged: 0, refused: 1 });
    const [row] = await rowsOfGuest(guests[0]?.id ?? "");
    expect(row).toMatchObject({ id: scans[0]?.scanId, source: "offline", flagged: false });
    expect(row?.scannedAt.toISOString()).toBe(scans[0]?.scannedAt);

    const replay = await sync(headers, [...scans, forged]);
    expect(replay.body).toEqual({ applied: 0, repeated: 4, flagged: 0, refused: 1 });

    // An undo names the scan it undoes; sent again, it is a repeat.
    const undo = { scanId: scans[1]?.scanId, scannedAt: new Date().toISOString(), undo: true };
    expect((await sync(headers, [undo])).body).toEqual({ applied: 1, repeated: 0, flagged: 0, refused: 0 });
    expect((await sync(headers, [undo])).body).toEqual({ applied: 0, repeated: 1, flagged: 0, refused: 0 });
    const [undone] = await rowsOfGuest(guests[1]?.id ?? "");
    expect(undone?.undoneAt).not.toBeNull();
  });

  it("flags, not loses, a pass scanned at two doors, or twice in one upload", async () => {
    const { event, guests, headers } = await offlineScene({ guests: 2 });
    const otherDoor = await createCheckinSession(t, tenants.owner.token, event, { name: "Annex", mode: "offline" });
    const code = await createAccessCode(t, tenants.owner.token, event, otherDoor.id);
    const otherHeaders = deviceHeaders((await joinWithCode(t, code.code)).deviceToken);
    const secret = await passCodeSecret(t.context);
    const [first, second] = guests as [{ id: string }, { id: string }];
    const firstCode = guestPassCode(secret, first.id);

    expect((await sync(headers, [stored(firstCode, 10)])).body).toMatchObject({ applied: 1, flagged: 0 });
    expect((await sync(otherHeaders, [stored(firstCode, 8)])).body).toMatchObject({ applied: 0, flagged: 1 });
    const rows = await rowsOfGuest(first.id);
    expect(rows.map((row) => [row.sessionName, row.flagged]).sort()).toEqual([
      ["Annex", true],
      ["Hall", false],
    ]);

    const secondCode = guestPassCode(secret, second.id);
    const twice = await sync(otherHeaders, [stored(secondCode, 3), stored(secondCode, 4)]);
    expect(twice.body).toEqual({ applied: 1, repeated: 0, flagged: 1, refused: 0 });
    const secondRows = await rowsOfGuest(second.id);
    const standing = secondRows.find((row) => !row.flagged);
    const flagged = secondRows.find((row) => row.flagged);
    expect(standing && flagged && standing.scannedAt < flagged.scannedAt).toBe(true);

    // The flagged scans are listed apart on the session's arrivals.
    const arrivals = await t.request({
      method: "GET",
      url: `${event.sessions}/${otherDoor.id}/arrivals?flagged=true`,
      token: tenants.owner.token,
    });
    expect(arrivals.body.total).toBe(2);
  });

  it("applies 5,000 stored scans in one upload", async () => {
    const { event, headers } = await offlineScene({ guests: 0 });
    const values = Array.from({ length: 5000 }, (_, index) => ({
      eventId: event.id,
      firstName: "Bulk",
      lastName: String(index),
      createdSource: "import" as const,
    }));
    const made: { id: string }[] = [];
    for (let start = 0; start < values.length; start += 1000) {
      made.push(
        ...(await t.context.db
          .insert(guestsTable)
          .values(values.slice(start, start + 1000))
          .returning({ id: guestsTable.id })),
      );
    }
    const secret = await passCodeSecret(t.context);
    const scans = made.map((guest) => stored(guestPassCode(secret, guest.id)));
    const answer = await sync(headers, scans);
    expect(answer.body).toEqual({ applied: 5000, repeated: 0, flagged: 0, refused: 0 });
    const list = await passes(headers);
    expect(list.body.passes).toHaveLength(5000);
  }, 120_000);
});
