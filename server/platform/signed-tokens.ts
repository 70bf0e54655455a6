import { createHmac, timingSafeEqual } from "node:crypto";
import { captchaSecret } from "./captcha.js";
import type { AppContext } from "./context.js";

/**
 * Tokens that prove the app made them, with nothing stored: `<id>.<HMAC-SHA256 of purpose:id>` in base64url. Used by
 * the campaign mails' tracking links and by a guest's personal registration link, so nobody can make up another
 * guest's or recipient's token. The purpose keeps one kind of token from passing for another.
 */

const secrets = new WeakMap<AppContext, Promise<string>>();

/** CAMPAIGN_TRACKING_SECRET, or one derived from the captcha's (shared by every instance through the database). */
export function linkSigningSecret(context: AppContext): Promise<string> {
  if (context.config.campaigns.trackingSecret) return Promise.resolve(context.config.campaigns.trackingSecret);
  let secret = secrets.get(context);
  if (!secret) {
    secret = captchaSecret(context).then((base) =>
      createHmac("sha256", base).update("campaign-tracking").digest("base64url"),
    );
    secret.catch(() => secrets.delete(context));
    secrets.set(context, secret);
  }
  return secret;
}

/** 128 bits of an HMAC-SHA256, base64url. */
export const signText = (secret: string, text: string) =>
  createHmac("sha256", secret).update(text).digest("base64url").slice(0, 22);

/** Compares in constant time. */
export const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `<id>.<hmac of purpose:id>`. */
export const signedIdToken = (secret: string, purpose: string, id: string) =>
  `${id}.${signText(secret, `${purpose}:${id}`)}`;

/** The id (a UUID) a token of this purpose names, when its HMAC is right. */
export function idOfSignedToken(secret: string, purpose: string, token: string): string | undefined {
  const [id = "", signature = "", ...rest] = token.split(".");
  if (rest.length > 0 || !uuidPattern.test(id)) return undefined;
  return sameText(signature, signText(secret, `${purpose}:${id}`)) ? id : undefined;
}
