import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passCodeSecret, ticketPassCode } from "../../platform/pass-codes.js";
import { registerTenants } from "../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { events } from "../events/events.tables.js";
import { guests as guestsTable } from "../guests/guests.tables.js";
import { ticketCategories, tickets } from "../ticketing/ticketing.tables.js";
import { insertOrder, insertTicket } from "../ticketing/ticketing.testing.js";
import { checkinScene, createCheckinSession } from "./checkin.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const owner = () => client(t, tenants.owner);
const other = () => client(t, tenants.other);

const scan = (headers: Record<string, string>, body: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/api/v1/public/checkin/scan", headers, body: { scanId: randomUUID(), ...body } });

describe("check-in statistics", () => {
  it("counts a session's expected guests, arrivals, flagged scans and devices, and the event's by session and category", async () => {
    const { event, guests, session, headers } = await checkinScene(t, tenants.owner, {
      guests: 4,
      session: { conditions: { statuses: ["confirmed"] } },
    });
    const [ada, grace, alan, cancelled] = guests as [{ id: string }, { id: string }, { id: string }, { id: string }];
    for (const guest of [ada, grace, alan]) {
      await t.context.db.update(guestsTable).set({ status: "confirmed" }).where(eq(guestsTable.id, guest.id));
    }
    await t.context.db.update(guestsTable).set({ status: "cancelled" }).where(eq(guestsTable.id, cancelled.id));
    const [vip] = await t.context.db.insert(ticketCategories).values({ eventId: event.id, name: "VIP" }).returning();
    const ticket = await insertTicket(t, event.id);
    await t.context.db.update(tickets).set({ categoryId: vip?.id }).where(eq(tickets.id, ticket.id));
    const plain = await insertTicket(t, event.id);
    const order = await insertOrder(t, event.id, {}, [
      { ticketId: ticket.id, holderGuestId: ada.id },
      { ticketId: ticket.id, holderGuestId: grace.id },
      { ticketId: plain.id, holderGuestId: alan.id },
      { ticketId: plain.id, holderGuestId: alan.id, refunded: true },
    ]);
    const secret = await passCodeSecret(t.context);
    // Ada by her badge, Grace by her ticket; Alan undone.
    await scan(headers, { guestId: ada.id });
    await scan(headers, { code: ticketPassCode(secret, (order.items[1] as { code: string }).code) });
    const alanScan = await scan(headers, { guestId: alan.id });
    await scan(headers, { undoCheckinId: alanScan.body.checkin.checkinId });
    // Grace's badge at a second door, by the organizer: a pass of its own, counted at that door.
    const annex = await createCheckinSession(t, tenants.owner.token, event, { name: "Annex" });
    await t.request({
      method: "POST",
      url: `${event.sessions}/${annex.id}/check`,
      token: tenants.owner.token,
      body: { scanId: randomUUID(), guestId: grace.id },
    });

    const stats = await owner().get(`${event.sessions}/${session.id}/stats`);
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ expected: 3, checkedIn: 2, flagged: 0, devices: 1 });
    expect(stats.body.overTime.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0)).toBe(2);

    const statistics = await owner().get(`${event.sessions}/statistics`, "fr");
    expect(statistics.status).toBe(200);
    expect(statistics.body).toMatchObject({
      expected: 3,
      checkedIn: 2,
      flagged: 0,
      bySession: [
        { sessionId: session.id, name: "Main door", count: 2 },
        { sessionId: annex.id, name: "Annex", count: 1 },
      ],
      byCategory: [
        { categoryId: vip?.id, name: "VIP", sold: 2, checkedIn: 2 },
        { categoryId: null, name: "Sans catégorie", sold: 1, checkedIn: 0 },
      ],
    });

    const [row] = await t.context.db.select({ slug: events.slug }).from(events).where(eq(events.id, event.id));
    const legacy = await owner().get(`/${row?.slug}/admin/statistics/attendance`);
    expect(legacy.body.checkedIn).toBe(2);
    const legacySession = await owner().get(`/${row?.slug}/admin/statistics/getCheckin?id=${session.id}`);
    expect(legacySession.body).toMatchObject({ expected: 3, checkedIn: 2 });
    expect((await other().get(`/${row?.slug}/admin/statistics/attendance`)).status).toBe(404);
    expect((await other().get(`${event.sessions}/statistics`)).status).toBe(404);
  });

  it("exports every check-in with formula-looking names neutralized", async () => {
    const { event, guests, headers } = await checkinScene(t, tenants.owner, { guests: 1 });
    const guestId = guests[0]?.id ?? "";
    await t.context.db
      .update(guestsTable)
      .set({ firstName: "=HYPERLINK(evil)", lastName: "" })
      .where(eq(guestsTable.id, guestId));
    await scan(headers, { guestId });
    const csv = await owner().get(`${event.sessions}/statistics/export?format=csv`, "en");
    expect(csv.status).toBe(200);
    expect(String(csv.headers["content-type"])).toContain("text/csv");
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Time;Name;Email address;Session;Source;Flagged;Undone on");
    expect(lines[1]).toContain(";'=HYPERLINK(evil);");
    expect(lines[1]).toContain(";Main door;Live;No;");
    const xlsx = await owner().get(`${event.sessions}/statistics/export?format=xlsx`);
    expect(xlsx.status).toBe(200);
  });
});
