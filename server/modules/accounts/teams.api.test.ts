import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { addMember } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { eventTeams } from "../events/events.tables.js";
import { teamMembers, teams } from "./accounts.tables.js";
import { accountsApi, auditRows, insertEvent, twoAccountsForFile } from "./accounts.testing.js";

const t = testAppForFile();
const { owner, other } = twoAccountsForFile(t);
const editor = madeBeforeAll(() => addMember(t, owner.accountId, "editor"));

const api = accountsApi(t);
const teamsUrl = (accountId = owner.accountId) => `/accounts/${accountId}/teams`;

describe("teams", () => {
  let teamId: string;

  test("POST creates a team, audited", async () => {
    const response = await api("POST", teamsUrl(), owner.token, { name: " Stage crew " });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: "Stage crew",
      members: [],
      eventCount: 0,
      createdAt: expect.any(String),
    });
    teamId = response.body.id;
    const [row] = await t.context.db.select().from(teams).where(eq(teams.id, teamId));
    expect(row).toMatchObject({ accountId: owner.accountId, name: "Stage crew" });
    const [audit] = await auditRows(t, owner.accountId, "accounts.team.created");
    expect(audit).toMatchObject({ targetId: teamId, after: { name: "Stage crew" } });
  });

  test("a name already used in the account, whatever its case, is 409; another account may use it", async () => {
    const taken = await api("POST", teamsUrl(), owner.token, { name: "STAGE CREW" });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({
      code: "TEAM_NAME_TAKEN",
      message: "A team with this name already exists.",
      fields: { name: "A team with this name already exists." },
    });
    const french = await api("POST", teamsUrl(), owner.token, { name: "stage crew" }, "fr");
    expect(french.body.error.message).toBe("Une équipe porte déjà ce nom.");
    expect((await api("POST", teamsUrl(other.accountId), other.token, { name: "Stage crew" })).status).toBe(201);
  });

  test("an empty name is required", async () => {
    const response = await api("POST", teamsUrl(), owner.token, { name: "   " }, "es");
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ name: "Este campo es obligatorio." });
  });

  test("PUT adds a member of the account; adding again changes nothing", async () => {
    const url = `${teamsUrl()}/${teamId}/administrators/${editor.userId}`;
    const response = await api("PUT", url, owner.token);
    expect(response.status).toBe(200);
    expect(response.body.members).toEqual([
      { id: editor.userId, email: editor.email, firstName: "editor", lastName: "Tester" },
    ]);
    expect((await api("PUT", url, owner.token)).body.members).toHaveLength(1);
    expect(await auditRows(t, owner.accountId, "accounts.team.member_added")).toHaveLength(1);
    const rows = await t.context.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
    expect(rows).toEqual([{ teamId, userId: editor.userId }]);
  });

  test("someone outside the account cannot join: 404 Organizer not found", async () => {
    const response = await api("PUT", `${teamsUrl()}/${teamId}/administrators/${other.userId}`, owner.token);
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({ code: "ORGANIZER_NOT_FOUND", message: "Organizer not found." });
  });

  test("GET lists teams with members and the number of events they reach", async () => {
    const event = await insertEvent(t, owner.accountId);
    await t.context.db.insert(eventTeams).values({ eventId: event.id, teamId });
    const list = await api("GET", teamsUrl(), editor.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      total: 1,
      items: [{ id: teamId, eventCount: 1, members: [{ id: editor.userId }] }],
    });
    const one = await api("GET", `${teamsUrl()}/${teamId}`, editor.token);
    expect(one.body).toEqual(list.body.items[0]);
  });

  test("POST /:id renames, with the same uniqueness rule", async () => {
    await api("POST", teamsUrl(), owner.token, { name: "Ushers" });
    const clash = await api("POST", `${teamsUrl()}/${teamId}`, owner.token, { name: "ushers" });
    expect(clash.status).toBe(409);
    const sameName = await api("POST", `${teamsUrl()}/${teamId}`, owner.token, { name: "Stage crew" });
    expect(sameName.status).toBe(200);
    const renamed = await api("POST", `${teamsUrl()}/${teamId}`, owner.token, { name: "Stage Crew" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Stage Crew");
    const [audit] = await auditRows(t, owner.accountId, "accounts.team.updated");
    expect(audit).toMatchObject({ before: { name: "Stage crew" }, after: { name: "Stage Crew" } });
  });

  test("DELETE /:id/administrators/:adminId removes the member, audited", async () => {
    const response = await api("DELETE", `${teamsUrl()}/${teamId}/administrators/${editor.userId}`, owner.token);
    expect(response.status).toBe(200);
    expect(response.body.members).toEqual([]);
    const [audit] = await auditRows(t, owner.accountId, "accounts.team.member_removed");
    expect(audit).toMatchObject({ targetId: teamId, after: { userId: editor.userId } });
  });

  test("a team of another account is 404 on every team route", async () => {
    const [foreign] = await t.context.db.select().from(teams).where(eq(teams.accountId, other.accountId));
    const url = `${teamsUrl()}/${foreign?.id}`;
    expect((await api("GET", url, owner.token)).status).toBe(404);
    expect((await api("POST", url, owner.token, { name: "Mine" })).status).toBe(404);
    expect((await api("PUT", `${url}/administrators/${editor.userId}`, owner.token)).status).toBe(404);
    expect((await api("DELETE", url, owner.token)).status).toBe(404);
    const [still] = await t.context.db.select().from(teams).where(eq(teams.accountId, other.accountId));
    expect(still?.name).toBe("Stage crew");
  });

  test("DELETE /:id deletes the team and the event access it gave, audited", async () => {
    const response = await api("DELETE", `${teamsUrl()}/${teamId}`, owner.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(await t.context.db.select().from(teams).where(eq(teams.id, teamId))).toEqual([]);
    expect(await t.context.db.select().from(eventTeams).where(eq(eventTeams.teamId, teamId))).toEqual([]);
    const [audit] = await auditRows(t, owner.accountId, "accounts.team.deleted");
    expect(audit).toMatchObject({ targetId: teamId, before: { name: "Stage Crew", eventCount: 1 } });
    expect((await api("GET", `${teamsUrl()}/${teamId}`, owner.token)).status).toBe(404);
  });

  test("an editor may read teams but not change them", async () => {
    const response = await api("POST", teamsUrl(), editor.token, { name: "Mine" });
    expect(response.status).toBe(403);
  });
});
