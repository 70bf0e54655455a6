import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../db/connection.js";
import { apiKeys } from "../modules/accounts/accounts.tables.js";
import { users, userTokens } from "../modules/auth/auth.tables.js";
import { AppError } from "./errors.js";
import { type Language, languageFromHeader } from "./language.js";
import { hashSecret } from "./tokens.js";

export const apiKeyPrefix = "ak_";
/**
 * Member area sessions (a guest of one event) travel as bearer tokens too. They are no organizer's: the guard leaves
 * them to the public member routes, so on any organizer route they meet "please sign in".
 */
export const memberSessionPrefix = "ms_";

/** Who is calling: a signed-in organizer user, or an account's API key. */
export type Principal =
  | { kind: "user"; userId: string; email: string; label: string; isPlatformAdmin: boolean; sessionId: string }
  | { kind: "apiKey"; apiKeyId: string; accountId: string; label: string };

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
    language: Language;
  }
}

async function resolvePrincipal(db: Database, secret: string): Promise<Principal | null> {
  const hash = hashSecret(secret);
  if (secret.startsWith(apiKeyPrefix)) {
    const [key] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)));
    if (!key) return null;
    // "Last used" to the minute is enough; writing it on every call would turn each read of an integration into a write.
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) {
      await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, key.id));
    }
    return { kind: "apiKey", apiKeyId: key.id, accountId: key.accountId, label: `API key ${key.name}` };
  }
  const [row] = await db
    .select({ sessionId: userTokens.id, user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, hash),
        eq(userTokens.purpose, "session"),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    );
  if (!row) return null;
  const { user } = row;
  return {
    kind: "user",
    userId: user.id,
    email: user.email,
    label: `${user.firstName} ${user.lastName}`.trim() || user.email,
    isPlatformAdmin: user.isPlatformAdmin,
    sessionId: row.sessionId,
  };
}

/** Reads the bearer token (session or API key) of every request; routes decide whether one is required. */
export function registerAuthGuard(app: FastifyInstance, db: Database) {
  app.decorateRequest("principal", null);
  app.decorateRequest("language", "en");
  app.addHook("onRequest", async (request) => {
    request.language = languageFromHeader(request.headers["accept-language"]);
    const header = request.headers.authorization;
    if (!header?.toLowerCase().startsWith("bearer ")) return;
    const secret = header.slice(7).trim();
    if (!secret || secret.startsWith(memberSessionPrefix)) return;
    request.principal = await resolvePrincipal(db, secret);
    if (!request.principal) throw new AppError(401, "UNAUTHENTICATED");
  });
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError(401, "UNAUTHENTICATED");
  return request.principal;
}

/** Routes about the person (me, logout, administrators) need a user, not an API key. */
export function requireUser(request: FastifyRequest): Extract<Principal, { kind: "user" }> {
  const principal = requirePrincipal(request);
  if (principal.kind !== "user") throw new AppError(403, "FORBIDDEN");
  return principal;
}

export function requirePlatformAdmin(request: FastifyRequest): Extract<Principal, { kind: "user" }> {
  const user = requireUser(request);
  if (!user.isPlatformAdmin) throw new AppError(403, "FORBIDDEN");
  return user;
}
