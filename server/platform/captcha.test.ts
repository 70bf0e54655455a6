import { describe, expect, it } from "vitest";
import { solveCaptcha } from "../../web/ui/captcha-solver.js";
import { createCaptchaChallenge, isCaptchaSolved } from "./captcha.js";

const secret = "a-test-secret-of-some-length";
const now = Math.floor(Date.now() / 1000);

describe("captcha: the browser's solver and the server's verifier", () => {
  it("finds the hidden number, which the server accepts until the challenge expires", async () => {
    const challenge = createCaptchaChallenge(secret, { maxNumber: 5000 });
    expect(challenge.salt).toMatch(/^[0-9a-f]{24}\?expires=\d+$/);
    const solution = await solveCaptcha(challenge);
    expect(solution).not.toBeNull();
    if (!solution) return;
    expect(isCaptchaSolved(secret, solution)).toBe(true);
    expect(isCaptchaSolved(secret, solution, now + 21 * 60)).toBe(false);
  });

  it("refuses a wrong number, another server's signature, a changed salt or an expired challenge", async () => {
    const challenge = createCaptchaChallenge(secret, { maxNumber: 2000 });
    const solution = await solveCaptcha(challenge);
    if (!solution) throw new Error("no solution");
    expect(isCaptchaSolved(secret, { ...solution, number: solution.number + 1 })).toBe(false);
    expect(isCaptchaSolved("another-secret-of-some-length", solution)).toBe(false);
    expect(isCaptchaSolved(secret, { ...solution, signature: "00" })).toBe(false);
    // Pushing the expiry back changes the salt, so the signed challenge no longer matches it.
    const later = { ...solution, salt: solution.salt.replace(/expires=\d+/, `expires=${now + 9999}`) };
    expect(isCaptchaSolved(secret, later)).toBe(false);
    expect(isCaptchaSolved(secret, { ...solution, salt: solution.salt.split("?")[0] ?? "" })).toBe(false);

    const expired = createCaptchaChallenge(secret, { maxNumber: 100, expiresAt: now - 1 });
    const late = await solveCaptcha(expired);
    if (!late) throw new Error("no solution");
    expect(isCaptchaSolved(secret, late)).toBe(false);
  });

  it("gives up on a challenge without a solution, and stops when aborted", async () => {
    const challenge = { ...createCaptchaChallenge(secret, { maxNumber: 600 }), challenge: "f".repeat(64) };
    expect(await solveCaptcha(challenge)).toBeNull();
    const controller = new AbortController();
    controller.abort();
    expect(await solveCaptcha(createCaptchaChallenge(secret), controller.signal)).toBeNull();
  });

  it("solves the real difficulty in well under a few seconds", async () => {
    const started = performance.now();
    expect(await solveCaptcha(createCaptchaChallenge(secret))).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
