import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mails } from "../../../platform/mail.tables.js";
import { registerTenants } from "../../../testing/fixtures.js";
import { header, pdfParts, startSmtpServer, waitFor } from "../../../testing/smtp.js";
import { startTestApp, type TestApp } from "../../../testing/test-app.js";
import { addTicket, paidOrder, shopEvent, uniqueEmail } from "../orders/orders.testing.js";

/** The order mails as a provider receives them: the PDFs really attached, made at delivery. */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let tenants: Awaited<ReturnType<typeof registerTenants>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Eventdesk <no-reply@eventdesk.test>" });
  tenants = await registerTenants(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("order mails over SMTP", () => {
  it("delivers the confirmation with 2 PDFs attached, then the refund notice with its credit note", async () => {
    const event = await shopEvent(t, tenants.owner);
    const ticket = await addTicket(t, tenants.owner, event);
    const email = uniqueEmail();
    const cart = await paidOrder(t, event, [{ ticketId: ticket.id, quantity: 1 }], {
      buyer: { firstName: "Ada", lastName: "Lovelace", email },
    });
    const [invoice] = cart.documents as { id: string; number: string }[];

    const confirmation = await waitFor(
      async () => smtp.received.find((message) => message.to.includes(email)),
      "the confirmation mail",
    );
    expect(header(confirmation.raw, "Subject")).toBe(`Your order for ${event.name} is confirmed`);
    const attached = pdfParts(confirmation.raw);
    expect(attached.map((part) => part.filename)).toEqual([`tickets-${cart.id}.pdf`, `${invoice?.number}.pdf`]);
    for (const part of attached) expect(part.bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const refunded = await t.request({
      method: "POST",
      url: `${event.orders}/${cart.id}/refund`,
      token: tenants.owner.token,
      body: {},
    });
    expect(refunded.status).toBe(200);
    const creditNote = refunded.body.documents[1];
    const notice = await waitFor(
      async () => smtp.received.find((message) => message.to.includes(email) && message !== confirmation),
      "the refund notice",
    );
    expect(header(notice.raw, "Subject")).toBe(`Refund of your order for ${event.name}`);
    expect(pdfParts(notice.raw).map((part) => part.filename)).toEqual([`${creditNote.number}.pdf`]);
    const rows = await t.context.db.select().from(mails).where(eq(mails.toAddress, email));
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
  });

  it("retries a mail whose attachment cannot be made, the failure recorded", async () => {
    const email = uniqueEmail();
    await t.context.mailer.enqueue(t.context.db, {
      to: email,
      template: "ticketing.order_confirmation",
      language: "en",
      subject: "Broken",
      content: { title: "Broken", paragraphs: [], footer: "" },
      attachments: [{ kind: "document", documentId: "00000000-0000-4000-8000-000000000000" }],
    });
    await t.context.mailer.kick();
    const failed = await waitFor(async () => {
      const [row] = await t.context.db.select().from(mails).where(eq(mails.toAddress, email));
      return row?.lastError ? row : undefined;
    }, "the failed delivery");
    expect(failed).toMatchObject({ status: "queued", attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/document .* was not found/);
    expect(smtp.received.some((message) => message.to.includes(email))).toBe(false);
  });
});
