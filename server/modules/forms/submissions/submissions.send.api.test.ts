import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translate } from "../../../../contract/error-messages.js";
import { storedFiles } from "../../../platform/files.tables.js";
import { mailsTo, registerAccount } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { hoursFromNow } from "../../events/events.testing.js";
import { customFields, guests } from "../../guests/guests.tables.js";
import { addGuest, guestEvent } from "../../guests/guests.testing.js";
import { recommendations } from "../../guests/recommendations/recommendations.tables.js";
import { formSubmissions } from "../forms.tables.js";
import { answer, clientIp, insertForm, memberSession, question, submit, uniqueEmail } from "./submissions.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));

async function guestByEmail(eventId: string, email: string) {
  const [row] = await t.context.db
    .select()
    .from(guests)
    .where(and(eq(guests.eventId, eventId), eq(guests.email, email)));
  return row;
}

/** An event with a custom field and a registration form: names to guest fields, a choice into the custom field. */
async function registrationSetup(overrides: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
  const event = await guestEvent(t, owner, overrides);
  const field = await t.request({
    method: "POST",
    url: event.fields,
    token: owner.token,
    body: {
      name: "Menu",
      type: "unique_choice",
      choices: [
        { id: "veg", label: "Veggie" },
        { id: "meat", label: "Meat" },
      ],
    },
  });
  const items = [
    question("first", "short_text", { required: true, target: { kind: "guest", field: "firstName" } }),
    question("last", "short_text", { target: { kind: "guest", field: "lastName" } }),
    question("menu", "unique_choice", {
      answers: [answer("veg"), answer("meat")],
      target: { kind: "customField", customFieldId: field.body.id },
    }),
    {
      kind: "conditional" as const,
      id: "if-veg",
      questionId: "menu",
      answerId: "veg",
      items: [question("allergy", "short_text", { required: true })],
    },
    question("count", "multiple_choice", {
      answers: [answer("a"), answer("b"), answer("c")],
      selection: { min: null, max: 2, exact: null },
    }),
    { kind: "recommendations" as const, id: "recs", title: {}, max: 2 },
  ];
  const form = await insertForm(t, event.id, { items, options });
  return { event, form, fieldId: field.body.id as string };
}

describe("registration through sendForm", () => {
  it("creates the guest with its answers, confirmed and registered, and mails a localized confirmation", async () => {
    const { event, form, fieldId } = await registrationSetup(
      { name: "Gala de printemps", timezone: "America/Mexico_City", venueName: "Teatro" },
      { confirmationMessage: { es: "¡Traiga su invitación!", en: "Bring your invitation!" } },
    );
    const mail = uniqueEmail("ana");
    const sent = await submit(
      t,
      event.slug,
      form.id,
      { mail: mail.toUpperCase(), items: { first: "Ána", last: "López", menu: "meat" } },
      { lang: "es" },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ status: "confirmed", updated: false });
    const guest = await guestByEmail(event.id, mail);
    expect(guest).toMatchObject({
      id: sent.body.guestId,
      firstName: "Ána",
      lastName: "López",
      status: "confirmed",
      registered: true,
      createdSource: "registration",
      customFields: { [fieldId]: "meat" },
    });
    expect(guest?.registeredAt).toBeInstanceOf(Date);
    expect(guest?.searchText).toContain("ana lopez");
    const [submission] = await t.context.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.guestId, guest?.id ?? ""));
    expect(submission).toMatchObject({
      formId: form.id,
      language: "es",
      answers: { first: "Ána", last: "López", menu: "meat" },
    });
    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "forms.submission.received"), eq(auditLogs.targetId, guest?.id ?? "")));
    expect(audit).toMatchObject({ actorUserId: null, eventId: event.id, actorLabel: mail });

    const [confirmation] = await mailsTo(t, mail);
    expect(confirmation?.language).toBe("es");
    expect(confirmation?.subject).toBe("Su inscripción a Gala de printemps está confirmada");
    expect(confirmation?.text).toContain("¡Traiga su invitación!");
    expect(confirmation?.text).toContain("Teatro");
    expect(confirmation?.text).toContain("(America/Mexico_City)");
    expect(confirmation?.text).toMatch(new RegExp(`/es/${event.slug}/member`));
  });

  it("says pending approval when the form requires it, in English for a language other than fr or es", async () => {
    const { event, form } = await registrationSetup({ name: "Board dinner" }, { requiresApproval: true });
    const mail = uniqueEmail("pending");
    const sent = await submit(t, event.slug, form.id, { mail, items: { first: "Paul" } }, { lang: "de" });
    expect(sent.status).toBe(201);
    expect(sent.body.status).toBe("pending_approval");
    const [confirmation] = await mailsTo(t, mail);
    expect(confirmation?.language).toBe("en");
    expect(confirmation?.subject).toBe("Your registration request for Board dinner");
    expect(confirmation?.text).toContain("The organizer will review it");
  });

  it("refuses broken answers, missing acceptances and stray answers in one 400, in the caller's language", async () => {
    const { event, form } = await registrationSetup();
    const refused = await submit(
      t,
      event.slug,
      form.id,
      { mail: uniqueEmail("bad"), privacyAccepted: false, items: { menu: "veg", count: ["a", "b", "c"] } },
      { language: "fr" },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      privacyAccepted: "Veuillez accepter la politique de confidentialité.",
      "items.first": "Ce champ est obligatoire.",
      "items.allergy": "Ce champ est obligatoire.",
      "items.count": "Trop de réponses : sélectionnez-en 2 au plus.",
    });
    // The hidden question's answer (menu is not "veg") is dropped, not refused.
    const mail = uniqueEmail("hidden");
    const kept = await submit(t, event.slug, form.id, { mail, items: { first: "Zoé", menu: "meat", allergy: "nuts" } });
    expect(kept.status).toBe(201);
    const [submission] = await t.context.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.guestId, kept.body.guestId));
    expect(submission?.answers).toEqual({ first: "Zoé", menu: "meat" });
    expect((await t.context.db.select().from(guests).where(eq(guests.id, kept.body.guestId)))[0]?.registered).toBe(
      true,
    );
  });

  it("refuses a malformed mail, the sender's or a companion's, as a mail of bad format", async () => {
    const { event, form } = await registrationSetup();
    const refused = await submit(t, event.slug, form.id, {
      mail: "not-an-address",
      items: { first: "Zoé" },
      companions: [{ mail: "nor@this", items: {} }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toMatchObject({
      mail: "Mail format is incorrect.",
      "companions.0.mail": "Mail format is incorrect.",
    });
    const inSpanish = await submit(t, event.slug, form.id, { mail: "x@", items: { first: "Zoé" } }, { language: "es" });
    expect(inSpanish.body.error.fields.mail).toBe(translate("MAIL_FORMAT", "es"));
  });

  it("counts the answers ticked on a checkbox question: at least its minimum, exactly its exact count", async () => {
    const event = await guestEvent(t, owner);
    const choices = [answer("a"), answer("b"), answer("c")];
    const form = await insertForm(t, event.id, {
      items: [
        question("atLeast", "multiple_choice", { answers: choices, selection: { min: 2, max: null, exact: null } }),
        question("exactly", "multiple_choice", { answers: choices, selection: { min: null, max: null, exact: 2 } }),
      ],
    });
    const send = (items: Record<string, string[]>, language?: string) =>
      submit(t, event.slug, form.id, { mail: uniqueEmail("ticks"), items }, { language });

    const tooFew = await send({ atLeast: ["a"], exactly: ["a", "b"] });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.error).toEqual({
      code: "TOO_FEW_ANSWERS",
      message: "Too few answers: select at least 2.",
      fields: { "items.atLeast": "Too few answers: select at least 2." },
    });
    const overExact = await send({ atLeast: ["a", "b"], exactly: ["a", "b", "c"] });
    expect(overExact.status).toBe(400);
    expect(overExact.body.error).toEqual({
      code: "WRONG_NUMBER_OF_ANSWERS",
      message: "Wrong number of answers: select exactly 2.",
      fields: { "items.exactly": "Wrong number of answers: select exactly 2." },
    });
    const underExact = await send({ atLeast: ["a", "b", "c"], exactly: ["c"] }, "fr");
    expect(underExact.status).toBe(400);
    expect(underExact.body.error.code).toBe("WRONG_NUMBER_OF_ANSWERS");
    expect(underExact.body.error.fields).toEqual({
      "items.exactly": "Mauvais nombre de réponses : sélectionnez-en exactement 2.",
    });
    // Both at once: one 400 with each question's own message.
    const both = await send({ atLeast: ["b"], exactly: ["c"] }, "es");
    expect(both.body.error.fields).toEqual({
      "items.atLeast": "Muy pocas respuestas: seleccione 2 como mínimo.",
      "items.exactly": "Número de respuestas incorrecto: seleccione exactamente 2.",
    });

    const sent = await send({ atLeast: ["a", "b", "c"], exactly: ["b", "c"] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [submission] = await t.context.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.guestId, sent.body.guestId));
    expect(submission?.answers).toEqual({ atLeast: ["a", "b", "c"], exactly: ["b", "c"] });
  });

  it("asks for the terms only when the form has a terms file", async () => {
    const event = await guestEvent(t, owner);
    const [terms] = await t.context.db
      .insert(storedFiles)
      .values({
        eventId: event.id,
        purpose: "form.terms",
        name: "t.pdf",
        contentType: "application/pdf",
        size: 9,
        storageKey: `${event.id}/t`,
      })
      .returning();
    const form = await insertForm(t, event.id, { items: [question("q", "short_text")], termsFileId: terms?.id });
    const refused = await submit(t, event.slug, form.id, { mail: uniqueEmail("terms") });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "TERMS_REQUIRED", message: "Please accept the terms." });
    const accepted = await submit(t, event.slug, form.id, { mail: uniqueEmail("terms"), termsAccepted: true });
    expect(accepted.status).toBe(201);
  });

  it("updates an invited guest, and asks a registered one to sign in to the member area to change it", async () => {
    const { event, form, fieldId } = await registrationSetup();
    const mail = uniqueEmail("invited");
    const invited = await addGuest(t, owner.token, event.users, { email: mail, firstName: "Old", company: "Acme" });
    const first = await submit(t, event.slug, form.id, { mail, items: { first: "New", menu: "meat" } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ guestId: invited.id, updated: true, status: "confirmed" });
    expect(await guestByEmail(event.id, mail)).toMatchObject({
      firstName: "New",
      company: "Acme",
      createdSource: "admin",
    });

    const again = await submit(t, event.slug, form.id, { mail, items: { first: "Other" } }, { language: "es" });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: "ALREADY_REGISTERED",
      message: "Ya está inscrito. Inicie sesión en su área de miembro para modificar su inscripción.",
    });

    const session = await memberSession(t, event.slug, mail);
    const changed = await submit(
      t,
      event.slug,
      form.id,
      { mail, items: { first: "Changed", menu: "veg", allergy: "none" } },
      { session },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    expect(await guestByEmail(event.id, mail)).toMatchObject({
      firstName: "Changed",
      customFields: { [fieldId]: "veg" },
    });

    // Another event's member session is no session here.
    const other = await registrationSetup();
    const foreign = await submit(t, other.event.slug, other.form.id, { mail, items: { first: "X" } }, { session });
    expect(foreign.status).toBe(401);
  });

  it("follows the form's dates and state: not yet open, closed, event registration closed, offline", async () => {
    const event = await guestEvent(t, owner);
    const items = [question("q", "short_text")];
    const later = await insertForm(t, event.id, { items, options: { opensAt: hoursFromNow(2) } });
    const notOpen = await submit(t, event.slug, later.id, { mail: uniqueEmail("early") });
    expect(notOpen.status).toBe(409);
    expect(notOpen.body.error).toEqual({ code: "FORM_NOT_OPEN", message: "This form is not open yet." });

    const past = await guestEvent(t, owner, { registrationClosesAt: hoursFromNow(-1) });
    const closedByEvent = await insertForm(t, past.id, { items });
    const closed = await submit(t, past.slug, closedByEvent.id, { mail: uniqueEmail("late") });
    expect(closed.status).toBe(409);
    expect(closed.body.error).toEqual({ code: "FORM_CLOSED", message: "Registration is closed." });

    const survey = await insertForm(t, past.id, { type: "survey", items, options: { closesAt: hoursFromNow(-1) } });
    expect((await submit(t, past.slug, survey.id, { mail: uniqueEmail("s") })).body.error.code).toBe("FORM_CLOSED");

    const draftEvent = await guestEvent(t, owner);
    const draft = await insertForm(t, draftEvent.id, { items, status: "draft" });
    expect((await submit(t, draftEvent.slug, draft.id, { mail: uniqueEmail("d") })).status).toBe(409);
  });

  it("never lets a form id cross events, nor a companion form be sent on its own", async () => {
    const a = await registrationSetup();
    const b = await registrationSetup();
    const crossed = await submit(t, b.event.slug, a.form.id, { mail: uniqueEmail("x"), items: { first: "X" } });
    expect(crossed.status).toBe(404);
    const companion = await insertForm(t, a.event.id, { type: "companion", items: [question("c", "short_text")] });
    expect((await submit(t, a.event.slug, companion.id, { mail: uniqueEmail("c") })).status).toBe(404);
    expect((await submit(t, "no-such-event", a.form.id, { mail: uniqueEmail("n") })).status).toBe(404);
    const mismatch = await submit(t, a.event.slug, a.form.id, { mail: uniqueEmail("m"), formId: b.form.id });
    expect(mismatch.status).toBe(404);
  });

  it("records the recommendations of the form's block, within its maximum", async () => {
    const { event, form } = await registrationSetup();
    const people = [{ email: uniqueEmail("friend"), firstName: "Fred" }, { email: uniqueEmail("pal") }];
    const tooMany = await submit(t, event.slug, form.id, {
      mail: uniqueEmail("recommender"),
      items: { first: "R" },
      recommendations: [...people, { email: uniqueEmail("third") }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.recommendations).toBe("Too many answers: select at most 2.");
    const sent = await submit(t, event.slug, form.id, {
      mail: uniqueEmail("recommender"),
      items: { first: "R" },
      recommendations: people,
    });
    expect(sent.status).toBe(201);
    const rows = await t.context.db
      .select()
      .from(recommendations)
      .where(eq(recommendations.recommenderId, sent.body.guestId));
    expect(rows.map((row) => row.email).sort()).toEqual(people.map((person) => person.email).sort());
  });

  it("limits submissions per client address and per email", async () => {
    const { event, form } = await registrationSetup();
    const ip = clientIp();
    const statuses: number[] = [];
    for (let index = 0; index < 31; index++) {
      statuses.push(
        (await submit(t, event.slug, form.id, { mail: uniqueEmail("flood"), privacyAccepted: false }, { ip })).status,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const mail = uniqueEmail("same");
    const perMail: number[] = [];
    for (let index = 0; index < 11; index++) {
      perMail.push((await submit(t, event.slug, form.id, { mail, privacyAccepted: false })).status);
    }
    expect(perMail.at(-1)).toBe(429);
    expect(perMail.slice(0, 10).every((status) => status === 400)).toBe(true);
  });
});

describe("surveys through sendForm", () => {
  it("needs a member session of the event and leaves the guest's status alone", async () => {
    const event = await guestEvent(t, owner, { ratingMax: 4 });
    const mail = uniqueEmail("attendee");
    const guest = await addGuest(t, owner.token, event.users, { email: mail, status: "to_be_seen" });
    const survey = await insertForm(t, event.id, {
      type: "survey",
      items: [question("stars", "rating", { required: true })],
    });
    const anonymous = await submit(t, event.slug, survey.id, { mail, items: { stars: 3 } });
    expect(anonymous.status).toBe(401);
    const session = await memberSession(t, event.slug, mail);
    const tooHigh = await submit(t, event.slug, survey.id, { mail, items: { stars: 5 } }, { session });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.error.fields["items.stars"]).toBe("Choose a rating from 1 to 4.");
    const sent = await submit(t, event.slug, survey.id, { mail, items: { stars: 4 } }, { session });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ guestId: guest.id, status: "to_be_seen", updated: true });
    const [row] = await t.context.db.select().from(formSubmissions).where(eq(formSubmissions.formId, survey.id));
    expect(row).toMatchObject({ guestId: guest.id, answers: { stars: 4 } });
    expect((await t.context.db.select().from(customFields).where(eq(customFields.eventId, event.id))).length).toBe(0);
  });
});
