import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { hashSecret } from "../../platform/tokens.js";
import { testAppForFile } from "../../testing/test-app.js";
import { apiKeys } from "./accounts.tables.js";
import { accountsApi, auditRows, twoAccountsForFile } from "./accounts.testing.js";

const t = testAppForFile();
const { owner, other } = twoAccountsForFile(t);

const api = accountsApi(t);
const keysUrl = (accountId = owner.accountId) => `/accounts/${accountId}/apikeys`;

describe("API keys", () => {
  let key: string;
  let keyId: string;

  test("POST answers the key once; only its hash and a short prefix are stored", async () => {
    const response = await api("POST", keysUrl(), owner.token, { name: "CRM sync" });
    expect(response.status).toBe(201);
    key = response.body.key;
    keyId = response.body.apiKey.id;
    expect(key).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
    expect(response.body.apiKey).toEqual({
      id: expect.any(String),
      name: "CRM sync",
      prefix: key.slice(0, 10),
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    const [row] = await t.context.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row).toMatchObject({ accountId: owner.accountId, keyHash: hashSecret(key), createdBy: owner.userId });
    expect(JSON.stringify(row)).not.toContain(key);
    const [audit] = await auditRows(t, owner.accountId, "accounts.api_key.created");
    expect(audit).toMatchObject({ targetId: keyId, after: { name: "CRM sync", prefix: key.slice(0, 10) } });
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  test("a name is required", async () => {
    const response = await api("POST", keysUrl(), owner.token, { name: "" }, "fr");
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ name: "Ce champ est obligatoire." });
  });

  test("the key works on its own account and records its use; another account is 404", async () => {
    const own = await api("GET", `/accounts/${owner.accountId}`, key);
    expect(own.status).toBe(200);
    expect(own.body.name).toBe("Acme Events");
    const list = await api("GET", "/accounts", key);
    expect(list.body).toMatchObject({ total: 1, items: [{ id: owner.accountId }] });
    const foreign = await api("GET", `/accounts/${other.accountId}`, key);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("Not found.");
    const [row] = await t.context.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row?.lastUsedAt).not.toBeNull();
  });

  test("a key cannot manage keys", async () => {
    expect((await api("GET", keysUrl(), key)).status).toBe(403);
    expect((await api("POST", keysUrl(), key, { name: "Child" })).status).toBe(403);
    expect((await api("DELETE", `${keysUrl()}/${keyId}`, key)).status).toBe(403);
  });

  test("GET lists the account's keys newest first, never the key itself", async () => {
    const second = await api("POST", keysUrl(), owner.token, { name: "Badge printer" });
    await api("POST", keysUrl(other.accountId), other.token, { name: "Globex key" });
    const response = await api("GET", keysUrl(), owner.token);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    expect(response.body.items.map((item: { name: string }) => item.name)).toEqual(["Badge printer", "CRM sync"]);
    expect(JSON.stringify(response.body)).not.toContain(second.body.key);
  });

  test("DELETE revokes: the key stops working at once and stays listed with revokedAt", async () => {
    const response = await api("DELETE", `${keysUrl()}/${keyId}`, owner.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: keyId, revokedAt: expect.any(String) });
    const refused = await api("GET", `/accounts/${owner.accountId}`, key, undefined, "es");
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe("Inicie sesión para continuar.");
    const list = await api("GET", keysUrl(), owner.token);
    expect(list.body.items.find((item: { id: string }) => item.id === keyId).revokedAt).toBe(response.body.revokedAt);
    const [audit] = await auditRows(t, owner.accountId, "accounts.api_key.revoked");
    expect(audit).toMatchObject({ targetId: keyId, before: { name: "CRM sync" } });

    const again = await api("DELETE", `${keysUrl()}/${keyId}`, owner.token);
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(response.body.revokedAt);
    expect(await auditRows(t, owner.accountId, "accounts.api_key.revoked")).toHaveLength(1);
  });

  test("a key of another account is 404", async () => {
    const [foreign] = await t.context.db.select().from(apiKeys).where(eq(apiKeys.accountId, other.accountId));
    const response = await api("DELETE", `${keysUrl()}/${foreign?.id}`, owner.token);
    expect(response.status).toBe(404);
    const [row] = await t.context.db.select().from(apiKeys).where(eq(apiKeys.accountId, other.accountId));
    expect(row?.revokedAt).toBeNull();
  });
});
