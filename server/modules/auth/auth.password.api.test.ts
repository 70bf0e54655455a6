import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { mailsTo, registerAccount, signIn, testPassword, tokenFromMail } from "../../testing/fixtures.js";
import { testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { userTokens } from "./auth.tables.js";

const t = testAppForFile();

const newPassword = "N3w&Better-pass";
const linkInvalid = "This link is invalid or has expired. Please ask for a new one.";

const forgot = (email: string, language?: string) =>
  t.request({ method: "POST", url: "/api/v1/auth/forgot-password", body: { email }, language });

const reset = (token: string, password = newPassword, passwordConfirmation = password) =>
  t.request({ method: "POST", url: "/api/v1/auth/reset-password", body: { token, password, passwordConfirmation } });

const login = (email: string, password: string) =>
  t.request({ method: "POST", url: "/api/v1/auth/login", body: { email, password } });

/** Asks for a reset link and reads the token from the mail that arrives. */
async function resetToken(email: string, language?: string) {
  const before = (await mailsTo(t, email)).length;
  expect((await forgot(email, language)).status).toBe(200);
  const mails = await mailsTo(t, email);
  expect(mails).toHaveLength(before + 1);
  const mail = mails.at(-1);
  if (!mail) throw new Error("no reset mail");
  return { mail, token: tokenFromMail(mail) };
}

describe("POST /auth/forgot-password", () => {
  test("answers 200 for an unknown address and mails nobody", async () => {
    const response = await forgot("ghost@example.test");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(await mailsTo(t, "ghost@example.test")).toEqual([]);
  });

  test("mails a reset link to a known address, in the language asked", async () => {
    const owner = await registerAccount(t, { email: "forgetful@example.test" });
    const response = await forgot("Forgetful@Example.test");
    expect(response).toMatchObject({ status: 200, body: { ok: true } });
    const [mail] = await mailsTo(t, owner.email);
    expect(mail).toMatchObject({
      template: "auth.password_reset",
      subject: "Reset your password",
      language: "en",
      status: "stored",
    });
    expect(mail?.text).toMatch(/\/en\/admin\/reset-password\?token=/);

    const { mail: french } = await resetToken(owner.email, "fr-FR,fr;q=0.9");
    expect(french).toMatchObject({ subject: "Réinitialisez votre mot de passe", language: "fr" });
    expect(french.text).toMatch(/\/fr\/admin\/reset-password\?token=/);
    const { mail: spanish } = await resetToken(owner.email, "es");
    expect(spanish.subject).toBe("Restablezca su contraseña");
  });

  test("refuses an invalid address", async () => {
    const response = await forgot("not-an-address");
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ email: "Invalid email address." });
  });
});

describe("POST /auth/reset-password", () => {
  test("sets the new password, signs out every session, and the link works once", async () => {
    const owner = await registerAccount(t, { email: "resetter@example.test" });
    const otherSession = await signIn(t, owner.email);
    const { token } = await resetToken(owner.email);

    const response = await reset(token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    for (const session of [owner.token, otherSession]) {
      expect((await t.request({ method: "GET", url: "/api/v1/auth/me", token: session })).status).toBe(401);
    }
    expect((await login(owner.email, testPassword)).status).toBe(401);
    const signedIn = await login(owner.email, newPassword);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));

    const again = await reset(token, "An0ther&Password");
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: "LINK_INVALID", message: linkInvalid, fields: { token: linkInvalid } });
    expect((await login(owner.email, newPassword)).status).toBe(200);

    const audit = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, owner.userId));
    expect(audit.map((row) => row.action)).toEqual(["auth.password.reset"]);
  });

  test("a newer link replaces the previous one", async () => {
    const owner = await registerAccount(t, { email: "twice@example.test" });
    const { token: first } = await resetToken(owner.email);
    const { token: second } = await resetToken(owner.email);
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
  });

  test("a link expires after one hour", async () => {
    const owner = await registerAccount(t, { email: "late@example.test" });
    const { token } = await resetToken(owner.email);
    const [row] = await t.context.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, owner.userId), eq(userTokens.purpose, "password_reset")));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(60_000);

    await t.context.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.userId, owner.userId), eq(userTokens.purpose, "password_reset")));
    const response = await t.request({
      method: "POST",
      url: "/api/v1/auth/reset-password",
      body: { token, password: newPassword, passwordConfirmation: newPassword },
      language: "fr",
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("Ce lien est invalide ou a expiré. Veuillez en demander un nouveau.");
    expect((await login(owner.email, testPassword)).status).toBe(200);
  });

  test("an unknown token is refused, and the password rules apply", async () => {
    expect((await reset("made-up-token")).body.error.code).toBe("LINK_INVALID");
    const owner = await registerAccount(t, { email: "rules@example.test" });
    const { token } = await resetToken(owner.email);

    const weak = await reset(token, "weakpassword");
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.password).toMatch(/^The password needs at least 12 characters/);
    const mismatch = await reset(token, newPassword, "Different&Pass1");
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields).toEqual({ passwordConfirmation: "Passwords do not match." });
    // Refused attempts do not use the link up.
    expect((await reset(token)).status).toBe(200);
  });
});
