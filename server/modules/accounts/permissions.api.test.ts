import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth.js";
import { hashSecret } from "../../platform/tokens.js";
import { addMember, addPlatformAdmin, registerAccount } from "../../testing/fixtures.js";
import { type RequestOptions, testAppForFile } from "../../testing/test-app.js";
import { users } from "../auth/auth.tables.js";
import { accountMembers, apiKeys, teams } from "./accounts.tables.js";

/**
 * Every teams, organizers, API keys and settings route against every kind of caller: the four roles of the account,
 * a platform admin, an API key of the account, and a user of another account (who must learn nothing: 404).
 */
const actors = ["overseer", "organizer", "editor", "reader", "platformAdmin", "apiKey", "outsider"] as const;
type Actor = (typeof actors)[number];

const t = testAppForFile();
let accountId: string;
let readerId: string;
const tokens = {} as Record<Actor, string>;

beforeAll(async () => {
  const owner = await registerAccount(t, { accountName: "Acme Events" });
  accountId = owner.accountId;
  tokens.overseer = owner.token;
  for (const role of ["organizer", "editor", "reader"] as const) {
    const member = await addMember(t, accountId, role);
    tokens[role] = member.token;
    if (role === "reader") readerId = member.userId;
  }
  tokens.platformAdmin = (await addPlatformAdmin(t)).token;
  tokens.outsider = (await registerAccount(t, { accountName: "Globex Shows" })).token;
  const key = await t.request({
    method: "POST",
    url: `/api/v1/accounts/${accountId}/apikeys`,
    token: owner.token,
    body: { name: "Matrix" },
  });
  tokens.apiKey = key.body.key;
});

const unique = () => randomBytes(4).toString("hex");

/** A user of the account with `role` (or of no account), without password: a pending invitation. */
async function freshUser(role: AccountRole | null = "reader") {
  const [user] = await t.context.db
    .insert(users)
    .values({ email: `fresh-${unique()}@example.test`, firstName: "Fresh", lastName: "User" })
    .returning();
  if (!user) throw new Error("user insert failed");
  if (role) await t.context.db.insert(accountMembers).values({ accountId, userId: user.id, role });
  return user.id;
}

async function freshTeam() {
  const [team] = await t.context.db
    .insert(teams)
    .values({ accountId, name: `Team ${unique()}` })
    .returning();
  if (!team) throw new Error("team insert failed");
  return team.id;
}

async function freshKey() {
  const [key] = await t.context.db
    .insert(apiKeys)
    .values({ accountId, name: "Spare", prefix: "ak_spare", keyHash: hashSecret(unique()) })
    .returning();
  if (!key) throw new Error("key insert failed");
  return key.id;
}

type Request = Omit<RequestOptions, "token">;
type Case = { name: string; status: number; allowed: readonly Actor[]; request: () => Promise<Request> };

const everyone: readonly Actor[] = ["overseer", "organizer", "editor", "reader", "platformAdmin", "apiKey"];
const overseers: readonly Actor[] = ["overseer", "platformAdmin"];
const managers: readonly Actor[] = ["overseer", "platformAdmin", "apiKey"];
const base = () => `/api/v1/accounts/${accountId}`;

const cases: Case[] = [
  { name: "read the account", status: 200, allowed: everyone, request: async () => ({ method: "GET", url: base() }) },
  {
    name: "change settings",
    status: 200,
    allowed: managers,
    request: async () => ({ method: "POST", url: base(), body: { settings: { multilang: true } } }),
  },
  {
    name: "change limits",
    status: 200,
    allowed: ["platformAdmin"],
    request: async () => ({ method: "POST", url: base(), body: { limits: { offlineCheckinLimit: 4 } } }),
  },
  {
    name: "list organizers",
    status: 200,
    allowed: everyone,
    request: async () => ({ method: "GET", url: `/api/v1/administrators?accountId=${accountId}` }),
  },
  {
    name: "invite an organizer",
    status: 201,
    allowed: overseers,
    request: async () => ({
      method: "POST",
      url: "/api/v1/administrators",
      body: { accountId, email: `invited-${unique()}@example.test`, role: "reader" },
    }),
  },
  {
    name: "change a role",
    status: 200,
    allowed: overseers,
    request: async () => ({
      method: "PUT",
      url: `${base()}/administrators/${await freshUser()}`,
      body: { role: "editor" },
    }),
  },
  {
    name: "rename an organizer",
    status: 200,
    allowed: overseers,
    request: async () => ({
      method: "POST",
      url: `/api/v1/administrators/${await freshUser()}`,
      body: { firstName: "Renamed" },
    }),
  },
  {
    name: "invite again",
    status: 200,
    allowed: overseers,
    request: async () => ({
      method: "POST",
      url: `/api/v1/administrators/${await freshUser()}/invite`,
      body: { accountId },
    }),
  },
  {
    name: "remove an organizer",
    status: 200,
    allowed: overseers,
    request: async () => ({ method: "DELETE", url: `${base()}/administrators/${await freshUser()}` }),
  },
  {
    name: "list teams",
    status: 200,
    allowed: everyone,
    request: async () => ({ method: "GET", url: `${base()}/teams` }),
  },
  {
    name: "read a team",
    status: 200,
    allowed: everyone,
    request: async () => ({ method: "GET", url: `${base()}/teams/${await freshTeam()}` }),
  },
  {
    name: "create a team",
    status: 201,
    allowed: managers,
    request: async () => ({ method: "POST", url: `${base()}/teams`, body: { name: `Team ${unique()}` } }),
  },
  {
    name: "rename a team",
    status: 200,
    allowed: managers,
    request: async () => ({ method: "POST", url: `${base()}/teams/${await freshTeam()}`, body: { name: unique() } }),
  },
  {
    name: "delete a team",
    status: 200,
    allowed: managers,
    request: async () => ({ method: "DELETE", url: `${base()}/teams/${await freshTeam()}` }),
  },
  {
    name: "add a team member",
    status: 200,
    allowed: managers,
    request: async () => ({ method: "PUT", url: `${base()}/teams/${await freshTeam()}/administrators/${readerId}` }),
  },
  {
    name: "remove a team member",
    status: 200,
    allowed: managers,
    request: async () => ({
      method: "DELETE",
      url: `${base()}/teams/${await freshTeam()}/administrators/${readerId}`,
    }),
  },
  {
    name: "list API keys",
    status: 200,
    allowed: overseers,
    request: async () => ({ method: "GET", url: `${base()}/apikeys` }),
  },
  {
    name: "create an API key",
    status: 201,
    allowed: overseers,
    request: async () => ({ method: "POST", url: `${base()}/apikeys`, body: { name: "New key" } }),
  },
  {
    name: "revoke an API key",
    status: 200,
    allowed: overseers,
    request: async () => ({ method: "DELETE", url: `${base()}/apikeys/${await freshKey()}` }),
  },
  {
    name: "read the audit log",
    status: 200,
    allowed: managers,
    request: async () => ({ method: "GET", url: `${base()}/auditlogs` }),
  },
];

const expected = (entry: Case, actor: Actor) =>
  entry.allowed.includes(actor) ? entry.status : actor === "outsider" ? 404 : 403;

describe("account routes by caller", () => {
  const table = cases.flatMap((entry) => actors.map((actor) => [entry.name, actor, expected(entry, actor)] as const));

  it.each(table)("%s as %s answers %i", async (name, actor, status) => {
    const entry = cases.find((candidate) => candidate.name === name);
    if (!entry) throw new Error(`no case ${name}`);
    const response = await t.request({ ...(await entry.request()), token: tokens[actor] });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    if (status === 403) expect(response.body.error.message).toBe("You are not allowed to do this.");
    if (status === 404) expect(["NOT_FOUND", "ORGANIZER_NOT_FOUND"]).toContain(response.body.error.code);
  });
});

describe("platform routes", () => {
  const platformCases: Case[] = [
    {
      name: "create an account",
      status: 201,
      allowed: ["platformAdmin"],
      request: async () => ({ method: "POST", url: "/api/v1/accounts", body: { name: "New customer" } }),
    },
    {
      name: "delete a user",
      status: 200,
      allowed: ["platformAdmin"],
      request: async () => ({ method: "DELETE", url: `/api/v1/administrators/${await freshUser(null)}` }),
    },
  ];
  const table = platformCases.flatMap((entry) =>
    actors.map((actor) => [entry.name, actor, entry.allowed.includes(actor) ? entry.status : 403] as const),
  );

  it.each(table)("%s as %s answers %i", async (name, actor, status) => {
    const entry = platformCases.find((candidate) => candidate.name === name);
    if (!entry) throw new Error(`no case ${name}`);
    const response = await t.request({ ...(await entry.request()), token: tokens[actor] });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
  });
});
