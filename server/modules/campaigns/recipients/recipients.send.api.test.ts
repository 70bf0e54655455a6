import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../../db/connection.js";
import { tenantsForFile } from "../../../testing/fixtures.js";
import { waitFor } from "../../../testing/smtp.js";
import { callsAs, testAppForFile } from "../../../testing/test-app.js";
import { creditLots } from "../../accounts/credits/credits.tables.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { createEvent, hoursFromNow } from "../../events/events.testing.js";
import { scopeUrl } from "../../guests/guests.testing.js";
import { campaignRecipients, campaigns, senders } from "../campaigns.tables.js";
import { seedCampaign, seedGuests } from "./recipients.testing.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);
const { get, post } = callsAs(t, () => owner);

const validContent = {
  en: { subject: "You are invited", previewText: "", blocks: [{ type: "footer" as const, text: "Acme, Paris" }] },
};

/**
 * A draft invitation ready to go: a verified sender, valid content, `credits` campaign credits on the account, and
 * `guests` not-responded guests (plus one without email), the reader given access to the event.
 */
async function readyCampaign(options: { guests?: number; credits?: number; content?: object } = {}) {
  const db = t.context.db;
  const event = await createEvent(t, owner.token, owner.accountId);
  await t.request({
    method: "PUT",
    url: `/api/v1/accounts/${owner.accountId}/events/${event.id}/administrators/${reader.userId}`,
    token: owner.token,
  });
  const seeds = Array.from({ length: options.guests ?? 3 }, (_, index) => ({
    name: `Guest${index}${event.id.slice(0, 6)}`,
  }));
  const ids = await seedGuests(db, event.id, [...seeds, { name: `NoEmail${event.id.slice(0, 6)}`, email: null }]);
  const [sender] = await db
    .insert(senders)
    .values({ accountId: owner.accountId, email: `news-${event.id.slice(0, 8)}@acme.test`, verifiedAt: new Date() })
    .returning();
  const campaign = await seedCampaign(db, { accountId: owner.accountId, eventId: event.id, type: "invitation" });
  await db
    .update(campaigns)
    .set({ senderId: sender?.id, content: (options.content ?? validContent) as typeof validContent })
    .where(eq(campaigns.id, campaign.id));
  // The account's earlier lots are spent: each campaign here starts from the credits it is given.
  await db.update(creditLots).set({ remaining: 0 }).where(eq(creditLots.accountId, owner.accountId));
  if (options.credits) {
    await db
      .insert(creditLots)
      .values({ accountId: owner.accountId, kind: "campaign", number: options.credits, remaining: options.credits });
  }
  const url = `${scopeUrl(owner.accountId, event.id)}/campaigns/${campaign.id}`;
  return { event, campaign, url, ids };
}

async function recordsOf(campaignId: string) {
  const [row] = await t.context.db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId));
  return Number(row?.count);
}

async function auditActions(campaignId: string) {
  const rows = await t.context.db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(and(eq(auditLogs.targetId, campaignId), sql`${auditLogs.action} like 'campaigns.campaign.%'`));
  return rows.map((row) => row.action).sort();
}

describe("campaign recipients step", () => {
  it("lists every guest with its verdict and saves the selection, all selectable but those ticked off", async () => {
    const { url, ids } = await readyCampaign();
    const list = await get(`${url}/recipients?limit=10`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.total).toBe(4);
    expect(list.body.editable).toBe(true);
    expect(list.body.selection).toEqual({ selectAll: false, guestIds: [] });
    const noEmail = list.body.items.find((item: { email: string | null }) => item.email === null);
    expect(noEmail).toMatchObject({ selectable: false, reason: "email_empty", selected: false });
    expect(list.body.counts).toMatchObject({ guests: 4, selectable: 3, recipients: 0 });

    const [first] = Object.values(ids);
    const saved = await post(`${url}/recipients`, { selectAll: true, guestIds: [first] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ selectable: 3, recipients: 2, excluded: { email_empty: 1 } });
    const selected = await get(`${url}/recipients?selected=true`);
    expect(selected.body.total).toBe(2);
    expect(selected.body.selection).toEqual({ selectAll: true, guestIds: [first] });

    const filtered = await get(`${url}/recipients?reason=email_empty&status=not_responded`);
    expect(filtered.body.total).toBe(1);
    const bad = await get(`${url}/recipients?reason=nope`);
    expect(bad.status).toBe(400);
  });

  it("lets a reader look but not change the selection; another account's organizer gets 404", async () => {
    const { url } = await readyCampaign();
    expect((await get(`${url}/recipients`, reader.token)).status).toBe(200);
    expect((await get(`${url}/summary`, reader.token)).status).toBe(200);
    expect((await post(`${url}/recipients`, { selectAll: true }, reader.token)).status).toBe(403);
    expect((await post(`${url}/send`, {}, reader.token)).status).toBe(403);
    expect((await post(`${url}/cancel`, {}, reader.token)).status).toBe(403);
    for (const path of ["recipients", "summary"]) expect((await get(`${url}/${path}`, other.token)).status).toBe(404);
    for (const path of ["recipients", "send", "cancel"]) {
      expect((await post(`${url}/${path}`, {}, other.token)).status).toBe(404);
    }
    // A campaign id of another event of the same account is not found either.
    const elsewhere = await readyCampaign();
    const crossed = url.replace(/campaigns\/.*$/, `campaigns/${elsewhere.campaign.id}`);
    expect((await get(`${crossed}/summary`)).status).toBe(404);
  });
});

describe("campaign summary", () => {
  it("shows the recipients, the cost, the balance and the missing credits with their number", async () => {
    const { url } = await readyCampaign({ guests: 5, credits: 2 });
    await post(`${url}/recipients`, { selectAll: true });
    const summary = await get(`${url}/summary`);
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body).toMatchObject({ status: "draft", cost: 5, balance: 2, missingCredits: 3, recorded: 0 });
    expect(summary.body.problems.map((problem: { message: string }) => problem.message)).toEqual([
      "You do not have enough credits to send your campaign.",
      "You are missing 3 credits.",
    ]);
    const french = await t.request({ method: "GET", url: `${url}/summary`, token: owner.token, language: "fr" });
    expect(french.body.problems[1].message).toBe("Il vous manque 3 crédits.");
  });

  it("names the content rules a draft breaks and a selection without recipients", async () => {
    const content = { en: { subject: "Hello", previewText: "", blocks: [{ type: "text", text: "No footer" }] } };
    const { url } = await readyCampaign({ credits: 10, content });
    const summary = await get(`${url}/summary`);
    expect(summary.body.problems.map((problem: { code: string }) => problem.code)).toEqual([
      "CAMPAIGN_FOOTER_REQUIRED",
      "CAMPAIGN_NO_RECIPIENTS",
    ]);
  });
});

describe("sending a campaign", () => {
  it("sends now once: records the recipients, reserves the credits, refuses a second send", async () => {
    const { url, campaign } = await readyCampaign({ guests: 3, credits: 10 });
    await post(`${url}/recipients`, { selectAll: true });
    const sent = await post(`${url}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ id: campaign.id, status: "sending", recipients: 3 });
    expect(sent.body.sendingAt).toEqual(expect.any(String));
    expect(await recordsOf(campaign.id)).toBe(3);

    const again = await post(`${url}/send`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "CAMPAIGN_ALREADY_SENT",
      message: "Campaign has already been sent or scheduled.",
    });
    expect((await post(`${url}/recipients`, { selectAll: false })).status).toBe(409);
    const summary = await get(`${url}/summary`);
    expect(summary.body).toMatchObject({ recorded: 3, cost: 3, missingCredits: 0, problems: [] });
    expect(await auditActions(campaign.id)).toContain("campaigns.campaign.sent");
  });

  it("two sends at the same moment: exactly one wins, the other is told it was sent", async () => {
    const { url, campaign } = await readyCampaign({ guests: 4, credits: 10 });
    await post(`${url}/recipients`, { selectAll: true });
    const answers = await Promise.all([post(`${url}/send`, {}), post(`${url}/send`, {}), post(`${url}/send`, {})]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await recordsOf(campaign.id)).toBe(4);
    const reserved = await t.context.db
      .select({ remaining: creditLots.remaining })
      .from(creditLots)
      .where(and(eq(creditLots.accountId, owner.accountId), sql`${creditLots.remaining} > 0`));
    expect(reserved.map((lot) => lot.remaining)).toEqual([6]);
  });

  it("refuses a send the account cannot pay for, with the number of credits missing, and changes nothing", async () => {
    const { url, campaign } = await readyCampaign({ guests: 3, credits: 1 });
    await post(`${url}/recipients`, { selectAll: true });
    const refused = await post(`${url}/send`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "CAMPAIGN_NOT_ENOUGH_CREDITS",
      message: "You do not have enough credits to send your campaign.",
      fields: { credits: "You are missing 2 credits." },
    });
    const scheduled = await post(`${url}/send`, { at: hoursFromNow(24) });
    expect(scheduled.status).toBe(409);
    expect(scheduled.body.error.fields).toEqual({ credits: "You are missing 2 credits." });
    expect(await recordsOf(campaign.id)).toBe(0);
    expect((await get(`${url}/summary`)).body.status).toBe("draft");
  });

  it("refuses a send without recipients, and a campaign breaking the content rules", async () => {
    const { url } = await readyCampaign({ credits: 10 });
    const empty = await post(`${url}/send`, {});
    expect(empty.status).toBe(409);
    expect(empty.body.error.code).toBe("CAMPAIGN_NO_RECIPIENTS");
    const content = { en: { subject: "Hello", previewText: "", blocks: [] } };
    const broken = await readyCampaign({ credits: 10, content });
    await post(`${broken.url}/recipients`, { selectAll: true });
    const refused = await post(`${broken.url}/send`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("A footer is required.");
  });
});

describe("scheduling and cancelling", () => {
  it("schedules for a future date, refuses the past, and cancels a scheduled campaign once", async () => {
    const { url, campaign } = await readyCampaign({ guests: 2, credits: 10 });
    await post(`${url}/recipients`, { selectAll: true });
    const past = await post(`${url}/send`, { at: hoursFromNow(-1) });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({
      code: "CAMPAIGN_SENDING_DATE_PAST",
      fields: { at: "The sending date must be in the future." },
    });
    expect((await post(`${url}/send`, { at: "tomorrow 9am" })).status).toBe(400);
    expect((await post(`${url}/cancel`, {})).body.error).toMatchObject({
      code: "CAMPAIGN_NOT_SCHEDULED",
      message: "Only a scheduled campaign can be cancelled.",
    });

    const at = hoursFromNow(24);
    const scheduled = await post(`${url}/send`, { at });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body).toEqual({ id: campaign.id, status: "scheduled", sendingAt: at, recipients: 2 });
    // Nothing is recorded nor reserved before the sending date.
    expect(await recordsOf(campaign.id)).toBe(0);
    expect((await post(`${url}/send`, {})).body.error.code).toBe("CAMPAIGN_ALREADY_SENT");
    expect((await get(`${url}/summary`)).body).toMatchObject({ status: "scheduled", sendingAt: at });

    const cancelled = await post(`${url}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled" });
    expect((await post(`${url}/cancel`, {})).status).toBe(409);
    expect((await post(`${url}/send`, {})).status).toBe(409);
    expect(await auditActions(campaign.id)).toEqual([
      "campaigns.campaign.cancelled",
      "campaigns.campaign.recipients_selected",
      "campaigns.campaign.scheduled",
    ]);
  });

  it("starts a scheduled campaign at its time, through a sweep queued for it, not at the next minute's", async () => {
    const { url, campaign } = await readyCampaign({ guests: 1, credits: 5 });
    await post(`${url}/recipients`, { selectAll: true });
    const at = new Date(Date.now() + 2_000).toISOString();
    expect((await post(`${url}/send`, { at })).status).toBe(200);
    const queued = await rowsOf<{ count: number }>(
      t.context.db,
      sql`select count(*)::int as count from pgboss.job where name = 'campaigns.sweep' and start_after = ${at}::timestamptz`,
    );
    expect(queued).toEqual([{ count: 1 }]);
    const started = await waitFor(async () => {
      const [row] = await t.context.db
        .select({ at: auditLogs.createdAt })
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, campaign.id), eq(auditLogs.action, "campaigns.campaign.send_started")));
      return row;
    }, "the scheduled campaign to start");
    expect(started.at.getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
  });
});
