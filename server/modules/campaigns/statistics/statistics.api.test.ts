import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { RecipientStatus } from "../../../../contract/campaigns.js";
import { tenantsForFile } from "../../../testing/fixtures.js";
import { callsAs, testAppForFile } from "../../../testing/test-app.js";
import { addGuest, guestEvent, scopeUrl } from "../../guests/guests.testing.js";
import { type CampaignEventKind, campaignEvents, campaignRecipients, campaigns } from "../campaigns.tables.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);
const { get } = callsAs(t, () => owner);

const t0 = Date.parse("2026-03-10T08:00:00Z");
const at = (minutes: number) => new Date(t0 + minutes * 60_000);

type Mail = {
  firstName?: string;
  lastName?: string;
  email: string;
  status: RecipientStatus;
  sentAt?: number;
  deliveredAt?: number;
  openedAt?: number;
  clickedAt?: number;
  openCount?: number;
  clickCount?: number;
  lastError?: string;
};

/**
 * Ten mails of one campaign, each in a state the sending and tracking code leaves (times in minutes after t0):
 * 10 recipients, 1 waiting, 7 sent, 5 delivered (a delivery report, an open, a click or an unsubscribe), 1 bounced,
 * 1 blocked, 1 error, 1 unsubscribed; opens 3 + 1 + 1 (eve clicked without loading the pixel) + 1 = 6 by 4 guests,
 * clicks 3 by 2 guests; 6 mails reached a guest (7 sent less the bounce).
 */
const mails: Mail[] = [
  {
    firstName: "Alice",
    email: "alice@example.test",
    status: "clicked",
    sentAt: 0,
    deliveredAt: 1,
    openedAt: 65,
    clickedAt: 120,
    openCount: 3,
    clickCount: 2,
  },
  { firstName: "Bob", email: "bob@example.test", status: "opened", sentAt: 0, openedAt: 65, openCount: 1 },
  { firstName: "Carol", email: "carol@example.test", status: "bounce", sentAt: 0, lastError: "550 mailbox unknown" },
  { firstName: "Dave", email: "dave@example.test", status: "blocked", lastError: "554 blocked" },
  { firstName: "Eve", email: "eve@example.test", status: "clicked", sentAt: 0, clickedAt: 195, clickCount: 1 },
  { firstName: "Frank", email: "frank@example.test", status: "unsubscribed", sentAt: 0, openedAt: 90, openCount: 1 },
  { firstName: "Grace", email: "grace@example.test", status: "queued" },
  { firstName: "Hélène", lastName: "Durand", email: "helene@example.test", status: "error", lastError: "421 later" },
  { firstName: "Ivan", email: "ivan@example.test", status: "delivered", sentAt: 0, deliveredAt: 5 },
  // A guest who named themself like a spreadsheet formula.
  { firstName: '=HYPERLINK("http://evil.test")', email: "jane@example.test", status: "sent", sentAt: 0 },
];

/** An event (Paris time) readable by the reader, with the campaign above written straight to its tables. */
async function statisticsEvent() {
  const event = await guestEvent(t, owner, { timezone: "Europe/Paris" }, [reader.userId]);
  const base = scopeUrl(owner.accountId, event.id);
  const db = t.context.db;
  const [campaign] = await db
    .insert(campaigns)
    .values({
      accountId: owner.accountId,
      eventId: event.id,
      name: "Spring invitation",
      type: "invitation",
      status: "sent",
      sendingAt: at(0),
      sentAt: at(2),
    })
    .returning();
  if (!campaign) throw new Error("campaign insert failed");
  const ids = new Map<string, string>();
  for (const [index, mail] of mails.entries()) {
    const guest = await addGuest(t, owner.token, event.users, {
      firstName: mail.firstName,
      lastName: mail.lastName ?? "",
      email: mail.email,
    });
    const time = (minutes?: number) => (minutes === undefined ? null : at(minutes));
    const [row] = await db
      .insert(campaignRecipients)
      .values({
        campaignId: campaign.id,
        guestId: guest.id,
        email: mail.email,
        language: "en",
        batch: Math.floor(index / 4),
        status: mail.status,
        sentAt: time(mail.sentAt),
        deliveredAt: time(mail.deliveredAt),
        openedAt: time(mail.openedAt),
        clickedAt: time(mail.clickedAt),
        openCount: mail.openCount ?? 0,
        clickCount: mail.clickCount ?? 0,
        lastError: mail.lastError ?? null,
      })
      .returning();
    ids.set(mail.email.split("@")[0] ?? "", row?.id ?? "");
  }
  const log = (name: string, kind: CampaignEventKind, minutes: number, detail?: string) => ({
    campaignId: campaign.id,
    recipientId: ids.get(name) ?? "",
    kind,
    at: at(minutes),
    detail,
  });
  await db
    .insert(campaignEvents)
    .values([
      ...["alice", "bob", "carol", "eve", "frank", "ivan", "jane"].map((name, minute) => log(name, "sent", minute)),
      log("carol", "bounce", 10, "550 mailbox unknown"),
      log("bob", "open", 65),
      log("alice", "open", 70),
      log("alice", "open", 80),
      log("frank", "open", 90),
      log("frank", "unsubscribe", 100),
      log("alice", "click", 120, "https://example.test/a"),
      log("alice", "click", 130, "https://example.test/b"),
      log("alice", "open", 180),
      log("eve", "click", 195, "https://example.test/a"),
    ]);
  const campaignUrl = `${base}/campaigns/${campaign.id}`;
  const invits = `/${event.slug}/admin/invits`;
  return {
    event,
    campaign,
    ids,
    base,
    statistics: `${campaignUrl}/statistics`,
    recipients: `${campaignUrl}/statistics/recipients`,
    legacyList: `${invits}/get`,
    legacyStatistics: `${invits}/getInvitStatisticsJson/${campaign.id}`,
    legacyRecipients: `${invits}/getRecipientsStatsJson/${campaign.id}`,
  };
}

/** The file as bytes: inject's text body would mangle a zip. */
async function download(url: string, token = owner.token, language?: string) {
  const response = await t.app.inject({
    method: "GET",
    url,
    headers: { authorization: `Bearer ${token}`, ...(language && { "accept-language": language }) },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

const csvRows = (bytes: Buffer): string[][] => parse(bytes, { delimiter: ";", bom: true });

describe("campaign statistics", () => {
  it("counts deliverability per mail and reactivity total and unique, with the rates over the mails that reached a guest", async () => {
    const fixture = await statisticsEvent();
    const response = await get(fixture.statistics);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body.campaign).toEqual({
      id: fixture.campaign.id,
      name: "Spring invitation",
      type: "invitation",
      status: "sent",
      sendingAt: at(0).toISOString(),
      sentAt: at(2).toISOString(),
    });
    expect(response.body.deliverability).toEqual({
      recipients: 10,
      waiting: 1,
      sent: 7,
      delivered: 5,
      bounced: 1,
      blocked: 1,
      errors: 1,
      unsubscribed: 1,
    });
    expect(response.body.reactivity).toEqual({
      opens: 6,
      uniqueOpens: 4,
      clicks: 3,
      uniqueClicks: 2,
      openRate: 4 / 6,
      clickRate: 2 / 6,
      clickToOpen: 0.5,
    });
    expect(response.body.topLinks).toEqual([
      { url: "https://example.test/a", clicks: 2, uniqueClicks: 2 },
      { url: "https://example.test/b", clicks: 1, uniqueClicks: 1 },
    ]);
  });

  it("buckets the events per hour within 48 hours, empty hours at zero", async () => {
    const fixture = await statisticsEvent();
    const { overTime } = (await get(fixture.statistics)).body;
    expect(overTime.unit).toBe("hour");
    expect(overTime.buckets).toEqual([
      { at: at(0).toISOString(), sent: 7, opens: 0, clicks: 0, failures: 1, unsubscribes: 0 },
      { at: at(60).toISOString(), sent: 0, opens: 4, clicks: 0, failures: 0, unsubscribes: 1 },
      { at: at(120).toISOString(), sent: 0, opens: 0, clicks: 2, failures: 0, unsubscribes: 0 },
      { at: at(180).toISOString(), sent: 0, opens: 1, clicks: 1, failures: 0, unsubscribes: 0 },
    ]);
  });

  it("buckets per day of the event's timezone beyond 48 hours, and answers zeros for a campaign not sent", async () => {
    const fixture = await statisticsEvent();
    const alice = fixture.ids.get("alice") ?? "";
    const late = (iso: string) => ({
      campaignId: fixture.campaign.id,
      recipientId: alice,
      kind: "open" as const,
      at: new Date(iso),
    });
    // 23:30 on 10 March in Paris, then 00:30 on 12 March in Paris though still 11 March in UTC, then 13 March.
    await t.context.db.insert(campaignEvents).values([late("2026-03-11T23:30:00Z"), late("2026-03-13T10:00:00Z")]);
    const { overTime } = (await get(fixture.statistics)).body;
    expect(overTime.unit).toBe("day");
    // Paris midnights (UTC+1 in March), from the first event's day (10 March) to the last's.
    expect(overTime.buckets.map((bucket: { at: string; opens: number }) => [bucket.at, bucket.opens])).toEqual([
      ["2026-03-09T23:00:00.000Z", 5],
      ["2026-03-10T23:00:00.000Z", 0],
      ["2026-03-11T23:00:00.000Z", 1],
      ["2026-03-12T23:00:00.000Z", 1],
    ]);
    expect(overTime.buckets[0]).toMatchObject({ sent: 7, clicks: 3, failures: 1, unsubscribes: 1 });

    const [draft] = await t.context.db
      .insert(campaigns)
      .values({ accountId: owner.accountId, eventId: fixture.event.id, name: "Draft", type: "reminder" })
      .returning();
    const empty = await get(`${fixture.base}/campaigns/${draft?.id}/statistics`);
    expect(empty.status).toBe(200);
    expect(empty.body.deliverability).toMatchObject({ recipients: 0, sent: 0 });
    expect(empty.body.reactivity).toMatchObject({ openRate: 0, clickRate: 0, clickToOpen: 0 });
    expect(empty.body.overTime).toEqual({ unit: "hour", buckets: [] });
    expect(empty.body.topLinks).toEqual([]);
  });

  it("lists the recipients by address, one page, filtered by status and searched by name or address", async () => {
    const fixture = await statisticsEvent();
    const page = await get(`${fixture.recipients}?limit=3&offset=0`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(10);
    expect(page.body.items.map((item: { email: string }) => item.email)).toEqual([
      "alice@example.test",
      "bob@example.test",
      "carol@example.test",
    ]);
    expect(page.body.items[0]).toMatchObject({
      firstName: "Alice",
      status: "clicked",
      sentAt: at(0).toISOString(),
      openedAt: at(65).toISOString(),
      clickedAt: at(120).toISOString(),
      opens: 3,
      clicks: 2,
      error: null,
    });
    expect(page.body.items[2]).toMatchObject({ status: "bounce", error: "550 mailbox unknown", openedAt: null });

    const emails = async (query: string) =>
      (await get(`${fixture.recipients}?${query}`)).body.items.map((item: { email: string }) => item.email);
    expect(await emails("status=clicked")).toEqual(["alice@example.test", "eve@example.test"]);
    expect(await emails("status=bounce,blocked")).toEqual(["carol@example.test", "dave@example.test"]);
    expect(await emails("query=HELENE%20durand")).toEqual(["helene@example.test"]);
    expect(await emails("query=ivan%40example")).toEqual(["ivan@example.test"]);
    expect(await emails("query=100%25")).toEqual([]);
    const bad = await get(`${fixture.recipients}?status=lost`);
    expect(bad.status).toBe(400);
  });

  it("exports the recipients as CSV and XLSX in the asked language, a formula-like cell neutralized", async () => {
    const fixture = await statisticsEvent();
    const csv = await download(`${fixture.recipients}/export?format=csv&status=sent`, owner.token, "fr");
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["cache-control"]).toBe("no-store");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="campaign-.+-Spring-invitation\.csv"$/);
    const [header, jane, ...rest] = csvRows(csv.bytes);
    expect(rest).toEqual([]);
    expect(header).toEqual([
      "Prénom",
      "Nom",
      expect.any(String),
      "Langue",
      "Statut e-mail",
      "Envoyé",
      "Délivré",
      "Première ouverture",
      "Premier clic",
      "Ouvertures",
      "Clics",
      "Erreur",
    ]);
    expect(jane?.[0]).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(jane?.slice(2, 5)).toEqual(["jane@example.test", "en", "Envoyé"]);
    // 08:00 UTC is 09:00 in Paris.
    expect(jane?.[5]).toContain("09:00");

    const xlsx = await download(`${fixture.recipients}/export?format=xlsx&language=en`);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe("Recipients");
    expect(sheet?.rowCount).toBe(11);
    const janeRow = sheet?.getRows(2, 10)?.find((row) => row.getCell(3).value === "jane@example.test");
    expect(janeRow?.getCell(1).value).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(sheet?.getRow(2).getCell(10).value).toBe(3);
  });

  it("lists the event's campaigns with their counts and totals", async () => {
    const fixture = await statisticsEvent();
    const response = await get(`${fixture.base}/campaigns/statistics`);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
    expect(response.body.items[0]).toEqual({
      id: fixture.campaign.id,
      name: "Spring invitation",
      type: "invitation",
      status: "sent",
      sendingAt: at(0).toISOString(),
      sentAt: at(2).toISOString(),
      recipients: 10,
      sent: 7,
      delivered: 5,
      bounced: 1,
      uniqueOpens: 4,
      uniqueClicks: 2,
      openRate: 4 / 6,
      clickRate: 2 / 6,
    });
    expect(response.body.totals).toEqual({
      sent: 7,
      uniqueOpens: 4,
      uniqueClicks: 2,
      openRate: 4 / 6,
      clickRate: 2 / 6,
    });
  });

  it("answers the legacy invits routes by the event's slug with the same numbers", async () => {
    const fixture = await statisticsEvent();
    const list = await get(fixture.legacyList);
    expect(list.status).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.body).toEqual((await get(`${fixture.base}/campaigns/statistics`)).body);
    const numbers = await get(fixture.legacyStatistics);
    expect(numbers.status).toBe(200);
    expect(numbers.body).toEqual((await get(fixture.statistics)).body);
    const recipients = await get(`${fixture.legacyRecipients}?status=opened`);
    expect(recipients.status).toBe(200);
    expect(recipients.body).toEqual({
      items: [expect.objectContaining({ email: "bob@example.test", status: "opened", opens: 1 })],
      total: 1,
    });
  });

  it("lets a reader read, and answers 404 to another account and for another event's campaign", async () => {
    const fixture = await statisticsEvent();
    expect((await get(fixture.statistics, reader.token)).status).toBe(200);
    expect((await get(fixture.legacyStatistics, reader.token)).status).toBe(200);
    for (const url of [
      fixture.statistics,
      fixture.recipients,
      `${fixture.recipients}/export`,
      `${fixture.base}/campaigns/statistics`,
      fixture.legacyList,
      fixture.legacyStatistics,
      fixture.legacyRecipients,
    ]) {
      const response = await get(url, other.token);
      expect(response.status, url).toBe(404);
    }
    const second = await guestEvent(t, owner);
    const elsewhere = `${scopeUrl(owner.accountId, second.id)}/campaigns/${fixture.campaign.id}/statistics`;
    expect((await get(elsewhere)).status).toBe(404);
    expect((await get(`${elsewhere}/recipients`)).status).toBe(404);
    expect((await get(`/${second.slug}/admin/invits/getInvitStatisticsJson/${fixture.campaign.id}`)).status).toBe(404);
    expect((await get(`${fixture.base}/campaigns/${crypto.randomUUID()}/statistics`)).status).toBe(404);
  });
});
