import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailsTo, tenantsForFile } from "../../../testing/fixtures.js";
import { callsAs, testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { events } from "../../events/events.tables.js";
import { hoursFromNow } from "../../events/events.testing.js";
import { insertForm, question, submit, uniqueEmail } from "../../forms/submissions/submissions.testing.js";
import { guests } from "../../guests/guests.tables.js";
import { addGuest, guestEvent, scopeUrl } from "../../guests/guests.testing.js";
import { invitationSecret, invitationToken } from "../../guests/invitation-links.js";
import { errorMails } from "../campaigns.tables.js";
import { sendDueAutoMails } from "./auto-mails.sending.js";
import { autoMailSends } from "./auto-mails.tables.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);
const api = callsAs(t, () => owner);

async function automailsEvent(overrides: Record<string, unknown> = {}) {
  const event = await guestEvent(t, owner, overrides, [reader.userId]);
  return { ...event, automails: `${scopeUrl(owner.accountId, event.id)}/automails` };
}

const registrationForm = (eventId: string, options: Record<string, unknown> = {}) =>
  insertForm(t, eventId, {
    items: [question("first", "short_text", { target: { kind: "guest", field: "firstName" } })],
    options,
  });

const text = (subject: string, body: string) => ({ subject, body });

describe("auto-mail settings", () => {
  it("lists the three auto-mails with their defaults in fr, en and es", async () => {
    const event = await automailsEvent();
    const list = await api.get(event.automails);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const [confirmation, reminder, thankYou] = list.body.items;
    expect(confirmation).toMatchObject({ kind: "confirmation", enabled: true, days: null, customized: [], sent: 0 });
    expect(confirmation.texts.es.subject).toBe("Su inscripción a {{event_name}} está confirmada");
    expect(reminder).toMatchObject({ kind: "reminder", enabled: false, days: 1, updatedAt: null });
    expect(reminder.texts.fr.subject).toBe("Rappel : {{event_name}} approche");
    expect(thankYou).toMatchObject({ kind: "thank_you", enabled: false, days: 1 });
    expect(thankYou.texts.en.body).toContain("{{first_name}}");
    // The reader reads them too.
    expect((await api.get(event.automails, reader.token)).status).toBe(200);
  });

  it("saves one language's text, keeps the others' defaults, and audits the change", async () => {
    const event = await automailsEvent();
    const saved = await api.post(`${event.automails}/reminder`, {
      enabled: true,
      days: 3,
      texts: { fr: text("J-3 : {{event_name}}", "Bonjour {{first_name}},\n\nÀ très vite !") },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ kind: "reminder", enabled: true, days: 3, customized: ["fr"] });
    expect(saved.body.texts.fr).toEqual({
      subject: "J-3 : {{event_name}}",
      body: "Bonjour {{first_name}},\n\nÀ très vite !",
    });
    expect(saved.body.texts.en.subject).toBe("Reminder: {{event_name}} is coming soon");

    // A later save of English keeps French; a reset gives French its default back.
    const english = await api.post(`${event.automails}/reminder`, {
      enabled: true,
      texts: { en: text("Soon: {{event_name}}", "See you!") },
    });
    expect(english.body.customized).toEqual(["fr", "en"]);
    expect(english.body.days).toBe(3);
    const reset = await api.post(`${event.automails}/reminder`, { enabled: true, reset: ["fr"] });
    expect(reset.body.customized).toEqual(["en"]);
    expect(reset.body.texts.fr.subject).toBe("Rappel : {{event_name}} approche");

    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, event.id), eq(auditLogs.action, "campaigns.automail.updated")))
      .limit(1);
    expect(audit).toMatchObject({ targetType: "automail", targetId: "reminder", actorUserId: owner.userId });
    expect(audit?.after).toMatchObject({ enabled: true, days: 3 });
  });

  it("saves several kinds at once through POST /automails", async () => {
    const event = await automailsEvent();
    const saved = await api.post(event.automails, {
      items: [
        { kind: "thank_you", enabled: true, days: 2 },
        { kind: "confirmation", enabled: false },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.items.map((item: { enabled: boolean }) => item.enabled)).toEqual([false, false, true]);
    expect(saved.body.items[2].days).toBe(2);
  });

  it("refuses a subject over 80 characters, an empty body and a reminder 0 days before, in the caller's language", async () => {
    const event = await automailsEvent();
    const long = await api.post(
      `${event.automails}/confirmation`,
      { enabled: true, texts: { en: text("x".repeat(81), "Body") } },
      owner.token,
      "fr",
    );
    expect(long.status).toBe(400);
    expect(long.body.error.fields["texts.en.subject"]).toBe("L'objet contient 80 caractères au plus.");
    const exactly = await api.post(`${event.automails}/confirmation`, {
      enabled: true,
      texts: { en: text("x".repeat(80), "Body") },
    });
    expect(exactly.status).toBe(200);
    const empty = await api.post(`${event.automails}/confirmation`, { enabled: true, texts: { en: text("S", " ") } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields["texts.en.body"]).toBe("This field is required.");
    const zero = await api.post(`${event.automails}/reminder`, { enabled: true, days: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.error.fields.days).toBe("This number is too small.");
  });

  it("lets a reader read but not change or test, and answers 404 to another account", async () => {
    const event = await automailsEvent();
    const refused = await api.post(`${event.automails}/reminder`, { enabled: true }, reader.token);
    expect(refused.status).toBe(403);
    const test = await api.post(
      `${event.automails}/reminder/test`,
      { email: "x@example.test", language: "en" },
      reader.token,
    );
    expect(test.status).toBe(403);
    expect((await api.get(`${event.automails}/reminder/preview/en`, reader.token)).status).toBe(200);

    expect((await api.get(event.automails, other.token)).status).toBe(404);
    expect((await api.post(`${event.automails}/reminder`, { enabled: true }, other.token)).status).toBe(404);
    expect((await api.get(`${event.automails}/reminder/preview/en`, other.token)).status).toBe(404);
    const foreignTest = await api.post(
      `${event.automails}/reminder/test`,
      { email: "x@example.test", language: "en" },
      other.token,
    );
    expect(foreignTest.status).toBe(404);
    // Under the other account's own id, the first account's event is still not found.
    const crossed = `${scopeUrl(other.accountId, event.id)}/automails`;
    expect((await api.get(crossed, other.token)).status).toBe(404);
    const unknownKind = await api.get(`${event.automails}/birthday/preview/en`);
    expect(unknownKind.status).toBe(400);
  });

  it("previews the saved text in the transactional layout, filled with a sample guest and the event", async () => {
    const event = await automailsEvent({ name: "Harvest fair", venueName: "Old barn" });
    await api.post(`${event.automails}/reminder`, {
      enabled: false,
      texts: {
        es: text(
          "{{event_name}} en {{first_name}}",
          "Hola {{first_name}} {{last_name}}\nEnlace: {{registration_link}}",
        ),
      },
    });
    const preview = await api.get(`${event.automails}/reminder/preview/es`);
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe("Harvest fair en Lucía");
    expect(preview.body.text).toContain("Hola Lucía García");
    expect(preview.body.text).toContain(`/es/${event.slug}/member`);
    expect(preview.body.text).toContain(`Enlace: ${t.context.config.publicUrl}/es/${event.slug}?invitation=sample`);
    expect(preview.body.text).toContain("Dónde: Old barn");
    expect(preview.body.html).toContain('<html lang="es">');
    expect(preview.body.html).toContain("Hola Lucía García");
  });

  it("sends a test to any address, refuses a rejected one, and escapes what the organizer wrote", async () => {
    const event = await automailsEvent();
    const to = uniqueEmail("tester");
    const sent = await api.post(`${event.automails}/thank_you/test`, {
      email: to,
      language: "fr",
      text: text("Merci <b>{{first_name}}</b>", "Merci d'être venu à {{event_name}} <script>"),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [mail] = await mailsTo(t, to);
    expect(mail?.subject).toBe("[Test] Merci <b>Camille</b>");
    expect(mail?.template).toBe("automails.thank_you.test");
    expect(mail?.html).toContain("&lt;script&gt;");
    expect(mail?.html).not.toContain("<script>");

    await t.context.db
      .insert(errorMails)
      .values({ accountId: owner.accountId, email: "bounced@example.test", reason: "bounce" });
    const rejected = await api.post(`${event.automails}/thank_you/test`, {
      email: "Bounced@example.test",
      language: "en",
    });
    expect(rejected.status).toBe(409);
    expect(rejected.body.error.message).toBe("An email sent to this address has been rejected.");
  });
});

describe("the confirmation after a registration", () => {
  it("mails the organizer's text in the registration's language, with the event's details", async () => {
    const event = await automailsEvent({ name: "Winter ball", venueName: "Town hall" });
    const form = await registrationForm(event.id, { confirmationMessage: { fr: "Tenue de soirée." } });
    await api.post(`${event.automails}/confirmation`, {
      enabled: true,
      texts: {
        fr: text(
          "C'est noté, {{first_name}} !",
          "Bonjour {{first_name}} {{last_name}},\nRendez-vous à {{event_name}}.\nVotre lien : {{registration_link}}",
        ),
      },
    });
    const mail = uniqueEmail("jeanne");
    const sent = await submit(t, event.slug, form.id, { mail, items: { first: "Jeanne" } }, { lang: "fr" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [confirmation] = await mailsTo(t, mail);
    expect(confirmation?.subject).toBe("C'est noté, Jeanne !");
    expect(confirmation?.text).toContain("Bonjour Jeanne,");
    expect(confirmation?.text).toContain("Rendez-vous à Winter ball.");
    expect(confirmation?.text).toContain("Où : Town hall");
    expect(confirmation?.text).toContain("Tenue de soirée.");
    expect(confirmation?.text).toContain(`/fr/${event.slug}/member`);
    // {{registration_link}} is the guest's personal link: the event page with the guest's signed invitation.
    const [guest] = await t.context.db.select({ id: guests.id }).from(guests).where(eq(guests.email, mail));
    if (!guest) throw new Error("no guest registered");
    const token = invitationToken(await invitationSecret(t.context), guest.id);
    expect(confirmation?.text).toContain(
      `Votre lien : ${t.context.config.publicUrl}/fr/${event.slug}?invitation=${token}`,
    );
  });

  it("is not sent once switched off, and again once switched back on", async () => {
    const event = await automailsEvent();
    const form = await registrationForm(event.id);
    expect((await api.post(`${event.automails}/confirmation`, { enabled: false })).status).toBe(200);
    const silent = uniqueEmail("silent");
    expect((await submit(t, event.slug, form.id, { mail: silent })).status).toBe(201);
    expect(await mailsTo(t, silent)).toEqual([]);

    await api.post(`${event.automails}/confirmation`, { enabled: true });
    const mailed = uniqueEmail("mailed");
    expect((await submit(t, event.slug, form.id, { mail: mailed })).status).toBe(201);
    const [confirmation] = await mailsTo(t, mailed);
    expect(confirmation?.subject).toBe(`Your registration for ${event.name} is confirmed`);
  });

  it("is not sent to an address the account rejected", async () => {
    const event = await automailsEvent();
    const form = await registrationForm(event.id);
    const mail = uniqueEmail("rejected");
    await t.context.db.insert(errorMails).values({ accountId: owner.accountId, email: mail, reason: "unsubscribed" });
    expect((await submit(t, event.slug, form.id, { mail })).status).toBe(201);
    expect(await mailsTo(t, mail)).toEqual([]);
  });
});

describe("the reminder and thank-you job", () => {
  /** Moves the event's dates, which is moving the clock for the job: it compares them with now(). */
  const moveEvent = (eventId: string, startsAt: string, endsAt: string | null = null) =>
    t.context.db
      .update(events)
      .set({ startsAt: new Date(startsAt), endsAt: endsAt ? new Date(endsAt) : null })
      .where(eq(events.id, eventId));

  async function sendsOf(eventId: string, kind: "reminder" | "thank_you") {
    return t.context.db
      .select()
      .from(autoMailSends)
      .where(and(eq(autoMailSends.eventId, eventId), eq(autoMailSends.kind, kind)));
  }

  it("reminds each confirmed guest once, N days before the start, in the language they registered in", async () => {
    const event = await automailsEvent({ startsAt: hoursFromNow(24 * 10), name: "Book fair" });
    const form = await registrationForm(event.id);
    await api.post(`${event.automails}/confirmation`, { enabled: false });
    await api.post(`${event.automails}/reminder`, { enabled: true, days: 3 });
    const spanish = uniqueEmail("es");
    expect(
      (await submit(t, event.slug, form.id, { mail: spanish, items: { first: "Inés" } }, { lang: "es" })).status,
    ).toBe(201);
    const confirmed = uniqueEmail("confirmed");
    const ada = await addGuest(t, owner.token, event.users, {
      firstName: "Ada",
      lastName: "King",
      email: confirmed,
      status: "confirmed",
    });
    const undecided = uniqueEmail("undecided");
    await addGuest(t, owner.token, event.users, { firstName: "Not", lastName: "Yet", email: undecided });
    await addGuest(t, owner.token, event.users, { lastName: "Nomail", status: "confirmed" });
    const rejected = uniqueEmail("rejected");
    await addGuest(t, owner.token, event.users, { lastName: "Bounced", email: rejected, status: "confirmed" });
    await t.context.db.insert(errorMails).values({ accountId: owner.accountId, email: rejected, reason: "bounce" });

    // Ten days before: not yet due.
    await sendDueAutoMails(t.context);
    expect(await sendsOf(event.id, "reminder")).toEqual([]);

    // Three days before (less a minute): due.
    await moveEvent(event.id, hoursFromNow(24 * 3 - 0.02));
    await sendDueAutoMails(t.context);
    const sends = await sendsOf(event.id, "reminder");
    expect(sends.map((row) => row.email).sort()).toEqual([confirmed, spanish].sort());
    expect(sends.every((row) => row.mailId !== null)).toBe(true);

    const [toSpanish] = await mailsTo(t, spanish);
    expect(toSpanish?.subject).toBe("Recordatorio: Book fair se acerca");
    expect(toSpanish?.language).toBe("es");
    expect(toSpanish?.template).toBe("automails.reminder");
    expect(toSpanish?.text).toContain("Hola Inés,");
    const [toAda] = await mailsTo(t, confirmed);
    expect(toAda?.language).toBe("en");
    expect(toAda?.text).toContain("Hello Ada King,");
    expect(toAda).toMatchObject({ eventId: event.id, guestId: ada.id });
    expect(await mailsTo(t, undecided)).toEqual([]);
    expect(await mailsTo(t, rejected)).toEqual([]);

    // A second run, and a third after one more guest confirmed: only the newcomer is mailed.
    await sendDueAutoMails(t.context);
    expect(await mailsTo(t, confirmed)).toHaveLength(1);
    const late = uniqueEmail("late");
    await addGuest(t, owner.token, event.users, { lastName: "Late", email: late, status: "confirmed" });
    await sendDueAutoMails(t.context);
    expect(await mailsTo(t, late)).toHaveLength(1);
    expect(await mailsTo(t, confirmed)).toHaveLength(1);
    expect(await sendsOf(event.id, "reminder")).toHaveLength(3);

    const list = await api.get(event.automails);
    expect(list.body.items[1]).toMatchObject({ kind: "reminder", sent: 3 });
    const audits = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, event.id), eq(auditLogs.action, "campaigns.automail.sent")));
    expect(audits.map((row) => row.after)).toEqual(expect.arrayContaining([{ guests: 2 }, { guests: 1 }]));

    // Once the event started, nobody is reminded any more.
    await moveEvent(event.id, hoursFromNow(-1));
    const after = uniqueEmail("after");
    await addGuest(t, owner.token, event.users, { lastName: "After", email: after, status: "confirmed" });
    await sendDueAutoMails(t.context);
    expect(await mailsTo(t, after)).toEqual([]);
  });

  it("never reminds a guest twice when two runs race", async () => {
    const event = await automailsEvent({ startsAt: hoursFromNow(12) });
    await api.post(`${event.automails}/reminder`, { enabled: true, days: 1 });
    const emails = Array.from({ length: 30 }, (_, index) => uniqueEmail(`race${index}`));
    for (const email of emails) await addGuest(t, owner.token, event.users, { email, status: "confirmed" });
    const taken = await Promise.all([sendDueAutoMails(t.context), sendDueAutoMails(t.context)]);
    expect(taken[0] + taken[1]).toBe(30);
    expect(await sendsOf(event.id, "reminder")).toHaveLength(30);
    for (const email of emails.slice(0, 3)) expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it("thanks the confirmed guests N days after the end, once, and not when switched off", async () => {
    const event = await automailsEvent({ startsAt: hoursFromNow(-72), endsAt: hoursFromNow(-30), name: "Jazz night" });
    const attendee = uniqueEmail("attendee");
    await addGuest(t, owner.token, event.users, { firstName: "Nina", email: attendee, status: "confirmed" });
    const refused = uniqueEmail("refused");
    await addGuest(t, owner.token, event.users, { email: refused, status: "refused" });

    // Switched off (the default): nothing.
    await sendDueAutoMails(t.context);
    expect(await mailsTo(t, attendee)).toEqual([]);

    // Two days after the end: not yet; one day after: due.
    await api.post(`${event.automails}/thank_you`, { enabled: true, days: 2 });
    await sendDueAutoMails(t.context);
    expect(await mailsTo(t, attendee)).toEqual([]);
    await api.post(`${event.automails}/thank_you`, { enabled: true, days: 1 });
    await sendDueAutoMails(t.context);
    await sendDueAutoMails(t.context);
    const thanks = await mailsTo(t, attendee);
    expect(thanks).toHaveLength(1);
    expect(thanks[0]?.subject).toBe("Thank you for attending Jazz night");
    expect(await mailsTo(t, refused)).toEqual([]);

    // An event long over does not thank anyone when its thank-you is switched on late.
    const old = await automailsEvent({ startsAt: hoursFromNow(-24 * 40), endsAt: hoursFromNow(-24 * 39) });
    const forgotten = uniqueEmail("forgotten");
    await addGuest(t, owner.token, old.users, { email: forgotten, status: "confirmed" });
    await api.post(`${old.automails}/thank_you`, { enabled: true, days: 1 });
    await sendDueAutoMails(t.context);
    expect(await mailsTo(t, forgotten)).toEqual([]);
  });
});
