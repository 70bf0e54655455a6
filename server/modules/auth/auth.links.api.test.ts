import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { hashSecret, newSecret } from "../../platform/tokens.js";
import { mailsTo, registerAccount, testPassword, tokenFromMail } from "../../testing/fixtures.js";
import { testAppForFile } from "../../testing/test-app.js";
import { accountMembers, accounts, apiKeys } from "../accounts/accounts.tables.js";
import { auditLogs } from "../audit/audit.tables.js";
import { inviteOrganizer } from "./auth.service.js";
import { users } from "./auth.tables.js";

const t = testAppForFile();

const linkInvalid = "This link is invalid or has expired. Please ask for a new one.";
const post = (url: string, body: unknown, language?: string) =>
  t.request({ method: "POST", url: `/api/v1${url}`, body, language });

async function lastMailTo(address: string) {
  const mail = (await mailsTo(t, address)).at(-1);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

describe("two-factor sign-in (login link by mail)", () => {
  let owner: Awaited<ReturnType<typeof registerAccount>>;
  beforeAll(async () => {
    owner = await registerAccount(t, { email: "careful@example.test" });
    await t.context.db.update(accounts).set({ twoFactor: true }).where(eq(accounts.id, owner.accountId));
  });

  test("a right password mails a single-use link instead of opening a session", async () => {
    const response = await post("/auth/login", { email: owner.email, password: testPassword }, "fr");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(response.body.token).toBeUndefined();

    const mail = await lastMailTo(owner.email);
    expect(mail).toMatchObject({ template: "auth.login_link", subject: "Votre lien de connexion", language: "fr" });
    expect(mail.text).toMatch(/\/fr\/admin\/sending-token\?token=/);
    const token = tokenFromMail(mail);

    const session = await post("/auth/login-token", { token });
    expect(session.status).toBe(200);
    expect(session.body.user.id).toBe(owner.userId);
    const me = await t.request({ method: "GET", url: "/api/v1/auth/me", token: session.body.token });
    expect(me.status).toBe(200);

    const again = await post("/auth/login-token", { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: "LINK_INVALID", message: linkInvalid });
    // The pending sign-in is over: its challenge cannot ask for more links.
    expect((await post("/auth/send-token", { challenge: response.body.challenge })).status).toBe(400);
  });

  test("a wrong password still answers 401 and mails nothing", async () => {
    const before = (await mailsTo(t, owner.email)).length;
    const response = await post("/auth/login", { email: owner.email, password: "Wrong&Password1" });
    expect(response.status).toBe(401);
    expect(await mailsTo(t, owner.email)).toHaveLength(before);
  });

  test("send-token mails a new link and the previous one stops working", async () => {
    const login = await post("/auth/login", { email: owner.email, password: testPassword });
    const { challenge } = login.body;
    const sentBefore = (await mailsTo(t, owner.email)).length;
    const first = tokenFromMail(await lastMailTo(owner.email));

    const resend = await post("/auth/send-token", { challenge }, "es");
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ ok: true });
    expect(await mailsTo(t, owner.email)).toHaveLength(sentBefore + 1);
    const resent = await lastMailTo(owner.email);
    expect(resent).toMatchObject({ template: "auth.login_link", subject: "Su enlace de inicio de sesión" });
    const second = tokenFromMail(resent);

    expect((await post("/auth/login-token", { token: first })).status).toBe(400);
    expect((await post("/auth/login-token", { token: second })).status).toBe(200);
  });

  test("an unknown challenge or token is refused", async () => {
    const challenge = await post("/auth/send-token", { challenge: "made-up" });
    expect(challenge.status).toBe(400);
    expect(challenge.body.error.message).toBe(linkInvalid);
    expect((await post("/auth/login-token", { token: "made-up" })).status).toBe(400);
    expect((await post("/auth/login-token", { token: "" })).body.error.message).toBe(linkInvalid);
  });
});

describe("invitation of an organizer", () => {
  async function invite(email: string) {
    const owner = await registerAccount(t, { accountName: "Inviting Co" });
    const [invited] = await t.context.db.insert(users).values({ email }).returning();
    if (!invited) throw new Error("insert failed");
    await t.context.db.transaction(async (tx) => {
      await tx.insert(accountMembers).values({ accountId: owner.accountId, userId: invited.id, role: "organizer" });
      await inviteOrganizer(t.context, tx, {
        userId: invited.id,
        email,
        language: "en",
        accountId: owner.accountId,
        accountName: "Inviting Co",
        inviterName: "Olivia Owner",
      });
    });
    await t.context.mailer.kick();
    const [mail] = await mailsTo(t, email);
    if (!mail) throw new Error("no invitation mail");
    return { owner, invited, mail, token: tokenFromMail(mail) };
  }

  const completion = (token: string) => ({
    token,
    firstName: "Ines",
    lastName: "Invited",
    password: testPassword,
    passwordConfirmation: testPassword,
  });

  test("the link shows who invites whom, completes the registration once, then sign-in works", async () => {
    const { owner, invited, mail, token } = await invite("ines@example.test");
    expect(mail).toMatchObject({
      template: "auth.invitation",
      subject: "You are invited to organize events with Inviting Co",
      accountId: owner.accountId,
    });
    expect(mail.text).toMatch(/\/en\/admin\/register-admin\?token=/);

    const shown = await t.request({
      method: "GET",
      url: `/api/v1/auth/invitation?token=${encodeURIComponent(token)}`,
    });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ email: "ines@example.test", accountName: "Inviting Co", firstName: "", lastName: "" });

    const done = await post("/auth/register-admin", { ...completion(token), language: "fr" });
    expect(done.status).toBe(201);
    expect(done.body.user).toMatchObject({ id: invited.id, firstName: "Ines", lastName: "Invited", language: "fr" });
    const me = await t.request({ method: "GET", url: "/api/v1/auth/me", token: done.body.token });
    expect(me.body.memberships).toEqual([
      { accountId: owner.accountId, accountName: "Inviting Co", role: "organizer" },
    ]);
    const [audit] = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, invited.id));
    expect(audit).toMatchObject({ action: "auth.invitation.accepted", accountId: owner.accountId });

    const again = await post("/auth/register-admin", completion(token));
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toEqual({ token: linkInvalid });
    const reread = await t.request({
      method: "GET",
      url: `/api/v1/auth/invitation?token=${encodeURIComponent(token)}`,
    });
    expect(reread.status).toBe(400);

    const login = await post("/auth/login", { email: "ines@example.test", password: testPassword });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(invited.id);
  });

  test("an invited user cannot sign in before completing, and the rules apply to the completion", async () => {
    const { token } = await invite("ivan@example.test");
    expect((await post("/auth/login", { email: "ivan@example.test", password: testPassword })).status).toBe(401);

    const weak = await post("/auth/register-admin", {
      ...completion(token),
      password: "weak",
      passwordConfirmation: "weak",
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.password).toMatch(/^The password needs at least 12 characters/);
    const missing = await post("/auth/register-admin", { ...completion(token), firstName: "" }, "fr");
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ firstName: "Ce champ est obligatoire." });
    expect((await post("/auth/register-admin", completion(token))).status).toBe(201);
  });

  test("a new invitation replaces the previous link; unknown tokens are refused", async () => {
    const { owner, invited, token } = await invite("iris@example.test");
    await t.context.db.transaction((tx) =>
      inviteOrganizer(t.context, tx, {
        userId: invited.id,
        email: invited.email,
        language: "es",
        accountId: owner.accountId,
        accountName: "Inviting Co",
        inviterName: "Olivia Owner",
      }),
    );
    expect((await t.request({ method: "GET", url: `/api/v1/auth/invitation?token=${token}` })).status).toBe(400);
    const unknown = await t.request({ method: "GET", url: "/api/v1/auth/invitation?token=made-up", language: "es" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe("Este enlace no es válido o ha caducado. Solicite uno nuevo.");
    expect((await t.request({ method: "GET", url: "/api/v1/auth/invitation" })).status).toBe(400);
  });
});

describe("API keys", () => {
  test("a key is no user: /auth/me answers 403; a revoked key answers 401", async () => {
    const owner = await registerAccount(t);
    const secret = newSecret("ak_");
    const [key] = await t.context.db
      .insert(apiKeys)
      .values({
        accountId: owner.accountId,
        name: "CRM sync",
        prefix: secret.slice(0, 8),
        keyHash: hashSecret(secret),
        createdBy: owner.userId,
      })
      .returning();

    const me = await t.request({ method: "GET", url: "/api/v1/auth/me", token: secret });
    expect(me.status).toBe(403);
    expect(me.body.error).toEqual({ code: "FORBIDDEN", message: "You are not allowed to do this." });
    const [used] = await t.context.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, key?.id ?? ""));
    expect(used?.lastUsedAt).not.toBeNull();

    await t.context.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.id, key?.id ?? ""));
    const revoked = await t.request({ method: "GET", url: "/api/v1/auth/me", token: secret });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe("UNAUTHENTICATED");
    expect((await t.request({ method: "GET", url: "/api/v1/auth/me", token: "ak_made-up" })).status).toBe(401);
  });
});
