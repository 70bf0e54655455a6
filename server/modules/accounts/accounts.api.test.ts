import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { addMember, addPlatformAdmin } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { accounts } from "./accounts.tables.js";
import { accountsApi, auditRows, insertEvent, twoAccountsForFile } from "./accounts.testing.js";

const t = testAppForFile();
const { owner, other } = twoAccountsForFile(t);
const admin = madeBeforeAll(() => addPlatformAdmin(t));
const reader = madeBeforeAll(() => addMember(t, owner.accountId, "reader"));

const api = accountsApi(t);

describe("GET /accounts", () => {
  test("a member sees only the accounts they sit in", async () => {
    const response = await api("GET", "/accounts", owner.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      items: [{ id: owner.accountId, name: "Acme Events", createdAt: expect.any(String) }],
      total: 1,
    });
  });

  test("a platform admin sees every account, searches names and pages", async () => {
    const all = await api("GET", "/accounts", admin.token);
    expect(all.status).toBe(200);
    expect(all.body.items.map((a: { name: string }) => a.name)).toEqual(["Acme Events", "Globex Shows"]);

    const search = await api("GET", "/accounts?query=glob", admin.token);
    expect(search.body).toMatchObject({ total: 1, items: [{ id: other.accountId }] });

    const page = await api("GET", "/accounts?limit=1&offset=1", admin.token);
    expect(page.body).toMatchObject({ total: 2, items: [{ name: "Globex Shows" }] });
  });

  test("without a token answers 401", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/accounts" });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe("Please sign in to continue.");
  });
});

describe("POST /accounts", () => {
  test("a platform admin creates an account, audited", async () => {
    const response = await api("POST", "/accounts", admin.token, { name: "  Initech  " });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Initech",
      params: { language: "en", timezone: "Europe/Paris" },
      defaultEventParams: { languages: ["fr", "en"], ratingMax: 5 },
      settings: { defaultDomain: null, retentionDays: 365, multilang: true, twoFactor: false },
      limits: { maxOrganizers: 10, maxEvents: null, whiteLabel: false },
      usage: { organizers: 0, events: 0 },
    });
    const [row] = await t.context.db.select().from(accounts).where(eq(accounts.id, response.body.id));
    expect(row?.name).toBe("Initech");
    const [audit] = await auditRows(t, response.body.id, "accounts.account.created");
    expect(audit).toMatchObject({ actorUserId: admin.userId, after: { name: "Initech" } });
  });

  test("anyone else gets 403, and an empty name is required", async () => {
    const forbidden = await api("POST", "/accounts", owner.token, { name: "Mine" }, "fr");
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe("Vous n'êtes pas autorisé à effectuer cette action.");

    const empty = await api("POST", "/accounts", admin.token, { name: " " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ name: "This field is required." });
  });
});

describe("GET /accounts/:id", () => {
  test("counts seated organizers (not readers) and the account's events", async () => {
    await addMember(t, owner.accountId, "editor");
    await insertEvent(t, owner.accountId);
    await insertEvent(t, other.accountId);
    const response = await api("GET", `/accounts/${owner.accountId}`, reader.token);
    expect(response.status).toBe(200);
    expect(response.body.usage).toEqual({ organizers: 2, events: 1 });
  });

  test("another tenant's account and an unknown id are both 404", async () => {
    const foreign = await api("GET", `/accounts/${other.accountId}`, owner.token, undefined, "es");
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("No encontrado.");
    const unknown = await api("GET", "/accounts/00000000-0000-4000-8000-000000000000", admin.token);
    expect(unknown.status).toBe(404);
  });
});

describe("POST /accounts/:id", () => {
  test("a partial update merges into each group and audits only what changed", async () => {
    const first = await api("POST", `/accounts/${owner.accountId}`, owner.token, {
      params: { language: "fr", phone: "0102030405" },
      defaultEventParams: { maxCompanions: 2 },
    });
    expect(first.status).toBe(200);
    const second = await api("POST", `/accounts/${owner.accountId}`, owner.token, {
      name: "Acme Live",
      params: { website: "https://acme.test" },
      settings: { retentionDays: 400, defaultDomain: "Events.Acme.test" },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      name: "Acme Live",
      params: { language: "fr", phone: "0102030405", website: "https://acme.test", timezone: "Europe/Paris" },
      defaultEventParams: { maxCompanions: 2, ratingMax: 5 },
      settings: { retentionDays: 400, defaultDomain: "events.acme.test", multilang: true },
    });
    const [row] = await t.context.db.select().from(accounts).where(eq(accounts.id, owner.accountId));
    expect(row).toMatchObject({ name: "Acme Live", retentionDays: 400, defaultDomain: "events.acme.test" });
    expect(row?.params).toMatchObject({ language: "fr", phone: "0102030405" });

    const [audit] = await auditRows(t, owner.accountId, "accounts.account.updated");
    expect(audit?.before).toEqual({
      name: "Acme Events",
      "params.website": null,
      "settings.retentionDays": 365,
      "settings.defaultDomain": null,
    });
    expect(audit?.after).toEqual({
      name: "Acme Live",
      "params.website": "https://acme.test",
      "settings.retentionDays": 400,
      "settings.defaultDomain": "events.acme.test",
    });
  });

  test("a stored value today's rules refuse is left out alone: the other params are kept", async () => {
    // Saved before links were checked: a website without http(s).
    await t.context.db
      .update(accounts)
      .set({ params: { language: "fr", phone: "0102030405", website: "acme.test", timezone: "Europe/Paris" } })
      .where(eq(accounts.id, other.accountId));
    const read = await api("GET", `/accounts/${other.accountId}`, other.token);
    expect(read.status).toBe(200);
    expect(read.body.params).toMatchObject({ language: "fr", phone: "0102030405", timezone: "Europe/Paris" });
    expect(read.body.params.website).not.toBe("acme.test");
  });

  test("an update that changes nothing writes no audit row", async () => {
    const before = (await auditRows(t, owner.accountId, "accounts.account.updated")).length;
    const response = await api("POST", `/accounts/${owner.accountId}`, owner.token, {
      settings: { retentionDays: 400 },
    });
    expect(response.status).toBe(200);
    expect(await auditRows(t, owner.accountId, "accounts.account.updated")).toHaveLength(before);
  });

  test("limits need a platform admin: 403 for an overseer, even mixed with allowed changes", async () => {
    const response = await api("POST", `/accounts/${owner.accountId}`, owner.token, {
      name: "Sneaky",
      limits: { maxOrganizers: 500 },
    });
    expect(response.status).toBe(403);
    const [row] = await t.context.db.select().from(accounts).where(eq(accounts.id, owner.accountId));
    expect(row).toMatchObject({ name: "Acme Live", maxOrganizers: 10 });

    const allowed = await api("POST", `/accounts/${owner.accountId}`, admin.token, {
      limits: { maxOrganizers: 25, modules: { multilang: true, ebadge: false, misc: true, singleImagePartners: true } },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.limits).toMatchObject({
      maxOrganizers: 25,
      modules: { ebadge: false, singleImagePartners: true },
      offlineCheckinLimit: 3,
    });
  });

  test("a reader cannot change settings", async () => {
    const response = await api("POST", `/accounts/${owner.accountId}`, reader.token, { name: "Mine" });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe("You are not allowed to do this.");
  });

  test("validation: out-of-range numbers and a malformed domain are field errors", async () => {
    const response = await api("POST", `/accounts/${owner.accountId}`, owner.token, {
      settings: { retentionDays: 5, defaultDomain: "not a domain" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({
      "settings.retentionDays": "This number is too small.",
      "settings.defaultDomain": "This value is not valid.",
    });
  });

  test("two accounts cannot share a domain: 409", async () => {
    const response = await api(
      "POST",
      `/accounts/${other.accountId}`,
      other.token,
      { settings: { defaultDomain: "events.acme.test" } },
      "fr",
    );
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "SETTINGS_NOT_SAVED",
      message:
        "Les paramètres n'ont pas pu être enregistrés. Raison : le domaine events.acme.test est déjà utilisé par un autre compte.",
      fields: { "settings.defaultDomain": "Ce domaine est déjà utilisé par un autre compte." },
    });
    const english = await api("POST", `/accounts/${other.accountId}`, other.token, {
      settings: { defaultDomain: "events.acme.test" },
    });
    expect(english.body.error.message).toBe(
      "Settings could not be saved. Reason: the domain events.acme.test is already used by another account.",
    );
  });
});

describe("GET /accounts/:account/auditlogs", () => {
  test("lists the account's rows, filters by query and excludes actions (comma-joined)", async () => {
    const url = `/accounts/${owner.accountId}/auditlogs`;
    await api("POST", `/accounts/${owner.accountId}/teams`, owner.token, { name: "Crew" });
    const all = await api("GET", url, owner.token);
    expect(all.status).toBe(200);
    const actions = all.body.items.map((row: { action: string }) => row.action);
    expect(actions).toContain("accounts.account.updated");
    expect(actions).toContain("auth.account.registered");
    expect(all.body.items.every((row: { accountId: string }) => row.accountId === owner.accountId)).toBe(true);

    const searched = await api("GET", `${url}?query=account.updated`, owner.token);
    expect(searched.body.total).toBeGreaterThan(0);
    expect(searched.body.items.every((row: { action: string }) => row.action === "accounts.account.updated")).toBe(
      true,
    );

    const hidden = ["accounts.account.updated", "auth.account.registered"];
    const excluded = await api("GET", `${url}?exclude=${hidden.join(",")}`, owner.token);
    expect(excluded.status).toBe(200);
    const kept = actions.filter((action: string) => !hidden.includes(action));
    expect(kept.length).toBeGreaterThan(0);
    expect(excluded.body.items.map((row: { action: string }) => row.action)).toEqual(kept);
    expect(kept).toContain("accounts.team.created");
  });

  test("a reader gets 403 and another tenant 404", async () => {
    const url = `/accounts/${owner.accountId}/auditlogs`;
    expect((await api("GET", url, reader.token)).status).toBe(403);
    expect((await api("GET", url, other.token)).status).toBe(404);
  });
});
