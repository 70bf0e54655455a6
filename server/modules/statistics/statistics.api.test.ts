import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { campaignRecipients, campaigns } from "../campaigns/campaigns.tables.js";
import { checkinEvent, createCheckinSession } from "../checkin/checkin.testing.js";
import { guests } from "../guests/guests.tables.js";
import { addGuest } from "../guests/guests.testing.js";
import { orders } from "../ticketing/ticketing.tables.js";
import { insertOrder, insertTicket } from "../ticketing/ticketing.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const owner = () => client(t, tenants.owner);

/**
 * An event in Paris time: four guests over two days in three statuses, a diet field, a completed order and a refunded
 * unit of a partially refunded one, a sent campaign with a bounce, an open and a click, and one check-in.
 */
async function statisticsScene() {
  const event = await checkinEvent(t, tenants.owner, { timezone: "Europe/Paris" }, [tenants.reader.userId]);
  const fieldResponse = await owner().post(event.fields, {
    name: "Diet",
    type: "unique_choice",
    choices: [
      { id: "veg", label: "Vegetarian" },
      { id: "meat", label: "Meat" },
      { id: "fish", label: "Fish" },
    ],
  });
  const diet = fieldResponse.body.id as string;
  const people = [
    { lastName: "Ada", status: "confirmed", customFields: { [diet]: "veg" }, day: "2026-03-01T23:30:00Z" },
    { lastName: "Grace", status: "confirmed", customFields: { [diet]: "veg" }, day: "2026-03-02T09:00:00Z" },
    { lastName: "Alan", status: "cancelled", customFields: { [diet]: "meat" }, day: "2026-03-02T10:00:00Z" },
    { lastName: "Edsger", status: "not_responded", customFields: {}, day: "2026-03-01T08:00:00Z" },
  ];
  const made = [];
  for (const { day, ...body } of people) {
    const guest = await addGuest(t, tenants.owner.token, event.users, body);
    // 23:30 UTC on March 1st is March 2nd in Paris (UTC+1).
    await t.context.db
      .update(guests)
      .set({ registeredAt: new Date(day) })
      .where(eq(guests.id, guest.id));
    made.push(guest);
  }
  const [ada, grace] = made as [{ id: string }, { id: string }];

  const entry = await insertTicket(t, event.id, { caption: { en: "Entry", fr: "Entrée" } });
  const dinner = await insertTicket(t, event.id, { caption: { en: "Dinner", fr: "Dîner" } });
  const completed = await insertOrder(t, event.id, { buyerGuestId: ada.id }, [
    { ticketId: entry.id, holderGuestId: ada.id, unitPriceInclTaxCents: 3000 },
    { ticketId: dinner.id, holderGuestId: ada.id, unitPriceInclTaxCents: 5000 },
  ]);
  const partly = await insertOrder(t, event.id, { buyerGuestId: grace.id, status: "partially_refunded" }, [
    { ticketId: entry.id, holderGuestId: grace.id, unitPriceInclTaxCents: 3000 },
    { ticketId: dinner.id, holderGuestId: grace.id, unitPriceInclTaxCents: 5000, refunded: true },
  ]);
  await t.context.db
    .update(orders)
    .set({ completedAt: new Date("2026-03-02T12:00:00Z") })
    .where(eq(orders.id, completed.order.id));
  await t.context.db
    .update(orders)
    .set({ completedAt: new Date("2026-03-03T12:00:00Z") })
    .where(eq(orders.id, partly.order.id));
  // Neither a cart nor a test order counts.
  await insertOrder(t, event.id, { status: "in_cart" }, [{ ticketId: entry.id }]);
  const test = await insertOrder(t, event.id, {}, [{ ticketId: entry.id }]);
  await t.context.db.update(orders).set({ testMode: true }).where(eq(orders.id, test.order.id));

  const [campaign] = await t.context.db
    .insert(campaigns)
    .values({ accountId: tenants.owner.accountId, eventId: event.id, name: "Invitation", type: "invitation" })
    .returning();
  const sentAt = new Date();
  const mails = [
    {
      status: "clicked",
      sentAt,
      deliveredAt: sentAt,
      openedAt: sentAt,
      clickedAt: sentAt,
      openCount: 2,
      clickCount: 1,
    },
    { status: "opened", sentAt, openedAt: sentAt, openCount: 1 },
    { status: "bounce", sentAt },
  ] as const;
  for (const [index, mail] of mails.entries()) {
    await t.context.db.insert(campaignRecipients).values({
      campaignId: campaign?.id ?? "",
      guestId: made[index]?.id,
      email: `mail-${index}@example.test`,
      language: "en",
      batch: 0,
      ...mail,
    });
  }

  const session = await createCheckinSession(t, tenants.owner.token, event, { name: "Main door" });
  await owner().post(`${event.sessions}/${session.id}/check`, { scanId: randomUUID(), guestId: ada.id });
  return { event, session, diet };
}

describe("event statistics", () => {
  it("answers registrations by day, statuses, a choice field, sales, mails and check-ins", async () => {
    const { event, session, diet } = await statisticsScene();
    const response = await client(t, tenants.reader).get(`${event.base}/statistics`);
    expect(response.status).toBe(200);
    expect(response.body.registrations).toEqual({
      total: 4,
      byDay: [
        { day: "2026-03-01", count: 1 },
        { day: "2026-03-02", count: 3 },
      ],
    });
    expect(response.body.statuses).toEqual([
      { status: "not_responded", count: 1 },
      { status: "refused", count: 0 },
      { status: "pending_approval", count: 0 },
      { status: "rejected", count: 0 },
      { status: "confirmed", count: 2 },
      { status: "cancelled", count: 1 },
      { status: "to_be_seen", count: 0 },
    ]);
    expect(response.body.fields).toEqual([
      {
        fieldId: diet,
        name: "Diet",
        type: "unique_choice",
        answered: 3,
        choices: [
          { choiceId: "veg", label: "Vegetarian", count: 2 },
          { choiceId: "meat", label: "Meat", count: 1 },
          { choiceId: "fish", label: "Fish", count: 0 },
        ],
      },
    ]);
    expect(response.body.sales).toMatchObject({
      currency: "EUR",
      units: 3,
      revenueCents: 11000,
      byDay: [
        { day: "2026-03-02", units: 2, revenueCents: 8000 },
        { day: "2026-03-03", units: 1, revenueCents: 3000 },
      ],
    });
    expect(
      response.body.sales.byTicket.map((row: { name: string; units: number; revenueCents: number }) => row),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Entry", units: 2, revenueCents: 6000 }),
        expect.objectContaining({ name: "Dinner", units: 1, revenueCents: 5000 }),
      ]),
    );
    expect(response.body.mails).toMatchObject({
      campaigns: 1,
      deliverability: { recipients: 3, sent: 3, delivered: 2, bounced: 1 },
      reactivity: { opens: 3, uniqueOpens: 2, clicks: 1, uniqueClicks: 1, openRate: 1, clickRate: 0.5 },
    });
    expect(response.body.checkins).toEqual({
      expected: 3,
      checkedIn: 1,
      bySession: [{ sessionId: session.id, name: "Main door", count: 1 }],
    });
  });

  it("exports each section as a spreadsheet, in the language asked for", async () => {
    const { event } = await statisticsScene();
    const statuses = await owner().get(`${event.base}/statistics/statuses/export?format=csv&language=fr`);
    expect(statuses.status).toBe(200);
    expect(statuses.headers["content-disposition"]).toBe(
      `attachment; filename="statistics-statuses-${event.slug}.csv"`,
    );
    const lines = String(statuses.body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("Statut;Invités");
    expect(lines).toContain("Confirmé;2");
    const sales = await owner().get(`${event.base}/statistics/sales/export?format=csv&language=en`);
    expect(String(sales.body)).toContain("Total;3;110");
    const unknown = await owner().get(`${event.base}/statistics/nothing/export`);
    expect(unknown.status).toBe(400);
  });

  it("is as absent to another account as a made-up event", async () => {
    const { event } = await statisticsScene();
    const response = await client(t, tenants.other).get(`${event.base}/statistics`);
    expect(response.status).toBe(404);
    const exported = await client(t, tenants.other).get(`${event.base}/statistics/sales/export`);
    expect(exported.status).toBe(404);
  });
});
