import { describe, expect, test } from "vitest";
import { mailsTo, registerAccount, testPassword } from "../../testing/fixtures.js";
import { type TestApp, testAppForFile } from "../../testing/test-app.js";
import { quickCaptcha } from "../messages/messages.testing.js";

const t = testAppForFile();

// The app trusts the proxy in front of it, so X-Forwarded-For is the client address the limits count.
const from = (ip: string, url: string, body: unknown, language?: string) =>
  t.request({ method: "POST", url: `/api/v1${url}`, body, language, headers: { "x-forwarded-for": ip } });

function expectRateLimited(response: Awaited<ReturnType<TestApp["request"]>>, minutes: number) {
  expect(response.status).toBe(429);
  expect(response.body.error).toEqual({
    code: "RATE_LIMITED",
    message: `Too many attempts. Please wait ${minutes} minutes and try again.`,
  });
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
}

describe("sign-in limits", () => {
  test("wrong passwords on an address never lock its owner out: past 5, a sign-in to it needs a captcha", async () => {
    const owner = await registerAccount(t, { email: "target@example.test" });
    const guess = (ip: string, extra: Record<string, unknown> = {}) =>
      from(ip, "/auth/login", { email: owner.email, password: "Guess&Number1", ...extra });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await guess(`203.0.113.${attempt}`)).status, `attempt ${attempt}`).toBe(401);
    }
    // From now on, every sign-in to the address asks for a captcha, the right password too: no guess is free.
    const asked = await from("198.51.100.20", "/auth/login", { email: "TARGET@example.test", password: testPassword });
    expect(asked.status).toBe(401);
    expect(asked.body.error).toEqual({
      code: "CAPTCHA_REQUIRED",
      message: "Several wrong passwords were tried for this address: please confirm you are not a robot.",
      fields: { captcha: "Several wrong passwords were tried for this address: please confirm you are not a robot." },
    });
    const spanish = await from("198.51.100.20", "/auth/login", { email: owner.email, password: testPassword }, "es");
    expect(spanish.body.error.message).toBe(
      "Se han probado varias contraseñas erróneas para esta dirección: confirme que no es un robot.",
    );
    // A guesser pays a proof of work for each further guess; a solution serves once.
    const solved = await quickCaptcha(t);
    expect((await guess("203.0.113.9", { captcha: solved })).body.error.code).toBe("INVALID_CREDENTIALS");
    expect((await guess("203.0.113.9", { captcha: solved })).body.error.code).toBe("CAPTCHA_INVALID");

    // The owner, from their own address, signs in with a solved captcha however many guesses came before.
    for (let attempt = 1; attempt <= 30; attempt++) await guess("203.0.113.50");
    expectRateLimited(await guess("203.0.113.50"), 15);
    const body = { email: owner.email, password: testPassword, captcha: await quickCaptcha(t) };
    const signedIn = await from("198.51.100.20", "/auth/login", body);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));

    const other = await registerAccount(t, { email: "bystander@example.test" });
    expect((await from("203.0.113.1", "/auth/login", { email: other.email, password: testPassword })).status).toBe(200);
  });

  test("30 attempts per client address in 15 minutes, whatever the address tried", async () => {
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await from("198.51.100.7", "/auth/login", {
        email: `probe${attempt}@example.test`,
        password: "Guess&Number1",
      });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    expectRateLimited(
      await from("198.51.100.7", "/auth/login", { email: "probe31@example.test", password: "Guess&Number1" }),
      15,
    );
    const elsewhere = await from("198.51.100.8", "/auth/login", {
      email: "probe31@example.test",
      password: "Guess&Number1",
    });
    expect(elsewhere.status).toBe(401);
  });
});

describe("mail and registration limits", () => {
  test("5 reset links per address per hour: no mail past the limit", async () => {
    const owner = await registerAccount(t, { email: "flooded@example.test" });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await from(`192.0.2.${attempt}`, "/auth/forgot-password", { email: owner.email });
      expect(response.status, `attempt ${attempt}`).toBe(200);
    }
    expectRateLimited(await from("192.0.2.6", "/auth/forgot-password", { email: owner.email }), 60);
    expect(await mailsTo(t, owner.email)).toHaveLength(5);
  });

  test("20 reset requests per client address per hour", async () => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await from("192.0.2.50", "/auth/forgot-password", { email: `nobody${attempt}@example.test` });
      expect(response.status, `attempt ${attempt}`).toBe(200);
    }
    expectRateLimited(await from("192.0.2.50", "/auth/forgot-password", { email: "nobody21@example.test" }), 60);
  });

  test("20 registrations per client address per hour", async () => {
    const registration = (n: number) => ({
      email: `signup${n}@example.test`,
      password: testPassword,
      passwordConfirmation: testPassword,
      firstName: "Sam",
      lastName: "Signup",
      accountName: `Signup ${n}`,
    });
    for (let n = 1; n <= 20; n++) {
      expect((await from("192.0.2.99", "/auth/register", registration(n))).status, `registration ${n}`).toBe(201);
    }
    expectRateLimited(await from("192.0.2.99", "/auth/register", registration(21)), 60);
    expect((await from("192.0.2.100", "/auth/register", registration(21))).status).toBe(201);
  });
});
