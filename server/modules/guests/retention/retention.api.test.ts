import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readStoredFile } from "../../../platform/file-store.js";
import { storedFiles } from "../../../platform/files.tables.js";
import { mails } from "../../../platform/mail.tables.js";
import { registerTenants } from "../../../testing/fixtures.js";
import { callsAs, madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { accounts } from "../../accounts/accounts.tables.js";
import { createCheckinSession } from "../../checkin/checkin.testing.js";
import { formSubmissions, forms } from "../../forms/forms.tables.js";
import { messages } from "../../messages/messages.tables.js";
import { getPdf, pdfText } from "../../ticketing/invoices/invoices.testing.js";
import { addTicket, billing, buyer, type ShopEvent, shopEvent } from "../../ticketing/orders/orders.testing.js";
import { guests } from "../guests.tables.js";
import { addGuest } from "../guests.testing.js";
import { anonymizeExpiredGuests } from "./retention.service.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const owner = () => tenants.owner;
const { get, post } = callsAs(t, owner);

const day = 86_400_000;
/** Events start a week from now (eventBody) and, without an end date, end a day later. */
const daysAfterTheEnd = (days: number) => new Date(Date.now() + (8 + days) * day);

/**
 * An event selling tickets, with a guest carrying every personal field, a completed order with its invoice, a
 * check-in, a registration form's answers, a message and a mail: what the retention run must anonymize or keep.
 */
async function filledEvent(overrides: Record<string, unknown>) {
  const event = await shopEvent(t, owner(), overrides);
  const ticket = await addTicket(t, owner(), event);
  const diet = (await post(event.fields, { name: "Diet", type: "short_text" })).body.id;
  const size = (await post(event.fields, { name: "Size", type: "dropdown", choices: [{ id: "s", label: "Small" }] }))
    .body.id;
  const guest = await addGuest(t, owner().token, event.users, {
    civility: "mrs",
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada-${randomUUID()}@example.test`,
    company: "Analytical Engines",
    jobTitle: "Mathematician",
    phone: "+33 6 12 34 56 78",
    customFields: { [diet]: "No peanuts", [size]: "s" },
  });
  const order = await post(event.orders, {
    buyer: buyer(),
    items: [{ ticketId: ticket.id, quantity: 1, holders: [] }],
    billing,
    paid: true,
    kind: "bankTransfer",
    language: "en",
  });
  expect(order.status).toBe(201);
  const base = `/api/v1/events/${owner().accountId}/${event.id}`;
  const session = await createCheckinSession(t, owner().token, { sessions: `${base}/checkins` });
  const checked = await post(`${base}/checkins/${session.id}/check`, { scanId: randomUUID(), guestId: guest.id });
  expect(checked.status).toBe(200);
  const [form] = await t.context.db.select().from(forms).where(eq(forms.eventId, event.id));
  if (!form) throw new Error("the shop event has no registration form");
  const storageKey = `${event.id}/${randomUUID()}`;
  await t.context.files.put(storageKey, Buffer.from("%PDF-1.4 Ada's medical certificate"));
  const [certificate] = await t.context.db
    .insert(storedFiles)
    .values({
      eventId: event.id,
      purpose: "form.answer",
      name: "certificate.pdf",
      contentType: "application/pdf",
      size: 35,
      storageKey,
    })
    .returning();
  if (!certificate) throw new Error("stored file row not returned");
  await t.context.db.insert(formSubmissions).values({
    formId: form.id,
    guestId: guest.id,
    answers: { diet: "diet-yes", details: "Allergic to peanuts, Ada", certificate: certificate.id },
    language: "en",
  });
  await t.context.db.insert(messages).values({
    eventId: event.id,
    guestId: guest.id,
    senderName: "Ada Lovelace",
    senderEmail: "ada@example.test",
    subject: "My allergy",
    body: "Please no peanuts.",
    language: "en",
    searchText: "ada lovelace my allergy",
  });
  // The order's mail has left (the outbox stores it): a mail still queued keeps its address until it is delivered.
  await t.context.db.update(mails).set({ status: "stored" }).where(eq(mails.eventId, event.id));
  return { event, guest, order: order.body, base, formId: form.id, storageKey };
}
type FilledEvent = Awaited<ReturnType<typeof filledEvent>>;

/** What the organizer reads of the event's figures and sales; the retention run must leave it all as it was. */
async function figures({ event, base, formId, order }: FilledEvent) {
  const invoice = order.documents[0];
  const pdf = await getPdf(t, `${event.orders}/${order.id}/documents/${invoice.id}/pdf`, owner().token);
  const byStatus = await get(`${event.users}?limit=1&status=confirmed`);
  const all = await get(`${event.users}?limit=1`);
  return {
    checkins: (await get(`${base}/checkins/statistics`)).body,
    form: (await get(`${base}/forms/${formId}/statistics`)).body,
    guests: { total: all.body.total, confirmed: byStatus.body.total },
    order: await orderView(event, order.id),
    invoice: { status: pdf.status, text: pdfText(pdf.bytes) },
  };
}

async function orderView(event: ShopEvent, orderId: string) {
  const { body } = await get(`${event.orders}/${orderId}`);
  // The buyer's and holders' names are the guests', read live: the one thing of an order that changes.
  const { buyer: _buyer, items, ...kept } = body;
  return {
    ...kept,
    items: items.map(({ holder, ...item }: { holder: { guestId: string } }) => ({ ...item, holder: holder.guestId })),
  };
}

const storedFileKeys = async (eventId: string) =>
  (await t.context.db.select().from(storedFiles).where(eq(storedFiles.eventId, eventId))).map((row) => row.storageKey);

const guestRow = async (id: string) => (await t.context.db.select().from(guests).where(eq(guests.id, id)))[0];

describe("retention", () => {
  it("moves the clock past the retention period: the guests are anonymized, orders, invoices and figures kept", async () => {
    // The account's default (60 days) serves an event that sets none; 30 and 3650 days are the events' own.
    await t.context.db.update(accounts).set({ retentionDays: 60 }).where(eq(accounts.id, owner().accountId));
    const own = await filledEvent({ retentionDays: 30 });
    const byDefault = await filledEvent({});
    const kept = await filledEvent({ retentionDays: 3650 });
    const before = await figures(own);
    expect(before.invoice.text).toContain("Ada Lovelace");

    // 45 days after the end: only the event keeping its guests 30 days is due.
    expect(await anonymizeExpiredGuests(t.context, daysAfterTheEnd(45))).toBeGreaterThanOrEqual(2);
    const anonymized = await guestRow(own.guest.id);
    expect(anonymized).toMatchObject({
      firstName: "",
      lastName: "Anonymized guest",
      civility: null,
      email: null,
      company: "",
      jobTitle: "",
      phone: "",
      searchText: "anonymized guest",
    });
    expect(anonymized?.anonymizedAt).not.toBeNull();
    // The choice stays (it names no one and feeds the distributions); the free text goes.
    expect(Object.values(anonymized?.customFields ?? {})).toEqual(["s"]);
    expect(await guestRow(byDefault.guest.id)).toMatchObject({ lastName: "Lovelace", anonymizedAt: null });

    const [submission] = await t.context.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.guestId, own.guest.id));
    expect(submission?.answers).toEqual({ diet: "diet-yes", details: "Anonymized", certificate: "Anonymized" });
    // The file the guest answered with is gone, row and bytes; another event's stays until its own period ends.
    expect(await storedFileKeys(own.event.id)).toEqual([]);
    await expect(readStoredFile(t.context.files, own.storageKey)).rejects.toThrow();
    expect(await storedFileKeys(byDefault.event.id)).toEqual([byDefault.storageKey]);
    const [message] = await t.context.db.select().from(messages).where(eq(messages.guestId, own.guest.id));
    expect(message).toMatchObject({ senderName: "Anonymized guest", senderEmail: "", subject: null, body: "" });
    const guestMails = await t.context.db.select().from(mails).where(eq(mails.eventId, own.event.id));
    expect(guestMails.filter((row) => row.guestId !== null).length).toBeGreaterThan(0);
    for (const mail of guestMails.filter((row) => row.guestId !== null)) {
      expect(mail).toMatchObject({ toAddress: "", subject: "", html: "", text: "" });
    }

    // Orders, invoices (number, PDF) and every figure are as they were.
    expect(await figures(own)).toEqual(before);

    const audit = await get(`/api/v1/accounts/${owner().accountId}/auditlogs?eventId=${own.event.id}`);
    const row = audit.body.items.find((item: { action: string }) => item.action === "guests.anonymized");
    expect(row).toMatchObject({ actorLabel: "retention", targetId: own.event.id, after: { retentionDays: 30 } });
    expect(row.after.count).toBeGreaterThanOrEqual(2);

    // 100 days after: the account's 60 days are past too; the event keeping them ten years is untouched.
    await anonymizeExpiredGuests(t.context, daysAfterTheEnd(100));
    expect(await guestRow(byDefault.guest.id)).toMatchObject({ lastName: "Anonymized guest", email: null });
    expect(await guestRow(kept.guest.id)).toMatchObject({ lastName: "Lovelace", company: "Analytical Engines" });
    expect((await guestRow(own.guest.id))?.anonymizedAt).toEqual(anonymized?.anonymizedAt);

    // A second run changes nothing and writes no audit row.
    const snapshot = await t.context.db.select().from(guests);
    expect(await anonymizeExpiredGuests(t.context, daysAfterTheEnd(100))).toBe(0);
    expect(await t.context.db.select().from(guests)).toEqual(snapshot);
    const audits = await get(`/api/v1/accounts/${owner().accountId}/auditlogs?eventId=${byDefault.event.id}`);
    expect(audits.body.items.filter((item: { action: string }) => item.action === "guests.anonymized")).toHaveLength(1);
  });

  it("runs every day: the job is scheduled with a cron", async () => {
    const schedules = await t.context.database.sql.executeSql("select name, cron from pgboss.schedule", []);
    expect(schedules.rows).toContainEqual({ name: "guests.retention", cron: "30 2 * * *" });
  });
});
