import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { storedFiles } from "../../../platform/files.tables.js";
import { registerAccount } from "../../../testing/fixtures.js";
import { header, startSmtpServer, waitFor } from "../../../testing/smtp.js";
import { startTestApp, type TestApp } from "../../../testing/test-app.js";
import { creditLots } from "../../accounts/credits/credits.tables.js";
import { eventDomains, events } from "../../events/events.tables.js";
import { createEvent } from "../../events/events.testing.js";
import { guests } from "../../guests/guests.tables.js";
import { invitationToken } from "../../guests/invitation-links.js";
import { campaignEvents, campaignRecipients, campaigns, errorMails } from "../campaigns.tables.js";
import { clickSignature, recipientToken, trackingSecret } from "../tracking/tracking-links.js";
import { spentCredits } from "./campaign-send.js";
import { seedSendableCampaign, startSend } from "./sending.testing.js";

/** A raw message's HTML part, quoted-printable decoded. */
function htmlOf(raw: string): string {
  const start = raw.search(/Content-Type: text\/html/i);
  const part = raw.slice(start);
  const body = part.slice(part.search(/\r?\n\r?\n/)).split(/\r?\n--/)[0] ?? "";
  return body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_hex, code: string) => String.fromCharCode(Number.parseInt(code, 16)));
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
const webhookSecret = "webhook-secret-for-tests-0123456789";
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    CAMPAIGN_BATCH_SIZE: "20",
    CAMPAIGN_WEBHOOK_SECRET: webhookSecret,
    PUBLIC_URL: "https://events.example.test",
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function accountWithEvent() {
  const owner = await registerAccount(t);
  const event = await createEvent(t, owner.token, owner.accountId, { preferredLanguage: "en", languages: ["en"] });
  return { owner, scope: { accountId: owner.accountId, eventId: event.id }, event };
}

const recordsOf = (campaignId: string) =>
  t.context.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));

const campaignOf = async (campaignId: string) =>
  (await t.context.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0];

describe("a campaign of 50 guests, one of whom bounces", () => {
  let campaignId = "";
  let accountId = "";
  let eventSlug = "";
  beforeAll(async () => {
    const { scope, event } = await accountWithEvent();
    accountId = scope.accountId;
    eventSlug = event.slug;
    const campaign = await seedSendableCampaign(t.context.db, scope, {
      count: 50,
      credits: 60,
      prefix: "fifty",
      emailOf: (index) => (index === 7 ? "bounce-seven@example.test" : `fifty-${index}@example.test`),
    });
    campaignId = campaign.id;
    expect(await startSend(t.context, campaign)).toBe(50);
    await waitFor(
      async () => ((await campaignOf(campaignId))?.status === "sent" ? true : undefined),
      "the campaign to end",
      60_000,
    );
  }, 90_000);

  test("every guest got exactly one personalised mail with unsubscribe headers and tracked links", async () => {
    const received = smtp.received.filter((m) => m.to.some((to) => to.startsWith("fifty-")));
    expect(received).toHaveLength(49);
    const byAddress = new Map(received.map((m) => [m.to[0], m]));
    expect(byAddress.size).toBe(49);
    const records = await recordsOf(campaignId);
    const record = records.find((r) => r.email === "fifty-3@example.test");
    const mail = byAddress.get("fifty-3@example.test");
    if (!mail || !record) throw new Error("no mail to fifty-3");
    expect(header(mail.raw, "Subject")).toBe("Invitation First3 (en)");
    expect(mail.from).toMatch(/^news-.*@sender\.test$/);
    expect(header(mail.raw, "From")).toContain("Spring gala");
    expect(header(mail.raw, "Message-ID")).toBe(`<${record.id}@sender.test>`);
    const secret = await trackingSecret(t.context);
    const token = recipientToken(secret, record.id);
    const unsubscribe = `https://events.example.test/api/v1/t/u/${token}`;
    expect(header(mail.raw, "List-Unsubscribe")).toBe(`<${unsubscribe}>`);
    expect(header(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const html = htmlOf(mail.raw);
    expect(html).toContain("Hello First3 Last3");
    expect(html).toContain(`https://events.example.test/api/v1/t/o/${token}`);
    // The programme link and the registration link lead through a signed click link; the unsubscribe link does not.
    const programme = "https://example.org/programme?day=1&room=2";
    const click = `https://events.example.test/api/v1/t/c/${token}?u=${encodeURIComponent(programme)}&amp;s=${clickSignature(secret, token, programme)}`;
    expect(html).toContain(click);
    // The registration link is the guest's personal one: the event page with the guest's signed invitation.
    if (!record.guestId) throw new Error("no guest of fifty-3");
    const registration = `https://events.example.test/en/${eventSlug}?invitation=${invitationToken(secret, record.guestId)}`;
    expect(html).toContain(`u=${encodeURIComponent(registration)}&amp;`);
    expect(html).not.toContain(`href="${programme.replace("&", "&amp;")}"`);
    expect(html).toContain(unsubscribe);
  });

  test("records, guests, events and credits: 49 sent and spent, the bounce recorded and its credit given back", async () => {
    const records = await recordsOf(campaignId);
    expect(records).toHaveLength(50);
    const sent = records.filter((r) => r.status === "sent");
    expect(sent).toHaveLength(49);
    expect(sent.every((r) => r.sentAt && r.messageId && r.leaseUntil === null)).toBe(true);
    const bounced = records.find((r) => r.email === "bounce-seven@example.test");
    expect(bounced).toMatchObject({ status: "bounce", sentAt: null });
    expect(bounced?.lastError).toMatch(/550/);

    const campaign = await campaignOf(campaignId);
    expect(campaign).toMatchObject({ status: "sent", reservedCredits: 50 });
    expect(campaign?.sentAt).not.toBeNull();
    expect(await spentCredits(t.context.db, campaignId)).toBe(49);
    const [lot] = await t.context.db.select().from(creditLots).where(eq(creditLots.accountId, accountId));
    expect(lot?.remaining).toBe(60 - 49);

    const kinds = await t.context.db
      .select({ kind: campaignEvents.kind, count: sql<number>`count(*)::int` })
      .from(campaignEvents)
      .where(eq(campaignEvents.campaignId, campaignId))
      .groupBy(campaignEvents.kind);
    expect(Object.fromEntries(kinds.map((k) => [k.kind, Number(k.count)]))).toEqual({ sent: 49, bounce: 1 });

    const statuses = await t.context.db
      .select({ email: guests.email, mailStatus: guests.mailStatus })
      .from(guests)
      .where(eq(guests.eventId, campaign?.eventId ?? ""));
    expect(statuses.filter((g) => g.mailStatus === "sent")).toHaveLength(49);
    expect(statuses.find((g) => g.email === "bounce-seven@example.test")?.mailStatus).toBe("bounce");

    const [rejected] = await t.context.db
      .select()
      .from(errorMails)
      .where(and(eq(errorMails.accountId, accountId), eq(errorMails.email, "bounce-seven@example.test")));
    expect(rejected).toMatchObject({ reason: "bounce", campaignId });
    expect(rejected?.detail).toMatch(/550/);
  });

  test("a campaign sent cannot be sent again", async () => {
    await expect(startSend(t.context, { id: campaignId, accountId })).rejects.toMatchObject({
      code: "CAMPAIGN_ALREADY_SENT",
    });
  });

  describe("tracking", () => {
    const recordOf = async (email: string) => {
      const record = (await recordsOf(campaignId)).find((r) => r.email === email);
      if (!record) throw new Error(`no record for ${email}`);
      return { record, token: recipientToken(await trackingSecret(t.context), record.id) };
    };
    const guestStatus = async (email: string) =>
      (await t.context.db.select({ s: guests.mailStatus }).from(guests).where(eq(guests.email, email)))[0]?.s;

    test("the open pixel answers a GIF that is never cached and marks the mail opened", async () => {
      const { record, token } = await recordOf("fifty-10@example.test");
      const response = await t.request({ method: "GET", url: `/api/v1/t/o/${token}` });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("image/gif");
      expect(response.headers["cache-control"]).toContain("no-store");
      await t.request({ method: "GET", url: `/api/v1/t/o/${token}` });
      const [after] = await t.context.db.select().from(campaignRecipients).where(eq(campaignRecipients.id, record.id));
      expect(after).toMatchObject({ status: "opened", openCount: 2 });
      expect(after?.openedAt).not.toBeNull();
      expect(await guestStatus("fifty-10@example.test")).toBe("opened");
      // A made-up token gets the same pixel and changes nothing.
      const forged = await t.request({ method: "GET", url: `/api/v1/t/o/${record.id}.AAAAAAAAAAAAAAAAAAAAAA` });
      expect(forged.status).toBe(200);
    });

    test("a click redirects only to the URL the mail signed", async () => {
      const { record, token } = await recordOf("fifty-11@example.test");
      const secret = await trackingSecret(t.context);
      const url = "https://example.org/programme?day=1&room=2";
      const good = await t.request({
        method: "GET",
        url: `/api/v1/t/c/${token}?u=${encodeURIComponent(url)}&s=${clickSignature(secret, token, url)}`,
      });
      expect(good.status).toBe(302);
      expect(good.headers.location).toBe(url);
      const [after] = await t.context.db.select().from(campaignRecipients).where(eq(campaignRecipients.id, record.id));
      expect(after).toMatchObject({ status: "clicked", clickCount: 1 });
      expect(await guestStatus("fifty-11@example.test")).toBe("clicked");

      const elsewhere = "https://evil.example.com/";
      const forged = await t.request({
        method: "GET",
        url: `/api/v1/t/c/${token}?u=${encodeURIComponent(elsewhere)}&s=${clickSignature(secret, token, url)}`,
      });
      expect(forged.status).toBe(400);
      expect(forged.body.error.message).toBe("This link is invalid or has expired. Please ask for a new one.");
      const otherKey = createHmac("sha256", "guess").update(elsewhere).digest("base64url").slice(0, 22);
      const guessed = await t.request({
        method: "GET",
        url: `/api/v1/t/c/${token}?u=${encodeURIComponent(elsewhere)}&s=${otherKey}`,
      });
      expect(guessed.status).toBe(400);
      // An opened mail clicked stays clicked when opened again: statuses only move forward.
      await t.request({ method: "GET", url: `/api/v1/t/o/${token}` });
      expect(await guestStatus("fifty-11@example.test")).toBe("clicked");
    });

    test("unsubscribe: the page asks, the RFC 8058 one-click POST unsubscribes", async () => {
      const { record, token } = await recordOf("fifty-12@example.test");
      const page = await t.request({ method: "GET", url: `/api/v1/t/u/${token}` });
      expect(page.status).toBe(200);
      expect(page.body).toContain('<form method="post">');
      expect(await guestStatus("fifty-12@example.test")).toBe("sent");
      const response = await t.app.inject({
        method: "POST",
        url: `/api/v1/t/u/${token}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(response.statusCode).toBe(200);
      const [after] = await t.context.db.select().from(campaignRecipients).where(eq(campaignRecipients.id, record.id));
      expect(after?.status).toBe("unsubscribed");
      expect(await guestStatus("fifty-12@example.test")).toBe("unsubscribed");
      const [rejected] = await t.context.db
        .select()
        .from(errorMails)
        .where(and(eq(errorMails.accountId, accountId), eq(errorMails.email, "fifty-12@example.test")));
      expect(rejected?.reason).toBe("unsubscribed");
      // An open after it does not bring the status back.
      await t.request({ method: "GET", url: `/api/v1/t/o/${token}` });
      expect(await guestStatus("fifty-12@example.test")).toBe("unsubscribed");
      expect((await t.request({ method: "POST", url: `/api/v1/t/u/${record.id}.nope` })).status).toBe(404);
    });

    test("the provider's webhook: refused without the right signature, applied with it", async () => {
      const { record } = await recordOf("fifty-13@example.test");
      const body = JSON.stringify({
        events: [
          { event: "delivered", messageId: record.messageId },
          { event: "bounce", messageId: "<not-ours@elsewhere.test>" },
        ],
      });
      const post = (signature: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/v1/t/webhook",
          headers: { "content-type": "application/json", "x-campaign-signature": signature },
          payload: body,
        });
      expect((await post("sha256=0000")).statusCode).toBe(401);
      const wrongKey = createHmac("sha256", "another-secret-of-some-length").update(body).digest("hex");
      expect((await post(wrongKey)).statusCode).toBe(401);
      const good = await post(`sha256=${createHmac("sha256", webhookSecret).update(body).digest("hex")}`);
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({ received: 1 });
      const [after] = await t.context.db.select().from(campaignRecipients).where(eq(campaignRecipients.id, record.id));
      expect(after?.status).toBe("delivered");
      expect(after?.deliveredAt).not.toBeNull();
      expect(await guestStatus("fifty-13@example.test")).toBe("delivered");

      const blocked = JSON.stringify({ event: "blocked", messageId: record.messageId, detail: "554 spam" });
      const signed = createHmac("sha256", webhookSecret).update(blocked).digest("hex");
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/v1/t/webhook",
        headers: { "content-type": "application/json", "x-campaign-signature": signed },
        payload: blocked,
      });
      expect(answer.statusCode).toBe(200);
      expect(await guestStatus("fifty-13@example.test")).toBe("blocked");
    });
  });
});

describe("white label", () => {
  /** Sends a two-guest campaign of an event reachable at `domain`, white-labelled for campaigns or not. */
  async function sentThrough(domain: string, whiteLabelCampaigns: boolean) {
    const { scope } = await accountWithEvent();
    await t.context.db.insert(eventDomains).values({ domain, eventId: scope.eventId });
    await t.context.db
      .update(events)
      .set({ whiteLabel: { event: false, mails: false, campaigns: whiteLabelCampaigns } })
      .where(eq(events.id, scope.eventId));
    const prefix = domain.split(".")[0] ?? "";
    const campaign = await seedSendableCampaign(t.context.db, scope, { count: 2, credits: 2, prefix });
    await startSend(t.context, campaign);
    const [mail] = await waitFor(async () => {
      const received = smtp.received.filter((m) => m.to.some((to) => to.startsWith(`${prefix}-`)));
      return received.length === 2 ? received : undefined;
    }, "the white-label campaign's mails");
    const [record] = (await recordsOf(campaign.id)).filter((r) => r.email === mail?.to[0]);
    if (!mail || !record?.guestId) throw new Error("no mail or record");
    return { html: htmlOf(mail.raw), raw: mail.raw, token: recipientToken(await trackingSecret(t.context), record.id) };
  }

  test("a campaign under white label links through the event's own domain, where its links answer", async () => {
    const { html, raw, token } = await sentThrough("news.gala.test", true);
    expect(header(raw, "List-Unsubscribe")).toBe(`<https://news.gala.test/api/v1/t/u/${token}>`);
    expect(html).toContain(`https://news.gala.test/api/v1/t/o/${token}`);
    expect(html).toContain(`https://news.gala.test/api/v1/t/c/${token}?u=`);
    expect(html).toContain(encodeURIComponent("https://news.gala.test/en?invitation="));
    expect(html).not.toContain("events.example.test");
    const opened = await t.request({ method: "GET", url: `/api/v1/t/o/${token}`, headers: { host: "news.gala.test" } });
    expect([opened.status, opened.headers["content-type"]]).toEqual([200, "image/gif"]);
  });

  test("without it, the same event's campaign names the platform", async () => {
    const { html, token } = await sentThrough("plain.gala.test", false);
    expect(html).toContain(`https://events.example.test/api/v1/t/o/${token}`);
    expect(html).not.toContain("plain.gala.test");
  });
});

describe("sending refusals", () => {
  test("too few credits: nothing is recorded, the campaign stays a draft", async () => {
    const { scope } = await accountWithEvent();
    const campaign = await seedSendableCampaign(t.context.db, scope, { count: 5, credits: 3, prefix: "short" });
    await expect(startSend(t.context, campaign)).rejects.toMatchObject({ code: "CAMPAIGN_NOT_ENOUGH_CREDITS" });
    expect(await recordsOf(campaign.id)).toHaveLength(0);
    expect((await campaignOf(campaign.id))?.status).toBe("draft");
  });
});

describe("scheduled", () => {
  test("the sweep starts a scheduled campaign whose time has come, once", async () => {
    const { scope } = await accountWithEvent();
    const campaign = await seedSendableCampaign(t.context.db, scope, { count: 3, credits: 3, prefix: "sched" });
    await t.context.db
      .update(campaigns)
      .set({ status: "scheduled", sendingAt: new Date(Date.now() - 1000) })
      .where(eq(campaigns.id, campaign.id));
    const { sweepCampaigns } = await import("./campaign-sweep.js");
    await Promise.all([sweepCampaigns(t.context), sweepCampaigns(t.context)]);
    await waitFor(
      async () => ((await campaignOf(campaign.id))?.status === "sent" ? true : undefined),
      "the scheduled campaign to be sent",
      30_000,
    );
    const received = smtp.received.filter((m) => m.to.some((to) => to.startsWith("sched-")));
    expect(received).toHaveLength(3);
  });
});

describe("attachments", () => {
  test("every mail carries the campaign's attached files", async () => {
    const { scope } = await accountWithEvent();
    const campaign = await seedSendableCampaign(t.context.db, scope, { count: 2, credits: 2, prefix: "attached" });
    const bytes = Buffer.from("%PDF-1.4\nprogramme\n%%EOF\n");
    await t.context.files.put(`campaigns/${campaign.id}/programme.pdf`, bytes);
    const [file] = await t.context.db
      .insert(storedFiles)
      .values({
        eventId: scope.eventId,
        purpose: "campaign.attachment",
        name: "programme.pdf",
        contentType: "application/pdf",
        size: bytes.length,
        storageKey: `campaigns/${campaign.id}/programme.pdf`,
      })
      .returning({ id: storedFiles.id });
    await t.context.db
      .update(campaigns)
      .set({ attachmentIds: [file?.id ?? ""] })
      .where(eq(campaigns.id, campaign.id));
    await startSend(t.context, campaign);
    await waitFor(
      async () => ((await campaignOf(campaign.id))?.status === "sent" ? true : undefined),
      "the campaign with an attachment to be sent",
      30_000,
    );
    const received = smtp.received.filter((m) => m.to.some((to) => to.startsWith("attached-")));
    expect(received).toHaveLength(2);
    for (const mail of received) {
      expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=programme\.pdf/i);
      expect(mail.raw).toContain(bytes.toString("base64").slice(0, 20));
    }
  });
});
