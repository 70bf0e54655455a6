import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, registerAccount } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { eventAdministrators, eventTeams } from "./events.tables.js";
import { addTeam, createEvent, eventsUrl } from "./events.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));
const organizer = madeBeforeAll(() => addMember(t, owner.accountId, "organizer"));
const editor = madeBeforeAll(() => addMember(t, owner.accountId, "editor"));
const reader = madeBeforeAll(() => addMember(t, owner.accountId, "reader"));
const other = madeBeforeAll(() => registerAccount(t, { accountName: "Other Co" }));

const eventUrl = (id: string, accountId = owner.accountId) => `${eventsUrl(accountId)}/${id}`;
const call = (method: "GET" | "PUT" | "DELETE" | "POST", url: string, token = owner.token, language?: string) =>
  t.request({ method, url, token, language, ...(method === "POST" && { body: { name: "Changed" } }) });
const auditActions = async (eventId: string) =>
  (await t.context.db.select().from(auditLogs).where(eq(auditLogs.eventId, eventId))).map((row) => row.action);

describe("event access: organizers and teams", () => {
  it("lists direct organizers, organizers through teams with the team names, and teams", async () => {
    const event = await createEvent(t, organizer.token, owner.accountId);
    const team = await addTeam(t, owner.accountId, "Volunteers", [reader.userId, organizer.userId]);
    expect((await call("PUT", `${eventUrl(event.id)}/teams/${team.id}`)).status).toBe(200);

    const response = await call("GET", `${eventUrl(event.id)}/access`);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const byId = (id: string) => response.body.administrators.find((admin: { id: string }) => admin.id === id);
    expect(response.body.teams).toEqual([{ id: team.id, name: "Volunteers" }]);
    expect(response.body.administrators).toHaveLength(2);
    expect(byId(organizer.userId)).toMatchObject({
      email: organizer.email,
      role: "organizer",
      direct: true,
      viaTeams: [{ id: team.id, name: "Volunteers" }],
    });
    expect(byId(reader.userId)).toMatchObject({ role: "reader", direct: false, viaTeams: [{ id: team.id }] });
  });

  it("gives an organizer access, idempotently, and logs it once", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    const url = `${eventUrl(event.id)}/administrators/${editor.userId}`;
    const first = await call("PUT", url);
    expect(first.status).toBe(200);
    expect(first.body.administrators).toEqual([
      {
        id: editor.userId,
        email: editor.email,
        firstName: "editor",
        lastName: "Tester",
        role: "editor",
        direct: true,
        viaTeams: [],
      },
    ]);
    expect((await call("PUT", url)).status).toBe(200);
    const rows = await t.context.db.select().from(eventAdministrators).where(eq(eventAdministrators.eventId, event.id));
    expect(rows).toEqual([{ eventId: event.id, userId: editor.userId }]);
    expect(await auditActions(event.id)).toEqual(["events.event.created", "events.administrator.granted"]);
    expect((await call("GET", eventUrl(event.id), editor.token)).status).toBe(200);
  });

  it("answers 404 Organizer not found for someone outside the account", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    const response = await call("PUT", `${eventUrl(event.id)}/administrators/${other.userId}`);
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({ code: "ORGANIZER_NOT_FOUND", message: "Organizer not found." });
    const french = await call("PUT", `${eventUrl(event.id)}/administrators/${crypto.randomUUID()}`, owner.token, "fr");
    expect(french.body.error.message).toBe("Organisateur introuvable.");
    const removal = await call("DELETE", `${eventUrl(event.id)}/administrators/${other.userId}`);
    expect(removal.status).toBe(404);
    expect(
      await t.context.db.select().from(eventAdministrators).where(eq(eventAdministrators.eventId, event.id)),
    ).toEqual([]);
  });

  it("takes access away from an organizer and logs it", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    await call("PUT", `${eventUrl(event.id)}/administrators/${reader.userId}`);
    const response = await call("DELETE", `${eventUrl(event.id)}/administrators/${reader.userId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ administrators: [], teams: [] });
    expect(await auditActions(event.id)).toContain("events.administrator.revoked");
    expect((await call("GET", eventUrl(event.id), reader.token)).status).toBe(404);
  });

  it("refuses to take away access a user has through a team (409, naming the team)", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    const team = await addTeam(t, owner.accountId, "Backstage", [editor.userId]);
    await call("PUT", `${eventUrl(event.id)}/administrators/${editor.userId}`);
    await call("PUT", `${eventUrl(event.id)}/teams/${team.id}`);

    const response = await call("DELETE", `${eventUrl(event.id)}/administrators/${editor.userId}`);
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "EVENT_ACCESS_FROM_TEAM",
      message:
        "This organizer has access through the team Backstage. Remove the team from the event or the organizer from the team.",
    });
    const spanish = await call("DELETE", `${eventUrl(event.id)}/administrators/${editor.userId}`, owner.token, "es");
    expect(spanish.body.error.message).toBe(
      "Este organizador tiene acceso a través del equipo Backstage. Quite el equipo del evento o el organizador del equipo.",
    );
    const rows = await t.context.db
      .select()
      .from(eventAdministrators)
      .where(and(eq(eventAdministrators.eventId, event.id), eq(eventAdministrators.userId, editor.userId)));
    expect(rows).toHaveLength(1);
  });

  it("links and unlinks a team, whose members gain and lose the event", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    const member = await addMember(t, owner.accountId, "reader", "teammate");
    const team = await addTeam(t, owner.accountId, "Ushers", [member.userId]);
    const url = `${eventUrl(event.id)}/teams/${team.id}`;

    const linked = await call("PUT", url);
    expect(linked.status).toBe(200);
    expect(linked.body.teams).toEqual([{ id: team.id, name: "Ushers" }]);
    expect((await call("PUT", url)).status).toBe(200);
    expect((await call("GET", eventUrl(event.id), member.token)).status).toBe(200);

    const unlinked = await call("DELETE", url);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toEqual({ administrators: [], teams: [] });
    expect(await t.context.db.select().from(eventTeams).where(eq(eventTeams.eventId, event.id))).toEqual([]);
    expect((await call("GET", eventUrl(event.id), member.token)).status).toBe(404);
    expect(await auditActions(event.id)).toEqual([
      "events.event.created",
      "events.team.granted",
      "events.team.revoked",
    ]);
  });

  it("answers 404 for a team of another account", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    const foreign = await addTeam(t, other.accountId, "Foreign team");
    for (const method of ["PUT", "DELETE"] as const) {
      const response = await call(method, `${eventUrl(event.id)}/teams/${foreign.id}`);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    expect(await t.context.db.select().from(eventTeams).where(eq(eventTeams.eventId, event.id))).toEqual([]);
  });
});

describe("events out of reach answer 404", () => {
  const routes = (eventId: string, accountId: string) => {
    const base = eventUrl(eventId, accountId);
    return [
      ["GET", base],
      ["POST", base],
      ["DELETE", base],
      ["POST", `${base}/duplicate`],
      ["GET", `${base}/access`],
      ["PUT", `${base}/administrators/${owner.userId}`],
      ["DELETE", `${base}/administrators/${owner.userId}`],
      ["PUT", `${base}/teams/${crypto.randomUUID()}`],
      ["DELETE", `${base}/teams/${crypto.randomUUID()}`],
    ] as const;
  };
  const expectAll404 = async (eventId: string, accountId: string, token: string) => {
    for (const [method, url] of routes(eventId, accountId)) {
      const body = method === "POST" ? { name: "Taken over", slug: "taken-over" } : undefined;
      const response = await t.request({ method, url, token, body });
      expect({ method, url, status: response.status }).toEqual({ method, url, status: 404 });
      expect(response.body.error.message).toBe("Not found.");
    }
  };

  it("for a user of another account, through either account's URL", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    await expectAll404(event.id, owner.accountId, other.token);
    await expectAll404(event.id, other.accountId, other.token);
    const [row] = await t.context.db
      .select()
      .from(eventAdministrators)
      .where(eq(eventAdministrators.eventId, event.id));
    expect(row).toBeUndefined();
    expect((await call("GET", eventUrl(event.id))).body.name).toBe("Spring gala");
  });

  it("for a member the event was not given to, whatever their role", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    for (const member of [organizer, editor, reader]) await expectAll404(event.id, owner.accountId, member.token);
    expect((await call("GET", eventUrl(event.id))).status).toBe(200);
  });
});
