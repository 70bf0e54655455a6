import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "../../testing/fixtures.js";
import { header, startSmtpServer, waitFor } from "../../testing/smtp.js";
import { startTestApp, type TestApp } from "../../testing/test-app.js";
import { multipartForm, pdfBytes } from "../forms/forms.testing.js";
import { addGuest, guestEvent, scopeUrl } from "../guests/guests.testing.js";

/** A shared file's notice as the guest's mail provider receives it (issue 21): over SMTP, in the guest's language. */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let owner: Awaited<ReturnType<typeof registerAccount>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://events.example.test" });
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

/** Shares a file with a new guest of a new event with these settings, notifies, and answers the mail received. */
async function notice(settings: { preferredLanguage: string; mails: boolean }) {
  const event = await guestEvent(t, owner, {
    name: "Sommet Été",
    preferredLanguage: settings.preferredLanguage,
    languages: [settings.preferredLanguage],
    whiteLabel: { event: false, mails: settings.mails, campaigns: false },
  });
  const base = scopeUrl(owner.accountId, event.id);
  const email = `guest-${randomBytes(4).toString("hex")}@example.test`;
  const guest = await addGuest(t, owner.token, `${base}/users`, { lastName: "Moreau", email });
  const created = await t.request({
    method: "POST",
    url: `${base}/sharedfiles/create`,
    token: owner.token,
    body: { user_id: guest.id, name: "Attestation.pdf" },
  });
  const { body, headers } = multipartForm({}, { name: "a.pdf", bytes: pdfBytes() });
  const url = `/api/v1/event/${owner.accountId}/${event.id}/sharedfiles/${created.body.id}/upload`;
  expect((await t.request({ method: "POST", url, token: owner.token, body, headers })).status).toBe(200);
  const notified = await t.request({
    method: "POST",
    url: `${base}/sharedfiles/${created.body.id}/notify`,
    token: owner.token,
    body: {},
  });
  expect(notified.status, JSON.stringify(notified.body)).toBe(200);
  const mail = await waitFor(
    async () => smtp.received.find((message) => message.to.includes(email)),
    `the notice to ${email}`,
  );
  return { event, subject: header(mail.raw, "Subject"), body: readable(mail.raw) };
}

describe("a shared file's notice over SMTP", () => {
  it("reaches the guest in the event's language, links to the member area, and names the platform", async () => {
    const { event, subject, body } = await notice({ preferredLanguage: "es", mails: false });
    expect(subject).toBe("Sommet Été: un archivo para usted");
    expect(body).toContain("Los organizadores de Sommet Été han compartido un archivo con usted: Attestation.pdf.");
    expect(body).toContain(`https://events.example.test/es/${event.slug}/member`);
    expect(body).toContain("Este correo lo envía automáticamente la plataforma de eventos.");
  });

  it("leaves the platform's name out when the event's white label covers its mails", async () => {
    const { body } = await notice({ preferredLanguage: "en", mails: true });
    expect(body).toContain("The organizers of Sommet Été have shared a file with you: Attestation.pdf.");
    expect(body).toContain("This mail was sent automatically. Please do not reply.");
    expect(body).not.toMatch(/event platform/);
  });
});
