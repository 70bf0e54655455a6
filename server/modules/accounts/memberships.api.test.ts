import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  addMember,
  addPlatformAdmin,
  mailsTo,
  registerAccount,
  type SignedIn,
  testPassword,
  tokenFromMail,
} from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { users } from "../auth/auth.tables.js";
import { eventAdministrators } from "../events/events.tables.js";
import { accountMembers, teamMembers, teams } from "./accounts.tables.js";
import { accountsApi, auditRows, insertEvent, twoAccountsForFile } from "./accounts.testing.js";

const t = testAppForFile();
const { owner, other } = twoAccountsForFile(t);
const admin = madeBeforeAll(() => addPlatformAdmin(t));
const reader = madeBeforeAll(() => addMember(t, owner.accountId, "reader"));

const api = accountsApi(t);
const member = (userId: string, accountId = owner.accountId) => `/accounts/${accountId}/administrators/${userId}`;

async function membership(accountId: string, userId: string) {
  const [row] = await t.context.db
    .select()
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  return row ?? null;
}

describe("PUT /accounts/:account/administrators/:id", () => {
  test("links a user of another account by id, without creating anyone", async () => {
    const usersBefore = (await t.context.db.select().from(users)).length;
    const response = await api("PUT", member(other.userId), owner.token, { role: "organizer" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: other.userId, email: other.email, role: "organizer", registered: true });
    expect(await membership(owner.accountId, other.userId)).toMatchObject({ role: "organizer" });
    expect(await t.context.db.select().from(users)).toHaveLength(usersBefore);
    const [audit] = await auditRows(t, owner.accountId, "accounts.organizer.linked");
    expect(audit?.targetId).toBe(other.userId);
  });

  test("changes the role of a member, audited", async () => {
    const response = await api("PUT", member(other.userId), owner.token, { role: "overseer" });
    expect(response.status).toBe(200);
    expect(response.body.role).toBe("overseer");
    const [audit] = await auditRows(t, owner.accountId, "accounts.organizer.updated");
    expect(audit).toMatchObject({ before: { role: "organizer" }, after: { role: "overseer" } });
  });

  test("an unknown user is 404 Organizer not found", async () => {
    const response = await api("PUT", member("00000000-0000-4000-8000-000000000000"), owner.token, { role: "reader" });
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({ code: "ORGANIZER_NOT_FOUND", message: "Organizer not found." });
  });
});

describe("the last overseer", () => {
  let solo: SignedIn & { accountId: string };
  let soloEditor: SignedIn;
  beforeAll(async () => {
    solo = await registerAccount(t, { accountName: "Solo Shows" });
    soloEditor = await addMember(t, solo.accountId, "editor");
  });

  test("cannot be demoted nor removed", async () => {
    const demote = await api("PUT", member(solo.userId, solo.accountId), solo.token, { role: "organizer" });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toEqual({ code: "LAST_OVERSEER", message: "The account needs at least one overseer." });
    const viaPost = await api(
      "POST",
      `/administrators/${solo.userId}`,
      solo.token,
      { accountId: solo.accountId, role: "reader" },
      "es",
    );
    expect(viaPost.status).toBe(409);
    expect(viaPost.body.error.message).toBe("La cuenta necesita al menos un supervisor.");
    const remove = await api("DELETE", member(solo.userId, solo.accountId), solo.token);
    expect(remove.status).toBe(409);
    expect(await membership(solo.accountId, solo.userId)).toMatchObject({ role: "overseer" });
  });

  test("once another overseer exists, the first may step down", async () => {
    expect((await api("PUT", member(soloEditor.userId, solo.accountId), solo.token, { role: "overseer" })).status).toBe(
      200,
    );
    const demote = await api("PUT", member(solo.userId, solo.accountId), solo.token, { role: "editor" });
    expect(demote.status).toBe(200);
    expect(demote.body.role).toBe("editor");
  });
});

describe("DELETE /accounts/:account/administrators/:id", () => {
  test("removes the membership, its team memberships and direct event access in this account only", async () => {
    const leaving = await addMember(t, owner.accountId, "organizer", "leaving");
    await t.context.db
      .insert(accountMembers)
      .values({ accountId: other.accountId, userId: leaving.userId, role: "editor" });
    const [ownTeam] = await t.context.db.insert(teams).values({ accountId: owner.accountId, name: "Crew" }).returning();
    const [otherTeam] = await t.context.db
      .insert(teams)
      .values({ accountId: other.accountId, name: "Crew" })
      .returning();
    const ownEvent = await insertEvent(t, owner.accountId);
    const otherEvent = await insertEvent(t, other.accountId);
    if (!ownTeam || !otherTeam) throw new Error("team insert failed");
    await t.context.db.insert(teamMembers).values([
      { teamId: ownTeam.id, userId: leaving.userId },
      { teamId: otherTeam.id, userId: leaving.userId },
    ]);
    await t.context.db.insert(eventAdministrators).values([
      { eventId: ownEvent.id, userId: leaving.userId },
      { eventId: otherEvent.id, userId: leaving.userId },
    ]);

    const response = await api("DELETE", member(leaving.userId), owner.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    expect(await membership(owner.accountId, leaving.userId)).toBeNull();
    expect(await membership(other.accountId, leaving.userId)).toMatchObject({ role: "editor" });
    const teamRows = await t.context.db.select().from(teamMembers).where(eq(teamMembers.userId, leaving.userId));
    expect(teamRows.map((row) => row.teamId)).toEqual([otherTeam.id]);
    const eventRows = await t.context.db
      .select()
      .from(eventAdministrators)
      .where(eq(eventAdministrators.userId, leaving.userId));
    expect(eventRows.map((row) => row.eventId)).toEqual([otherEvent.id]);
    const [audit] = await auditRows(t, owner.accountId, "accounts.organizer.removed");
    expect(audit).toMatchObject({ targetId: leaving.userId, before: { email: leaving.email, role: "organizer" } });

    const again = await api("DELETE", member(leaving.userId), owner.token, undefined, "fr");
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe("Organisateur introuvable.");
  });
});

describe("GET /administrators", () => {
  test("without accountId, a member is told the field is required", async () => {
    const response = await api("GET", "/administrators", owner.token);
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ accountId: "This field is required." });
  });

  test("lists the account's members with role and teams, searchable by name or email", async () => {
    const [team] = await t.context.db.insert(teams).values({ accountId: owner.accountId, name: "Ushers" }).returning();
    if (!team) throw new Error("team insert failed");
    await t.context.db.insert(teamMembers).values({ teamId: team.id, userId: reader.userId });

    const response = await api("GET", `/administrators?accountId=${owner.accountId}`, reader.token);
    expect(response.status).toBe(200);
    const byId = new Map(response.body.items.map((item: { id: string }) => [item.id, item]));
    expect(response.body.total).toBe(response.body.items.length);
    expect(byId.get(owner.userId)).toMatchObject({ role: "overseer", registered: true, teams: [] });
    expect(byId.get(reader.userId)).toMatchObject({ role: "reader", teams: [{ id: team.id, name: "Ushers" }] });
    expect(byId.has(admin.userId)).toBe(false);

    const search = await api("GET", `/administrators?accountId=${owner.accountId}&query=${reader.email}`, owner.token);
    expect(search.body).toMatchObject({ total: 1, items: [{ id: reader.userId }] });
    const byName = await api("GET", `/administrators?accountId=${owner.accountId}&query=reader tester`, owner.token);
    expect(byName.body.items.map((item: { id: string }) => item.id)).toEqual([reader.userId]);
  });

  test("a platform admin lists every user of the platform, role null", async () => {
    const response = await api("GET", "/administrators?limit=200", admin.token);
    expect(response.status).toBe(200);
    const ids = response.body.items.map((item: { id: string }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([owner.userId, other.userId, admin.userId, reader.userId]));
    expect(response.body.items.every((item: { role: unknown }) => item.role === null)).toBe(true);
    const admins = response.body.items.filter((item: { isPlatformAdmin: boolean }) => item.isPlatformAdmin);
    expect(admins.map((item: { id: string }) => item.id)).toEqual([admin.userId]);
  });

  test("another tenant's account is 404", async () => {
    const response = await api("GET", `/administrators?accountId=${other.accountId}`, reader.token);
    expect(response.status).toBe(404);
  });
});

describe("GET /administrators/:id/accounts", () => {
  test("a user reads their own accounts; a platform admin anyone's; others get 404", async () => {
    const own = await api("GET", `/administrators/${other.userId}/accounts`, other.token);
    expect(own.status).toBe(200);
    expect(own.body.items).toEqual([
      { id: owner.accountId, name: "Acme Events", role: "overseer" },
      { id: other.accountId, name: "Globex Shows", role: "overseer" },
    ]);
    expect((await api("GET", `/administrators/${other.userId}/accounts`, admin.token)).body).toEqual(own.body);
    const foreign = await api("GET", `/administrators/${other.userId}/accounts`, reader.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("Organizer not found.");
  });
});

describe("POST /administrators/:id/invite", () => {
  const email = "late.joiner@example.test";
  let invitedId: string;
  beforeAll(async () => {
    const response = await api("POST", "/administrators", owner.token, {
      accountId: owner.accountId,
      email,
      role: "editor",
    });
    invitedId = response.body.id;
  });

  test("mails a new link; the earlier one stops working, the new one registers", async () => {
    const [first] = await mailsTo(t, email);
    const response = await api("POST", `/administrators/${invitedId}/invite`, owner.token, {
      accountId: owner.accountId,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({ template: "auth.invitation", subject: expect.stringContaining("Acme Events") });
    const [audit] = await auditRows(t, owner.accountId, "accounts.organizer.reinvited");
    expect(audit).toMatchObject({ targetId: invitedId, actorUserId: owner.userId });

    const registration = (token: string) =>
      api("POST", "/auth/register-admin", undefined, {
        token,
        firstName: "Lara",
        lastName: "Late",
        password: testPassword,
        passwordConfirmation: testPassword,
      });
    const stale = await registration(tokenFromMail(first as { text: string }));
    expect(stale.status).toBe(400);
    const fresh = await registration(tokenFromMail(mails[1] as { text: string }));
    expect(fresh.status).toBe(201);
  });

  test("a registered organizer needs no invitation: 409", async () => {
    const response = await api("POST", `/administrators/${invitedId}/invite`, owner.token, {
      accountId: owner.accountId,
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "ORGANIZER_ALREADY_REGISTERED",
      message: "This organizer has already completed registration: no invitation is needed.",
    });
  });

  test("someone outside the account is not found; a reader may not invite", async () => {
    const notMember = await api("POST", `/administrators/${admin.userId}/invite`, owner.token, {
      accountId: owner.accountId,
    });
    expect(notMember.status).toBe(404);
    expect(notMember.body.error.code).toBe("ORGANIZER_NOT_FOUND");
    const byReader = await api("POST", `/administrators/${invitedId}/invite`, reader.token, {
      accountId: owner.accountId,
    });
    expect(byReader.status).toBe(403);
  });
});

describe("DELETE /administrators/:id", () => {
  test("only a platform admin deletes a user, never themselves", async () => {
    const doomed = await addMember(t, owner.accountId, "editor", "doomed");
    expect((await api("DELETE", `/administrators/${doomed.userId}`, owner.token)).status).toBe(403);

    const self = await api("DELETE", `/administrators/${admin.userId}`, admin.token);
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe("You cannot delete your own user.");

    const response = await api("DELETE", `/administrators/${doomed.userId}`, admin.token);
    expect(response.status).toBe(200);
    expect(await t.context.db.select().from(users).where(eq(users.id, doomed.userId))).toEqual([]);
    expect(await membership(owner.accountId, doomed.userId)).toBeNull();
    const again = await api("DELETE", `/administrators/${doomed.userId}`, admin.token);
    expect(again.status).toBe(404);

    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "accounts.administrator.deleted"));
    expect(audit).toMatchObject({ accountId: null, targetId: doomed.userId, before: { email: doomed.email } });
  });
});
