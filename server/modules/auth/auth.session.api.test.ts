import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { registerAccount, signIn, testPassword } from "../../testing/fixtures.js";
import { testAppForFile } from "../../testing/test-app.js";
import { accountMembers, accounts } from "../accounts/accounts.tables.js";
import { auditLogs } from "../audit/audit.tables.js";
import { users, userTokens } from "./auth.tables.js";

const t = testAppForFile();

const weakPasswordMessage =
  "The password needs at least 12 characters, with a lowercase letter, an uppercase letter, a digit and a special character (one of !@#$%^&+/-*).";

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: "Nina.Newcomer@Example.test",
  password: testPassword,
  passwordConfirmation: testPassword,
  firstName: "Nina",
  lastName: "Newcomer",
  accountName: "Nina Events",
  ...overrides,
});

// Each group of registrations comes from its own address: the per-IP limit is tested in auth.rate-limit.api.test.ts.
const register = (body: unknown, language?: string, ip = "192.0.2.10") =>
  t.request({ method: "POST", url: "/api/v1/auth/register", body, language, headers: { "x-forwarded-for": ip } });

const login = (body: unknown, ip = "198.51.100.1") =>
  t.request({ method: "POST", url: "/api/v1/auth/login", body, headers: { "x-forwarded-for": ip } });

describe("POST /auth/register", () => {
  test("creates the user, an account they oversee and a session usable on /auth/me", async () => {
    const response = await register(registration());
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({
      email: "nina.newcomer@example.test",
      firstName: "Nina",
      lastName: "Newcomer",
      language: "en",
      isPlatformAdmin: false,
    });
    expect(typeof response.body.token).toBe("string");

    const me = await t.request({ method: "GET", url: "/api/v1/auth/me", token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe("nina.newcomer@example.test");
    expect(me.body.memberships).toEqual([
      { accountId: expect.any(String), accountName: "Nina Events", role: "overseer" },
    ]);

    const [user] = await t.context.db.select().from(users).where(eq(users.email, "nina.newcomer@example.test"));
    expect(user?.passwordHash).toMatch(/^\$argon2/);
    expect(user?.passwordHash).not.toContain(testPassword);
    const accountId = me.body.memberships[0].accountId;
    const [account] = await t.context.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.name).toBe("Nina Events");
    const members = await t.context.db.select().from(accountMembers).where(eq(accountMembers.accountId, accountId));
    expect(members).toEqual([expect.objectContaining({ userId: user?.id, role: "overseer" })]);
    const audit = await t.context.db.select().from(auditLogs).where(eq(auditLogs.accountId, accountId));
    expect(audit).toEqual([
      expect.objectContaining({ action: "auth.account.registered", targetId: accountId, actorLabel: "Nina Newcomer" }),
    ]);
  });

  test("keeps the interface language of the request as the user's language", async () => {
    const response = await register(registration({ email: "lea@example.test" }), "es-ES,es;q=0.9");
    expect(response.status).toBe(201);
    expect(response.body.user.language).toBe("es");
  });

  test.each([
    ["too short", "Sh0rt&pass"],
    ["no lowercase", "ALLUPPER&1234"],
    ["no uppercase", "alllower&1234"],
    ["no digit", "NoDigitsHere&&"],
    ["no special character", "NoSpecial12345"],
    ["a special character outside the list", "Underscore_12345"],
  ])("refuses a password with %s", async (_case, password) => {
    const response = await register(
      registration({ email: "weak@example.test", password, passwordConfirmation: password }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(weakPasswordMessage);
    expect(response.body.error.fields).toEqual({ password: weakPasswordMessage });
  });

  test("accepts every special character of the rule", async () => {
    for (const special of "!@#$%^&+/-*") {
      const password = `Abcdefghij1${special}`;
      const response = await register(
        registration({
          email: `special${special.charCodeAt(0)}@example.test`,
          password,
          passwordConfirmation: password,
        }),
        undefined,
        "192.0.2.11",
      );
      expect(response.status, special).toBe(201);
    }
  });

  test("refuses a confirmation that does not match, on the confirmation field", async () => {
    const response = await register(
      registration({ email: "mismatch@example.test", passwordConfirmation: "Other&Pass1234" }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("Passwords do not match.");
    expect(response.body.error.fields).toEqual({ passwordConfirmation: "Passwords do not match." });
  });

  test("refuses an invalid email address", async () => {
    const response = await register(registration({ email: "not-an-address" }));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("Invalid email address.");
    expect(response.body.error.fields).toEqual({ email: "Invalid email address." });
  });

  test("refuses an address already registered, whatever its case, and creates nothing", async () => {
    const before = await t.context.db.select().from(accounts);
    const response = await register(registration({ email: "NINA.newcomer@example.test", accountName: "Second" }));
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "EMAIL_TAKEN",
      message: "An account already exists with this email address.",
      fields: { email: "An account already exists with this email address." },
    });
    expect(await t.context.db.select().from(accounts)).toHaveLength(before.length);
  });

  test("sign-ups racing for one address: one wins, the others are told it is taken", async () => {
    const body = registration({ email: "racer@example.test" });
    const answers = await Promise.all([1, 2, 3].map(() => register(body, undefined, "192.0.2.12")));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    for (const answer of answers.filter((a) => a.status === 400)) expect(answer.body.error.code).toBe("EMAIL_TAKEN");
    expect(await t.context.db.select().from(users).where(eq(users.email, "racer@example.test"))).toHaveLength(1);
  });

  test("answers in French with Accept-Language: fr", async () => {
    const response = await register(
      registration({ email: "fr@example.test", passwordConfirmation: "Autre&Pass1234" }),
      "fr-FR,fr;q=0.9",
    );
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("Les mots de passe ne correspondent pas.");
    const weak = await register(
      registration({ email: "fr@example.test", password: "court", passwordConfirmation: "court" }),
      "fr",
    );
    expect(weak.body.error.message).toBe(
      "Le mot de passe doit contenir au moins 12 caractères, dont une minuscule, une majuscule, un chiffre et un caractère spécial (l'un de !@#$%^&+/-*).",
    );
  });

  test("names each missing field", async () => {
    const response = await register({}, "es");
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toMatchObject({
      email: "Este campo es obligatorio.",
      firstName: "Este campo es obligatorio.",
      accountName: "Este campo es obligatorio.",
    });
  });
});

describe("POST /auth/login", () => {
  let owner: Awaited<ReturnType<typeof registerAccount>>;
  beforeAll(async () => {
    owner = await registerAccount(t, { email: "owner-login@example.test" });
  });

  test("opens a session with the right password, whatever the case of the address", async () => {
    const response = await login({ email: "Owner-Login@Example.test", password: testPassword });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String), user: expect.objectContaining({ id: owner.userId }) });
    expect(response.body.user.lastLoginAt).not.toBeNull();
    const me = await t.request({ method: "GET", url: "/api/v1/auth/me", token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(owner.userId);
  });

  test("answers a wrong password and an unknown address with the same 401", async () => {
    const wrong = await login({ email: owner.email, password: "Wrong&Password1" });
    const unknown = await login({ email: "nobody@example.test", password: testPassword });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: { code: "INVALID_CREDENTIALS", message: "Invalid email or password." } });
    expect(unknown.body).toEqual(wrong.body);
  });

  test("answers an invited user who has no password yet like a wrong password", async () => {
    await t.context.db.insert(users).values({ email: "invited-nopass@example.test" });
    const response = await login({ email: "invited-nopass@example.test", password: testPassword });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe("Invalid email or password.");
  });

  test.each([
    ["empty fields", { email: "", password: "" }],
    ["an empty password", { email: "someone@example.test", password: "" }],
    ["missing fields", {}],
    ["no body at all", undefined],
  ])("asks to complete all fields on %s", async (_case, body) => {
    const response = await login(body);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("Please complete all fields.");
  });

  test("says it in Spanish too", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/v1/auth/login",
      body: { email: owner.email, password: "Wrong&Password1" },
      language: "es",
    });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe("Correo electrónico o contraseña no válidos.");
  });
});

describe("sessions", () => {
  test("logout revokes the token", async () => {
    const owner = await registerAccount(t, { email: "owner-logout@example.test" });
    const other = await signIn(t, owner.email);
    const logout = await t.request({ method: "POST", url: "/api/v1/auth/logout", token: owner.token });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ ok: true });

    const me = await t.request({ method: "GET", url: "/api/v1/auth/me", token: owner.token });
    expect(me.status).toBe(401);
    expect(me.body.error).toEqual({ code: "UNAUTHENTICATED", message: "Please sign in to continue." });
    // Signing out of one browser leaves the other sessions open.
    expect((await t.request({ method: "GET", url: "/api/v1/auth/me", token: other })).status).toBe(200);
    const open = await t.context.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, owner.userId), eq(userTokens.purpose, "session")));
    expect(open.filter((row) => row.usedAt === null)).toHaveLength(1);
  });

  test("an unknown bearer token answers 401, in the caller's language", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/auth/me", token: "not-a-token", language: "fr" });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe("Veuillez vous connecter pour continuer.");
  });

  test("no token answers 401 on /auth/me and /auth/logout", async () => {
    expect((await t.request({ method: "GET", url: "/api/v1/auth/me" })).status).toBe(401);
    expect((await t.request({ method: "POST", url: "/api/v1/auth/logout" })).status).toBe(401);
  });

  test("an expired session answers 401", async () => {
    const owner = await registerAccount(t, { email: "owner-expired@example.test" });
    await t.context.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.userId, owner.userId), eq(userTokens.purpose, "session")));
    expect((await t.request({ method: "GET", url: "/api/v1/auth/me", token: owner.token })).status).toBe(401);
  });
});

describe("the HTTP frame", () => {
  test("GET /api/health reports the database", async () => {
    const response = await t.request({ method: "GET", url: "/api/health" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", database: "ok" });
  });

  test("an unknown /api path answers a JSON 404", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/no-such-thing", language: "es" });
    expect(response.status).toBe(404);
    expect(String(response.headers["content-type"])).toContain("application/json");
    expect(response.body).toEqual({ error: { code: "NOT_FOUND", message: "No encontrado." } });
  });

  test("a malformed JSON body answers 400, not 500", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/v1/auth/login",
      body: '{"email": "a@example.test", ',
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("This value is not valid.");
  });

  test("a body that is not JSON answers 4xx, not 500", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/v1/auth/login",
      body: "email=a@example.test",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBeDefined();
  });
});
