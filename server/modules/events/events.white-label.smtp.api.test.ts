import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "../../testing/fixtures.js";
import { startSmtpServer, waitFor } from "../../testing/smtp.js";
import { startTestApp, type TestApp } from "../../testing/test-app.js";
import { insertForm, question, submit, uniqueEmail } from "../forms/submissions/submissions.testing.js";
import { guestEvent } from "../guests/guests.testing.js";

/**
 * An event's white label as its guests receive it (SPEC §3 "white label (event, mails, campaigns)"): the platform's
 * name in the closing line of its transactional mails, unless the event's white label covers its mails.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let owner: Awaited<ReturnType<typeof registerAccount>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ SMTP_URL: smtp.url });
  owner = await registerAccount(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A received message's body as read: quoted-printable soft breaks joined and its bytes decoded. */
const readable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
    "latin1",
  ).toString("utf8");

/** Registers a guest on a new event with these mail flags and answers the confirmation as received. */
async function confirmation(mails: boolean) {
  const event = await guestEvent(t, owner, {
    preferredLanguage: "en",
    whiteLabel: { event: false, mails, campaigns: false },
  });
  const form = await insertForm(t, event.id, {
    items: [question("first", "short_text", { required: true, target: { kind: "guest", field: "firstName" } })],
  });
  const email = uniqueEmail(mails ? "white" : "platform");
  const sent = await submit(t, event.slug, form.id, { mail: email, items: { first: "Ada" } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const mail = await waitFor(
    async () => smtp.received.find((message) => message.to.includes(email)),
    `the confirmation to ${email}`,
  );
  return readable(mail.raw);
}

describe("an event's transactional mails and its white label", () => {
  it("name the platform in their closing line when the white label leaves the mails out", async () => {
    const body = await confirmation(false);
    expect(body).toContain("This mail was sent automatically by the event platform. Please do not reply.");
  });

  it("close without the platform's name when the event's white label covers its mails", async () => {
    const body = await confirmation(true);
    expect(body).toContain("This mail was sent automatically. Please do not reply.");
    expect(body).not.toMatch(/event platform/);
  });
});
