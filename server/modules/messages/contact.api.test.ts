import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { solveCaptcha } from "../../../web/ui/captcha-solver.js";
import { createCaptchaChallenge } from "../../platform/captcha.js";
import { captchaSecrets } from "../../platform/captcha.tables.js";
import { registerAccount } from "../../testing/fixtures.js";
import { madeBeforeAll, startTestApp, type TestApp, testAppForFile } from "../../testing/test-app.js";
import { createEvent, eventsUrl } from "../events/events.testing.js";
import { messages } from "./messages.tables.js";
import { contactBody, contactUrl, freshIp, quickCaptcha, sendContact } from "./messages.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));
let slug: string;
let eventId: string;

beforeAll(async () => {
  ({ slug, id: eventId } = await createEvent(t, owner.token, owner.accountId));
});

const post = (body: unknown, options: { ip?: string; language?: string; to?: string } = {}) =>
  t.request({
    method: "POST",
    url: contactUrl(options.to ?? slug),
    body,
    language: options.language,
    headers: { "x-forwarded-for": options.ip ?? freshIp() },
  });
const storedCount = async () =>
  (await t.context.db.select().from(messages).where(eq(messages.eventId, eventId))).length;

function expectCaptchaRefused(response: Awaited<ReturnType<TestApp["request"]>>) {
  expect(response.status).toBe(400);
  expect(response.body.error).toMatchObject({
    code: "CAPTCHA_INVALID",
    message: "The human check failed or has expired. Please try again.",
  });
}

describe("contact the organizer", () => {
  it("takes a message whose captcha the browser solved, once only", async () => {
    const challenge = await t.request({ method: "GET", url: "/api/v1/public/captcha" });
    expect(challenge.status).toBe(200);
    expect(challenge.headers["cache-control"]).toBe("no-store");
    expect(challenge.body).toMatchObject({ algorithm: "SHA-256", maxnumber: 50_000 });
    expect(challenge.body.salt).toMatch(/\?expires=\d+$/);
    // Without CAPTCHA_SECRET the server signs with a secret it generated and stored for every instance.
    expect(await t.context.db.select().from(captchaSecrets)).toHaveLength(1);

    const captcha = await solveCaptcha(challenge.body);
    const before = await storedCount();
    const sent = await post({ ...contactBody(), captcha });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ ok: true });
    expect(await storedCount()).toBe(before + 1);

    expectCaptchaRefused(await post({ ...contactBody({ message: "Again" }), captcha }));
    expect(await storedCount()).toBe(before + 1);
  });

  it("refuses a wrong number, a forged signature, an expired or a missing captcha, in the caller's language", async () => {
    const captcha = await quickCaptcha(t);
    expectCaptchaRefused(await post({ ...contactBody(), captcha: { ...captcha, number: captcha.number + 10 } }));
    expectCaptchaRefused(await post({ ...contactBody(), captcha: { ...captcha, signature: "f".repeat(64) } }));
    const expired = await quickCaptcha(t, { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expectCaptchaRefused(await post({ ...contactBody(), captcha: expired }));
    expectCaptchaRefused(await post(contactBody()));
    expectCaptchaRefused(await post({ ...contactBody(), captcha: "solved" }));
    const french = await post(contactBody(), { language: "fr" });
    expect(french.body.error.message).toBe("La vérification anti-robot a échoué ou a expiré. Veuillez réessayer.");
    // The refused attempts left the solution unused: it still goes through.
    expect((await post({ ...contactBody(), captcha })).status).toBe(201);
  });

  it("requires the privacy policy to be accepted", async () => {
    const captcha = await quickCaptcha(t);
    const refused = await post({ ...contactBody({ privacyAccepted: false }), captcha });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: "PRIVACY_REQUIRED",
      message: "Please accept the privacy policy.",
      fields: { privacyAccepted: "Please accept the privacy policy." },
    });
    const { privacyAccepted: _omitted, ...withoutPrivacy } = contactBody();
    const spanish = await post({ ...withoutPrivacy, captcha }, { language: "es" });
    expect(spanish.status).toBe(400);
    expect(spanish.body.error.message).toBe("Acepte la política de privacidad.");
  });

  it("checks the fields with the contract's rules", async () => {
    const captcha = await quickCaptcha(t);
    const response = await post({ ...contactBody({ name: " ", email: "nope", subject: "x".repeat(81) }), captcha });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({
      name: "This field is required.",
      email: "Invalid email address.",
      subject: "This value is too long (at most 80 characters).",
    });
  });

  it("answers 404 for an unknown or archived event", async () => {
    expect((await sendContact(t, "no-such-event")).status).toBe(404);
    const archived = await createEvent(t, owner.token, owner.accountId);
    const archive = await t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${archived.id}`,
      token: owner.token,
      body: { archived: true },
    });
    expect(archive.status, JSON.stringify(archive.body)).toBe(200);
    expect((await sendContact(t, archived.slug)).status).toBe(404);
  });

  it("accepts, as its first request, a solution signed by another instance with the secret they share", async () => {
    const fresh = await startTestApp();
    try {
      const secret = "stored-by-another-instance";
      await fresh.context.db.insert(captchaSecrets).values({ id: 1, secret });
      const account = await registerAccount(fresh);
      const event = await createEvent(fresh, account.token, account.accountId);
      const challenge = createCaptchaChallenge(secret, { maxNumber: 300 });
      const captcha = await solveCaptcha(challenge);
      const response = await fresh.request({
        method: "POST",
        url: contactUrl(event.slug),
        body: { ...contactBody(), captcha },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    } finally {
      await fresh.close();
    }
  });

  it("limits each client address to 5 attempts in 15 minutes, refused ones included", async () => {
    const ip = "198.51.100.23";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post({ ...contactBody(), captcha: { ...(await quickCaptcha(t)), number: 99 } }, { ip });
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    const limited = await post({ ...contactBody(), captcha: await quickCaptcha(t) }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await sendContact(t, slug, {}, { ip: "198.51.100.24" })).status).toBe(201);
  });
});
