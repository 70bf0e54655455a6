import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { hashSecret } from "../../../platform/tokens.js";
import { mailsTo, tenantsForFile, tokenFromMail } from "../../../testing/fixtures.js";
import { testAppForFile } from "../../../testing/test-app.js";
import { accountsApi, auditRows } from "../../accounts/accounts.testing.js";
import { senders } from "../campaigns.tables.js";
import { findVerifiedSender } from "./senders.service.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);
const api = accountsApi(t);
const sendersUrl = (accountId = owner.accountId) => `/accounts/${accountId}/senders`;
const verificationUrl = (token: string) => `/public/senders/verification/${encodeURIComponent(token)}`;

async function latestToken(address: string) {
  const mails = await mailsTo(t, address);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${address}`);
  return { token: tokenFromMail(last), mail: last };
}

describe("senders", () => {
  let senderId: string;
  let token: string;

  test("POST adds an unverified sender and mails it a single-use link (only the link's hash is stored)", async () => {
    const response = await api("POST", sendersUrl(), owner.token, { email: "News@Acme.test", name: "Acme news" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      email: "news@acme.test",
      name: "Acme news",
      verified: false,
      verifiedAt: null,
    });
    senderId = response.body.id;
    const found = await latestToken("news@acme.test");
    token = found.token;
    expect(found.mail.template).toBe("campaigns.sender_verification");
    expect(found.mail.text).toContain("/en/admin/verify-sender?token=");
    expect(found.mail.subject).toBe("Confirm your sender address");
    const [row] = await t.context.db.select().from(senders).where(eq(senders.id, senderId));
    expect(row?.verificationHash).toBe(hashSecret(token));
    const [audit] = await auditRows(t, owner.accountId, "campaigns.sender.created");
    expect(audit).toMatchObject({ targetId: senderId, after: { email: "news@acme.test" } });
  });

  test("a sender address is unique per account, whatever its case: 409 SENDER_EXISTS", async () => {
    const response = await api("POST", sendersUrl(), owner.token, { email: "NEWS@acme.test", name: "" });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe("This sender email already exists.");
    expect(response.body.error.fields).toEqual({ email: "This sender email already exists." });
    // Another account may use the same address.
    const elsewhere = await api("POST", sendersUrl(other.accountId), other.token, { email: "news@acme.test" });
    expect(elsewhere.status).toBe(201);
  });

  test("an invalid address is refused", async () => {
    const response = await api("POST", sendersUrl(), owner.token, { email: "not an address" });
    expect(response.status).toBe(400);
    expect(response.body.error.fields.email).toBe("Invalid email address.");
  });

  test("an unverified sender cannot send: findVerifiedSender answers 409 SENDER_NOT_VERIFIED", async () => {
    await expect(findVerifiedSender(t.context.db, owner.accountId, senderId)).rejects.toMatchObject({
      status: 409,
      code: "SENDER_NOT_VERIFIED",
    });
    await expect(findVerifiedSender(t.context.db, owner.accountId, null)).rejects.toMatchObject({
      code: "SENDER_NOT_VERIFIED",
    });
    await expect(findVerifiedSender(t.context.db, owner.accountId, "not-a-uuid")).rejects.toMatchObject({
      code: "SENDER_NOT_VERIFIED",
    });
  });

  test("the link shows the address, verifies it once, then is used up", async () => {
    const shown = await t.request({ method: "GET", url: `/api/v1${verificationUrl(token)}` });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ email: "news@acme.test", accountName: "Acme Events" });
    const verified = await t.request({ method: "POST", url: `/api/v1${verificationUrl(token)}` });
    expect(verified.status).toBe(200);
    const again = await t.request({ method: "POST", url: `/api/v1${verificationUrl(token)}` });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe("This link is invalid or has expired. Please ask for a new one.");
    const list = await api("GET", sendersUrl(), owner.token);
    expect(list.body.items).toEqual([expect.objectContaining({ id: senderId, verified: true })]);
    const sender = await findVerifiedSender(t.context.db, owner.accountId, senderId);
    expect(sender.email).toBe("news@acme.test");
    // Another account's campaign cannot use it.
    await expect(findVerifiedSender(t.context.db, other.accountId, senderId)).rejects.toMatchObject({
      code: "SENDER_NOT_VERIFIED",
    });
  });

  test("an expired link and a made-up one are refused; resending mails a new link and the old one stops", async () => {
    const created = await api("POST", sendersUrl(), owner.token, { email: "late@acme.test" });
    const first = (await latestToken("late@acme.test")).token;
    await t.context.db
      .update(senders)
      .set({ verificationSentAt: sql`now() - interval '73 hours'` })
      .where(eq(senders.id, created.body.id));
    expect((await t.request({ method: "GET", url: `/api/v1${verificationUrl(first)}` })).status).toBe(400);
    expect((await t.request({ method: "POST", url: `/api/v1${verificationUrl("sv_madeupmadeup")}` })).status).toBe(400);

    const resent = await api("POST", `${sendersUrl()}/${created.body.id}/verification`, owner.token);
    expect(resent.status).toBe(200);
    const second = (await latestToken("late@acme.test")).token;
    expect(second).not.toBe(first);
    expect((await t.request({ method: "POST", url: `/api/v1${verificationUrl(first)}` })).status).toBe(400);
    expect((await t.request({ method: "POST", url: `/api/v1${verificationUrl(second)}` })).status).toBe(200);
  });

  test("a reader lists senders but cannot add, resend or delete one", async () => {
    expect((await api("GET", sendersUrl(), reader.token)).status).toBe(200);
    const created = await api("POST", sendersUrl(), reader.token, { email: "reader@acme.test" });
    expect(created.status).toBe(403);
    expect((await api("POST", `${sendersUrl()}/${senderId}/verification`, reader.token)).status).toBe(403);
    expect((await api("DELETE", `${sendersUrl()}/${senderId}`, reader.token)).status).toBe(403);
  });

  test("another account's user gets 404 on the account's senders", async () => {
    expect((await api("GET", sendersUrl(), other.token)).status).toBe(404);
    expect((await api("POST", sendersUrl(), other.token, { email: "x@acme.test" })).status).toBe(404);
    expect((await api("DELETE", `${sendersUrl()}/${senderId}`, other.token)).status).toBe(404);
    // Its own account's path with our sender's id: not found either.
    expect((await api("DELETE", `${sendersUrl(other.accountId)}/${senderId}`, other.token)).status).toBe(404);
  });

  test("DELETE removes a sender, audited", async () => {
    const response = await api("DELETE", `${sendersUrl()}/${senderId}`, owner.token);
    expect(response.status).toBe(200);
    const list = await api("GET", sendersUrl(), owner.token);
    expect(list.body.items.map((item: { id: string }) => item.id)).not.toContain(senderId);
    const [audit] = await auditRows(t, owner.accountId, "campaigns.sender.deleted");
    expect(audit).toMatchObject({ targetId: senderId, before: { email: "news@acme.test", verified: true } });
  });
});
