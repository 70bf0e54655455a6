import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { lt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { captchaEndpoints } from "../../contract/captcha.endpoints.js";
import {
  type CaptchaChallenge,
  type CaptchaSolution,
  captchaAlgorithm,
  captchaExpiry,
  captchaMaxNumber,
} from "../../contract/captcha.js";
import type { Database, Executor } from "../db/connection.js";
import { captchaSecrets, captchaUses } from "./captcha.tables.js";
import type { AppContext } from "./context.js";
import { registerEndpoints } from "./endpoints.js";
import { AppError } from "./errors.js";

/** Long enough to fill in a form; the browser fetches a fresh challenge past it. */
export const captchaLifetimeSeconds = 20 * 60;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const sign = (secret: string, challenge: string) => createHmac("sha256", secret).update(challenge).digest("hex");
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A new challenge signed with `secret`, hiding a random number up to `maxNumber`. */
export function createCaptchaChallenge(
  secret: string,
  options: { maxNumber?: number; expiresAt?: number } = {},
): CaptchaChallenge {
  const maxnumber = options.maxNumber ?? captchaMaxNumber;
  const expires = options.expiresAt ?? nowSeconds() + captchaLifetimeSeconds;
  const salt = `${randomBytes(12).toString("hex")}?expires=${expires}`;
  const challenge = sha256(salt + randomInt(0, maxnumber + 1));
  return { algorithm: captchaAlgorithm, challenge, salt, maxnumber, signature: sign(secret, challenge) };
}

/** Whether a solution answers a challenge this server signed and that has not expired (single use is checked apart). */
export function isCaptchaSolved(secret: string, solution: CaptchaSolution, now = nowSeconds()): boolean {
  const expires = captchaExpiry(solution.salt);
  if (solution.algorithm !== captchaAlgorithm || expires === undefined || expires <= now) return false;
  const expected = Buffer.from(sign(secret, solution.challenge));
  const given = Buffer.from(solution.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return sha256(solution.salt + solution.number) === solution.challenge;
}

/** One secret per database: read (or created by the first instance) once, then kept for the process's life. */
const storedSecrets = new WeakMap<Database, Promise<string>>();

async function readOrCreateSecret(db: Database): Promise<string> {
  await db
    .insert(captchaSecrets)
    .values({ id: 1, secret: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: captchaSecrets.secret }).from(captchaSecrets);
  if (!row) throw new Error("the captcha secret could not be stored");
  return row.secret;
}

export function captchaSecret(context: AppContext): Promise<string> {
  if (context.config.captchaSecret) return Promise.resolve(context.config.captchaSecret);
  let secret = storedSecrets.get(context.db);
  if (!secret) {
    secret = readOrCreateSecret(context.db);
    // A failed read is not remembered: the next request tries again.
    secret.catch(() => storedSecrets.delete(context.db));
    storedSecrets.set(context.db, secret);
  }
  return secret;
}

const captchaInvalid = () => new AppError(400, "CAPTCHA_INVALID", { fields: { captcha: { code: "CAPTCHA_INVALID" } } });

/**
 * Checks a solution against the secret, before the caller's transaction: reading the secret may take a query of its
 * own, which an open transaction on the embedded database's single connection would block.
 */
export async function checkCaptcha(context: AppContext, solution: CaptchaSolution) {
  if (!isCaptchaSolved(await captchaSecret(context), solution)) throw captchaInvalid();
}

/**
 * Spends a checked solution in the caller's transaction, so a replay (even one racing on another instance) meets the
 * primary key, and a form refused later leaves the solution unspent.
 */
export async function spendCaptcha(executor: Executor, solution: CaptchaSolution) {
  // Expired records can no longer be replayed: they go.
  await executor.delete(captchaUses).where(lt(captchaUses.expiresAt, new Date()));
  const expiresAt = new Date((captchaExpiry(solution.salt) ?? 0) * 1000);
  const [used] = await executor
    .insert(captchaUses)
    .values({ challenge: solution.challenge, expiresAt })
    .onConflictDoNothing()
    .returning({ challenge: captchaUses.challenge });
  if (!used) throw captchaInvalid();
}

/** GET /public/captcha: a fresh challenge for a public form. */
export function registerCaptchaRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, captchaEndpoints, {
    challenge: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return createCaptchaChallenge(await captchaSecret(context));
    },
  });
}
