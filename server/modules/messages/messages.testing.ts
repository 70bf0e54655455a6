import { createHash } from "node:crypto";
import { type CaptchaSolution, captchaExpiry } from "../../../contract/captcha.js";
import { captchaSecret, createCaptchaChallenge } from "../../platform/captcha.js";
import type { TestApp } from "../../testing/test-app.js";

/** Helpers shared by the messages API tests. */

/**
 * A solution to a challenge signed with the server's own secret, hiding a number below 10: tests of the contact
 * form check what the server does with a solution, not how long finding one takes (captcha.test.ts does).
 */
export async function quickCaptcha(t: TestApp, options: { expiresAt?: number } = {}): Promise<CaptchaSolution> {
  const challenge = createCaptchaChallenge(await captchaSecret(t.context), { maxNumber: 9, ...options });
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (
      createHash("sha256")
        .update(challenge.salt + number)
        .digest("hex") === challenge.challenge
    ) {
      const { maxnumber: _max, ...signed } = challenge;
      return { ...signed, number };
    }
  }
  throw new Error(`no number solves the challenge (expires ${captchaExpiry(challenge.salt)})`);
}

let clientNumber = 0;
/** A client address of its own for each sender, so the per-address limit of the contact form stays out of the way. */
export const freshIp = () => `192.0.2.${(clientNumber++ % 250) + 1}`;

export const contactUrl = (slug: string) => `/api/v1/public/events/${slug}/contact`;

export function contactBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Hélène Durand",
    email: "helene@example.test",
    subject: "Parking",
    message: "Is there a car park near the venue?",
    privacyAccepted: true,
    ...overrides,
  };
}

/** Sends the contact form as a visitor does, from its own address unless `ip` is given. */
export async function sendContact(
  t: TestApp,
  slug: string,
  overrides: Record<string, unknown> = {},
  options: { ip?: string; language?: string } = {},
) {
  return t.request({
    method: "POST",
    url: contactUrl(slug),
    body: { captcha: await quickCaptcha(t), ...contactBody(overrides) },
    language: options.language,
    headers: { "x-forwarded-for": options.ip ?? freshIp() },
  });
}
