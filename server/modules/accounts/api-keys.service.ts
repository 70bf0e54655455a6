import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ApiKey } from "../../../contract/accounts.js";
import type { Database, Executor } from "../../db/connection.js";
import type { Principal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { hashSecret, newSecret } from "../../platform/tokens.js";
import { recordAudit } from "../audit/audit.service.js";
import { sessionPrincipal } from "../auth/auth.principal.js";
import type { Caller } from "./accounts.service.js";
import { apiKeys } from "./accounts.tables.js";

export const apiKeyPrefix = "ak_";

/** Who a bearer secret belongs to: an account's API key by its prefix, else a user's session. */
export async function resolvePrincipal(db: Database, secret: string): Promise<Principal | null> {
  if (!secret.startsWith(apiKeyPrefix)) return sessionPrincipal(db, secret);
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashSecret(secret)), isNull(apiKeys.revokedAt)));
  if (!key) return null;
  // "Last used" to the minute is enough; writing it on every call would turn each read of an integration into a write.
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, key.id));
  }
  return { kind: "apiKey", apiKeyId: key.id, accountId: key.accountId, label: `API key ${key.name}` };
}

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Enough of the key to tell keys apart in a list, far too little to guess the rest. */
const displayedLength = 10;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Newest first, revoked keys included so the history stays readable. */
export async function listApiKeys(executor: Executor, accountId: string): Promise<{ items: ApiKey[]; total: number }> {
  const rows = await executor
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { items: rows.map(toApiKey), total: rows.length };
}

/** The key itself is answered once, here; only its hash is stored. */
export async function createApiKey(
  context: AppContext,
  caller: Caller,
  accountId: string,
  name: string,
): Promise<{ key: string; apiKey: ApiKey }> {
  const key = newSecret(apiKeyPrefix);
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        accountId,
        name,
        prefix: key.slice(0, displayedLength),
        keyHash: hashSecret(key),
        createdBy: caller.principal.kind === "user" ? caller.principal.userId : null,
      })
      .returning();
    if (!row) throw new AppError(409, "NOT_SAVED");
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "accounts.api_key.created",
        targetType: "api_key",
        targetId: row.id,
        after: { name, prefix: row.prefix },
      },
      caller.ip,
    );
    return { key, apiKey: toApiKey(row) };
  });
}

/** A revoked key stops authenticating at once; revoking it again changes nothing. */
export async function revokeApiKey(
  context: AppContext,
  caller: Caller,
  accountId: string,
  keyId: string,
): Promise<ApiKey> {
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)))
      .for("update");
    if (!row) throw new AppError(404, "NOT_FOUND");
    if (row.revokedAt) return toApiKey(row);
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: sql`now()` }).where(eq(apiKeys.id, keyId)).returning();
    if (!revoked) throw new AppError(404, "NOT_FOUND");
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "accounts.api_key.revoked",
        targetType: "api_key",
        targetId: keyId,
        before: { name: row.name, prefix: row.prefix },
      },
      caller.ip,
    );
    return toApiKey(revoked);
  });
}
