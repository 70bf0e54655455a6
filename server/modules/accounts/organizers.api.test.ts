import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  addMember,
  addPlatformAdmin,
  mailsTo,
  registerAccount,
  type SignedIn,
  signIn,
  testPassword,
  tokenFromMail,
} from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { users } from "../auth/auth.tables.js";
import { accountMembers, accounts } from "./accounts.tables.js";
import { accountsApi, auditRows, twoAccountsForFile } from "./accounts.testing.js";

const t = testAppForFile();
const { owner, other } = twoAccountsForFile(t);
const admin = madeBeforeAll(() => addPlatformAdmin(t));

const api = accountsApi(t);

const invite = (token: string, body: Record<string, unknown>, language?: string) =>
  api("POST", "/administrators", token, { accountId: owner.accountId, ...body }, language);

async function roleOf(accountId: string, userId: string) {
  const [row] = await t.context.db
    .select({ role: accountMembers.role })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  return row?.role ?? null;
}

async function setMaxOrganizers(accountId: string, maxOrganizers: number) {
  await t.context.db.update(accounts).set({ maxOrganizers }).where(eq(accounts.id, accountId));
}

const registerAdmin = (token: string) =>
  api("POST", "/auth/register-admin", undefined, {
    token,
    firstName: "Ines",
    lastName: "Invited",
    password: testPassword,
    passwordConfirmation: testPassword,
  });

describe("POST /administrators: inviting a new organizer", () => {
  const email = "ines.invited@example.test";
  let invitedId: string;

  test("creates a user without password, seats them and mails the invitation in their language", async () => {
    const response = await invite(owner.token, {
      email: "Ines.Invited@Example.test",
      firstName: "Ines",
      lastName: "Invited",
      language: "fr",
      role: "organizer",
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      email,
      firstName: "Ines",
      lastName: "Invited",
      language: "fr",
      role: "organizer",
      registered: false,
      isPlatformAdmin: false,
      lastLoginAt: null,
      teams: [],
    });
    invitedId = response.body.id;
    const [user] = await t.context.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ id: invitedId, passwordHash: null, language: "fr" });
    expect(await roleOf(owner.accountId, invitedId)).toBe("organizer");

    const [mail] = await mailsTo(t, email);
    expect(mail).toMatchObject({
      template: "auth.invitation",
      language: "fr",
      accountId: owner.accountId,
      subject: "Vous êtes invité à organiser des événements avec Acme Events",
    });

    const [audit] = await auditRows(t, owner.accountId, "accounts.organizer.invited");
    expect(audit).toMatchObject({
      targetId: invitedId,
      actorUserId: owner.userId,
      after: { email, role: "organizer" },
    });
  });

  test("the mailed token completes registration, then the organizer signs in", async () => {
    const [mail] = await mailsTo(t, email);
    const registered = await registerAdmin(tokenFromMail(mail as { text: string }));
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ id: invitedId, email });
    const token = await signIn(t, email);
    const me = await api("GET", "/auth/me", token);
    expect(me.body.memberships).toEqual([
      { accountId: owner.accountId, accountName: "Acme Events", role: "organizer" },
    ]);

    const list = await api("GET", `/administrators?accountId=${owner.accountId}&query=ines`, owner.token);
    expect(list.body.items).toMatchObject([{ id: invitedId, registered: true, role: "organizer" }]);
  });

  test("an invalid address and a missing role are field errors", async () => {
    const response = await invite(owner.token, { email: "nope" }, "es");
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toMatchObject({ email: "Dirección de correo electrónico no válida." });
    expect(response.body.error.fields.role).toEqual(expect.any(String));
  });
});

describe("POST /administrators: linking a user already on the platform", () => {
  test("links the existing user: no second user, no invitation mail to a registered person", async () => {
    const response = await invite(owner.token, { email: other.email.toUpperCase(), role: "editor" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ id: other.userId, role: "editor", registered: true, firstName: "Olivia" });
    const rows = await t.context.db.select().from(users).where(eq(users.email, other.email));
    expect(rows).toHaveLength(1);
    expect(await roleOf(owner.accountId, other.userId)).toBe("editor");
    expect(await roleOf(other.accountId, other.userId)).toBe("overseer");
    expect(await mailsTo(t, other.email)).toHaveLength(0);
    const [audit] = await auditRows(t, owner.accountId, "accounts.organizer.linked");
    expect(audit).toMatchObject({ targetId: other.userId, after: { email: other.email, role: "editor" } });
  });

  test("a member already in the account is a 409", async () => {
    const response = await invite(owner.token, { email: other.email, role: "reader" });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: "ORGANIZER_ALREADY_MEMBER",
      message: "This organizer is already a member of the account.",
    });
    expect(await roleOf(owner.accountId, other.userId)).toBe("editor");
  });
});

describe("seat limit (maxOrganizers)", () => {
  let seated: number;
  let readerId: string;
  beforeAll(async () => {
    const account = await api("GET", `/accounts/${owner.accountId}`, owner.token);
    seated = account.body.usage.organizers;
    await setMaxOrganizers(owner.accountId, seated);
  });
  afterAll(async () => setMaxOrganizers(owner.accountId, 10));

  test("a seated role beyond the limit is refused with the exact message, nothing is created", async () => {
    const response = await invite(owner.token, { email: "one.too.many@example.test", role: "editor" });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "MAX_ORGANIZERS",
      message: "You have reached the maximum number of allowed organizers.",
    });
    expect(await t.context.db.select().from(users).where(eq(users.email, "one.too.many@example.test"))).toEqual([]);

    const french = await invite(owner.token, { email: "one.too.many@example.test", role: "overseer" }, "fr");
    expect(french.body.error.message).toBe("Vous avez atteint le nombre maximum d'organisateurs autorisés.");
  });

  test("a reader never takes a seat", async () => {
    const response = await invite(owner.token, { email: "rita.reader@example.test", role: "reader" });
    expect(response.status).toBe(201);
    readerId = response.body.id;
    const account = await api("GET", `/accounts/${owner.accountId}`, owner.token);
    expect(account.body.usage.organizers).toBe(seated);
  });

  test("promoting a reader to a seated role checks the limit (PUT and POST /administrators/:id)", async () => {
    const put = await api("PUT", `/accounts/${owner.accountId}/administrators/${readerId}`, owner.token, {
      role: "editor",
    });
    expect(put.status).toBe(409);
    expect(put.body.error.code).toBe("MAX_ORGANIZERS");
    const post = await api("POST", `/administrators/${readerId}`, owner.token, {
      accountId: owner.accountId,
      role: "organizer",
    });
    expect(post.status).toBe(409);
    expect(await roleOf(owner.accountId, readerId)).toBe("reader");
  });

  test("concurrent invitations cannot overfill the last seat", async () => {
    await setMaxOrganizers(owner.accountId, seated + 1);
    const responses = await Promise.all(
      [1, 2, 3].map((n) => invite(owner.token, { email: `racer-${n}@example.test`, role: "organizer" })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    const account = await api("GET", `/accounts/${owner.accountId}`, owner.token);
    expect(account.body.usage.organizers).toBe(seated + 1);
  });

  test("moving between seated roles needs no free seat", async () => {
    const response = await api("PUT", `/accounts/${owner.accountId}/administrators/${other.userId}`, owner.token, {
      role: "organizer",
    });
    expect(response.status).toBe(200);
    expect(response.body.role).toBe("organizer");
  });
});

describe("POST /administrators/:id", () => {
  let reader: SignedIn;
  let outsider: SignedIn & { accountId: string };
  beforeAll(async () => {
    reader = await addMember(t, owner.accountId, "reader", "rhea");
    outsider = await registerAccount(t, { accountName: "Initech" });
  });

  test("anyone edits their own names and language; the audit row belongs to no account", async () => {
    const response = await api("POST", `/administrators/${reader.userId}`, reader.token, {
      firstName: "Rhea ",
      lastName: "Renamed",
      language: "es",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ firstName: "Rhea", lastName: "Renamed", language: "es", role: null });
    const [user] = await t.context.db.select().from(users).where(eq(users.id, reader.userId));
    expect(user).toMatchObject({ firstName: "Rhea", lastName: "Renamed", language: "es" });
    const audit = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, reader.userId));
    expect(audit).toMatchObject([
      { action: "accounts.organizer.updated", accountId: null, after: { firstName: "Rhea", lastName: "Renamed" } },
    ]);
  });

  test("naming an account the person is not in writes nothing into that account's log", async () => {
    const response = await api("POST", `/administrators/${reader.userId}`, reader.token, {
      accountId: outsider.accountId,
      firstName: "Rhea",
      lastName: "Again",
    });
    expect(response.status).toBe(200);
    expect(response.body.role).toBeNull();
    expect(await auditRows(t, outsider.accountId, "accounts.organizer.updated")).toEqual([]);
  });

  test("someone else's names need organizers.manage in an account both share", async () => {
    const byReader = await api("POST", `/administrators/${owner.userId}`, reader.token, { firstName: "Hacked" });
    expect(byReader.status).toBe(403);
    const byOrganizer = await api("POST", `/administrators/${reader.userId}`, other.token, { firstName: "Nope" });
    expect(byOrganizer.status).toBe(403);
    const byOutsider = await api("POST", `/administrators/${reader.userId}`, outsider.token, { firstName: "Nope" });
    expect(byOutsider.status).toBe(404);
    expect(byOutsider.body.error).toEqual({ code: "ORGANIZER_NOT_FOUND", message: "Organizer not found." });
    const [user] = await t.context.db.select().from(users).where(eq(users.id, reader.userId));
    expect(user?.firstName).toBe("Rhea");

    const byOverseer = await api("POST", `/administrators/${reader.userId}`, owner.token, { lastName: "Reader" });
    expect(byOverseer.status).toBe(200);
    expect(byOverseer.body.lastName).toBe("Reader");
    const [audit] = await auditRows(t, owner.accountId, "accounts.organizer.updated");
    expect(audit).toMatchObject({
      targetId: reader.userId,
      before: { lastName: "Again" },
      after: { lastName: "Reader" },
    });

    const byPlatformAdmin = await api("POST", `/administrators/${outsider.userId}`, admin.token, { firstName: "Otto" });
    expect(byPlatformAdmin.status).toBe(200);
    expect(byPlatformAdmin.body.firstName).toBe("Otto");
  });

  test("a role needs accountId", async () => {
    const response = await api("POST", `/administrators/${reader.userId}`, owner.token, { role: "editor" }, "fr");
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ accountId: "Ce champ est obligatoire." });
  });

  test("with accountId, an overseer changes the role, audited", async () => {
    const response = await api("POST", `/administrators/${reader.userId}`, owner.token, {
      accountId: owner.accountId,
      role: "editor",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: reader.userId, role: "editor", teams: [] });
    expect(await roleOf(owner.accountId, reader.userId)).toBe("editor");
    const [audit] = await auditRows(t, owner.accountId, "accounts.organizer.updated");
    expect(audit).toMatchObject({ before: { role: "reader" }, after: { role: "editor" } });
  });

  test("the target must be a member; an outsider's account is not found; an unknown id neither", async () => {
    const notMember = await api("POST", `/administrators/${outsider.userId}`, owner.token, {
      accountId: owner.accountId,
      role: "editor",
    });
    expect(notMember.status).toBe(404);
    expect(notMember.body.error.message).toBe("Organizer not found.");

    const foreign = await api("POST", `/administrators/${reader.userId}`, outsider.token, {
      accountId: owner.accountId,
      role: "overseer",
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("NOT_FOUND");

    const unknown = await api("POST", "/administrators/00000000-0000-4000-8000-000000000000", admin.token, {
      firstName: "Ghost",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("ORGANIZER_NOT_FOUND");
  });
});
