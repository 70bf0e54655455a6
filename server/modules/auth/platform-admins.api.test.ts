import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../config.js";
import { mailsTo, registerAccount, signIn, testPassword, tokenFromMail } from "../../testing/fixtures.js";
import { testAppForFile } from "../../testing/test-app.js";
import { accounts } from "../accounts/accounts.tables.js";
import { auditLogs } from "../audit/audit.tables.js";
import { users } from "./auth.tables.js";
import { reservePlatformAdminAddresses } from "./platform-admins.js";

// Spaces, capitals and an empty entry, as an operator may type the list.
const t = testAppForFile({ PLATFORM_ADMIN_EMAILS: "  Root@Example.TEST , ,deputy@example.test " });

const post = (url: string, body: unknown, token?: string) =>
  t.request({ method: "POST", url: `/api/v1${url}`, body, token });

/** A route only platform administrators may call: creating a customer's account. */
const createAccount = (token: string) => post("/accounts", { name: `Customer ${Math.random()}` }, token);

/** "Forgot your password?" then the mailed link, as the owner of the address does. */
async function resetPasswordByMail(email: string, password = testPassword) {
  const before = (await mailsTo(t, email)).length;
  expect((await post("/auth/forgot-password", { email })).status).toBe(200);
  const mails = await mailsTo(t, email);
  expect(mails).toHaveLength(before + 1);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no reset mail to ${email}`);
  const reset = await post("/auth/reset-password", {
    token: tokenFromMail(mail),
    password,
    passwordConfirmation: password,
  });
  expect(reset.status).toBe(200);
}

const userByEmail = async (email: string) => (await t.context.db.select().from(users).where(eq(users.email, email)))[0];

/** The operator lists one more address and starts the server again. */
async function listAndRestart(email: string) {
  t.context.config.platformAdminEmails.push(email);
  await reservePlatformAdminAddresses(t.context);
}

describe("PLATFORM_ADMIN_EMAILS", () => {
  test("is read lower-cased and trimmed, without empty entries; an entry that is no address stops the start", () => {
    expect(loadConfig({ PLATFORM_ADMIN_EMAILS: " A@Example.test,, b@example.TEST " }).platformAdminEmails).toEqual([
      "a@example.test",
      "b@example.test",
    ]);
    expect(loadConfig({}).platformAdminEmails).toEqual([]);
    expect(loadConfig({ PLATFORM_ADMIN_EMAILS: "" }).platformAdminEmails).toEqual([]);
    expect(() => loadConfig({ PLATFORM_ADMIN_EMAILS: "a@example.test, root" })).toThrow(
      "list email addresses, comma-separated",
    );
  });

  test("a listed address gets a platform administrator at start, who sets the password through the mailed link", async () => {
    const reserved = await userByEmail("root@example.test");
    expect(reserved).toMatchObject({ isPlatformAdmin: true, passwordHash: null });
    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "auth.platform_admin.granted"), eq(auditLogs.targetId, reserved?.id ?? "")));
    expect(audit).toMatchObject({ actorLabel: "PLATFORM_ADMIN_EMAILS", after: { email: "root@example.test" } });

    // Nobody else can register the address meanwhile: it is taken.
    const squatter = await post("/auth/register", {
      email: "ROOT@example.test",
      password: testPassword,
      passwordConfirmation: testPassword,
      firstName: "Mallory",
      lastName: "Squatter",
      accountName: "Mallory's",
    });
    expect(squatter.status).toBe(400);
    expect(squatter.body.error.fields).toHaveProperty("email");

    await resetPasswordByMail("root@example.test");
    const token = await signIn(t, "Root@Example.test");
    const me = await t.request({ method: "GET", url: "/api/v1/auth/me", token });
    expect(me.body.user).toMatchObject({ email: "root@example.test", isPlatformAdmin: true });
    expect((await createAccount(token)).status).toBe(201);
    const everyone = await t.request({ method: "GET", url: "/api/v1/administrators", token });
    expect(everyone.status).toBe(200);
  });

  test("an unlisted user stays out of the platform-admin routes", async () => {
    const owner = await registerAccount(t, { email: "owner@example.test" });
    expect((await createAccount(owner.token)).status).toBe(403);
    expect((await userByEmail(owner.email))?.isPlatformAdmin).toBe(false);
  });

  test("a user who registered a later listed address is no administrator by password, only once a mailed link is followed", async () => {
    const early = await registerAccount(t, { email: "early@example.test" });
    await listAndRestart("early@example.test");
    // Registration proves nothing about the address: whoever registered it first may not own it.
    expect((await createAccount(await signIn(t, early.email))).status).toBe(403);

    await resetPasswordByMail(early.email);
    const token = await signIn(t, early.email);
    expect((await createAccount(token)).status).toBe(201);
    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "auth.platform_admin.granted"), eq(auditLogs.targetId, early.userId)));
    expect(audit?.after).toEqual({ email: "early@example.test" });
  });

  test("an email login link (two-factor sign-in) to a listed address makes its user administrator", async () => {
    const careful = await registerAccount(t, { email: "careful@example.test" });
    await t.context.db.update(accounts).set({ twoFactor: true }).where(eq(accounts.id, careful.accountId));
    await listAndRestart("careful@example.test");

    const login = await post("/auth/login", { email: careful.email, password: testPassword });
    expect(login.body.twoFactorRequired).toBe(true);
    const mail = (await mailsTo(t, careful.email)).at(-1);
    if (!mail) throw new Error("no login link");
    const session = await post("/auth/login-token", { token: tokenFromMail(mail) });
    expect(session.status).toBe(200);
    expect(session.body.user.isPlatformAdmin).toBe(true);
    expect((await createAccount(session.body.token)).status).toBe(201);
  });

  test("a restart creates no second user for a listed address", async () => {
    await reservePlatformAdminAddresses(t.context);
    const deputies = await t.context.db.select().from(users).where(eq(users.email, "deputy@example.test"));
    expect(deputies).toHaveLength(1);
  });
});
