import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mails } from "../../platform/mail.tables.js";
import { registerAccount } from "../../testing/fixtures.js";
import { pdfParts, startSmtpServer, waitFor } from "../../testing/smtp.js";
import { startTestApp, type TestApp } from "../../testing/test-app.js";
import { eventsUrl } from "../events/events.testing.js";
import { insertForm, question, submit, uniqueEmail } from "../forms/submissions/submissions.testing.js";
import { guestEvent } from "../guests/guests.testing.js";
import { images } from "../images/images.tables.js";
import { ebadgesUrl, pageDrawings, pageTexts, pdfOf, uploadImage } from "./ebadges.testing.js";

/**
 * A registration's confirmation as a provider receives it: the guest's badge attached when the event attaches badges,
 * and the mail delivered anyway, without the file, when there is no badge for the guest or it cannot be drawn.
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

const statuses = (list: string[]) => ({ statuses: list, ticketIds: [], categoryIds: [], customFields: [] });

/** An event with a registration form and one badge (the guest's last name and QR code) for the guests of `badgeFor`. */
async function badgeEvent(options: { attach: boolean; badgeFor: string[]; background?: boolean }) {
  const event = await guestEvent(t, owner, { preferredLanguage: "en" });
  const url = ebadgesUrl(owner.accountId, event.id);
  const send = (path: string, body: unknown) => t.request({ method: "POST", url: path, token: owner.token, body });
  const background = options.background ? await uploadImage(t, owner, event.id, "ebadge") : undefined;
  const badge = await send(url, {
    name: "Visitor",
    ...(background && { backgroundImageId: background }),
    blocks: [
      { id: "name", kind: "field", field: "lastName", x: 10, y: 40, width: 190, height: 20 },
      { id: "qr", kind: "qr", x: 70, y: 150, width: 70, height: 70 },
    ],
  });
  expect(badge.status, JSON.stringify(badge.body)).toBe(201);
  await send(`${url}/conditions`, { rules: [{ ebadgeId: badge.body.id, conditions: statuses(options.badgeFor) }] });
  await send(`${url}/settings`, { attachToConfirmation: options.attach });
  const form = await insertForm(t, event.id, {
    items: [
      question("first", "short_text", { required: true, target: { kind: "guest", field: "firstName" } }),
      question("last", "short_text", { target: { kind: "guest", field: "lastName" } }),
    ],
  });
  return { event, url, form, background };
}

/** Registers a guest through the form and answers their id and the confirmation the SMTP server received. */
async function register(setup: Awaited<ReturnType<typeof badgeEvent>>, lastName: string) {
  const email = uniqueEmail(lastName.toLowerCase());
  const sent = await submit(t, setup.event.slug, setup.form.id, {
    mail: email,
    items: { first: "Ada", last: lastName },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  expect(sent.body.status).toBe("confirmed");
  const mail = await waitFor(
    async () => smtp.received.find((message) => message.to.includes(email)),
    `the confirmation to ${email}`,
  );
  return { guestId: sent.body.guestId as string, email, mail };
}

describe("a registration's confirmation and the guest's e-badge", () => {
  it("carries the guest's badge as a one-page PDF when the event attaches badges", async () => {
    const setup = await badgeEvent({ attach: true, badgeFor: ["confirmed"] });
    const { guestId, mail } = await register(setup, "Lovelace");
    const [attached, ...others] = pdfParts(mail.raw);
    expect(others).toHaveLength(0);
    expect(attached?.filename).toBe("badge.pdf");
    const bytes = attached?.bytes ?? Buffer.alloc(0);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    expect(await pageTexts(bytes)).toEqual(["Lovelace"]);
    // The very page the organizer prints for this guest: the same drawing, QR code (their pass code) included.
    const printed = await pdfOf(t, `${setup.url}/guests/${guestId}`, owner.token);
    expect(printed.status).toBe(200);
    const [drawing] = await pageDrawings(bytes);
    expect(drawing?.images).toHaveLength(1);
    expect(await pageDrawings(bytes)).toEqual(await pageDrawings(printed.bytes));
  });

  it("goes without a file when the event does not attach badges, or no badge is for the guest", async () => {
    const off = await register(await badgeEvent({ attach: false, badgeFor: ["confirmed"] }), "Hopper");
    expect(pdfParts(off.mail.raw)).toEqual([]);
    const none = await register(await badgeEvent({ attach: true, badgeFor: ["refused"] }), "Turing");
    expect(pdfParts(none.mail.raw)).toEqual([]);
    const rows = await t.context.db.select().from(mails).where(eq(mails.toAddress, none.email));
    expect(rows.map((row) => [row.template, row.status, row.attachments])).toEqual([
      ["forms.registration_confirmation", "sent", []],
    ]);
  });

  it("goes without a file, and no badge is printed, when the event's e-badge module is off", async () => {
    const setup = await badgeEvent({ attach: true, badgeFor: ["confirmed"] });
    const modules = { multilang: true, ebadge: false, misc: true, singleImagePartners: false };
    const edited = await t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${setup.event.id}`,
      token: owner.token,
      body: { modules },
    });
    expect(edited.status).toBe(200);
    const { guestId, mail } = await register(setup, "Babbage");
    expect(pdfParts(mail.raw)).toEqual([]);
    const printed = await t.request({ method: "GET", url: `${setup.url}/guests/${guestId}`, token: owner.token });
    expect([printed.status, printed.body.error.code]).toEqual([409, "EBADGE_MODULE_OFF"]);
    const batch = await t.request({ method: "POST", url: `${setup.url}/batches`, token: owner.token, body: {} });
    expect([batch.status, batch.body.error.code]).toEqual([409, "EBADGE_MODULE_OFF"]);
  });

  it("is delivered without the badge, the failure logged, when the badge cannot be drawn", async () => {
    const setup = await badgeEvent({ attach: true, badgeFor: ["confirmed"], background: true });
    // The background's stored copies are damaged: the badge cannot be drawn.
    const [image] = await t.context.db
      .select()
      .from(images)
      .where(eq(images.id, setup.background ?? ""));
    for (const variant of Object.values(image?.variants ?? {})) {
      await t.context.files.put(variant.key, Buffer.from("not an image"));
    }
    const logged = vi.spyOn(t.context.logger, "error");
    try {
      const { email, mail } = await register(setup, "Hamilton");
      expect(pdfParts(mail.raw)).toEqual([]);
      const [row] = await t.context.db.select().from(mails).where(eq(mails.toAddress, email));
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
      expect(logged).toHaveBeenCalledWith(expect.anything(), "an e-badge PDF could not be generated");
    } finally {
      logged.mockRestore();
    }
  });
});
