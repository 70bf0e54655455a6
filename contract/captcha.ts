import { z } from "zod";

/**
 * The self-hosted proof-of-work captcha of the public forms, in ALTCHA's shape: the server hides a number in
 * `challenge = SHA-256(salt + number)` and signs the challenge; the browser finds the number by trying them all.
 * The salt carries its expiry as `?expires=<unix seconds>`, so it is signed with the challenge it produced.
 */
export const captchaAlgorithm = "SHA-256";

/** The largest hidden number: about a second of hashing on a phone, thousands of seconds for a bulk sender. */
export const captchaMaxNumber = 50_000;

export const captchaChallengeSchema = z.object({
  algorithm: z.literal(captchaAlgorithm),
  challenge: z.string(),
  salt: z.string(),
  maxnumber: z.number().int(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** What a public form sends back: the challenge as received, with the number found. */
export const captchaSolutionSchema = z.object(
  {
    algorithm: z.literal(captchaAlgorithm, "CAPTCHA_INVALID"),
    challenge: z.string("CAPTCHA_INVALID").max(128, "CAPTCHA_INVALID"),
    salt: z.string("CAPTCHA_INVALID").max(128, "CAPTCHA_INVALID"),
    number: z.number("CAPTCHA_INVALID").int("CAPTCHA_INVALID").min(0, "CAPTCHA_INVALID"),
    signature: z.string("CAPTCHA_INVALID").max(128, "CAPTCHA_INVALID"),
  },
  "CAPTCHA_INVALID",
);
export type CaptchaSolution = z.infer<typeof captchaSolutionSchema>;

/** The expiry a salt carries, in unix seconds; undefined when it carries none. */
export function captchaExpiry(salt: string): number | undefined {
  const query = salt.split("?")[1];
  const expires = Number(new URLSearchParams(query ?? "").get("expires"));
  return query && Number.isInteger(expires) && expires > 0 ? expires : undefined;
}
