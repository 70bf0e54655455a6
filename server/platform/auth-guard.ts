import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.js";
import { type Language, languageFromHeader } from "./language.js";

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

/** Who a bearer secret (session token or API key) belongs to, or null when it is no valid one. */
export type PrincipalResolver = (secret: string) => Promise<Principal | null>;

/** Reads the bearer token (session or API key) of every request; routes decide whether one is required. */
export function registerAuthGuard(app: FastifyInstance, resolvePrincipal: PrincipalResolver) {
  app.decorateRequest("principal", null);
  app.decorateRequest("language", "en");
  app.addHook("onRequest", async (request) => {
    request.language = languageFromHeader(request.headers["accept-language"]);
    const header = request.headers.authorization;
    if (!header?.toLowerCase().startsWith("bearer ")) return;
    const secret = header.slice(7).trim();
    if (!secret || secret.startsWith(memberSessionPrefix)) return;
    request.principal = await resolvePrincipal(secret);
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
