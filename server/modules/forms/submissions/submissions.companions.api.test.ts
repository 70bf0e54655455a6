import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerAccount } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { guests } from "../../guests/guests.tables.js";
import { addGuest, guestEvent } from "../../guests/guests.testing.js";
import { insertOrder, insertTicket } from "../../ticketing/ticketing.testing.js";
import { formAnswerCounts, formSubmissions } from "../forms.tables.js";
import { answer, insertForm, memberSession, question, submit, uniqueEmail } from "./submissions.testing.js";

// 50 guests at once from one test client: the address limit is raised the way an operator would.
const t = testAppForFile({ PUBLIC_FORM_POSTS_PER_MINUTE: "1000" });
const owner = madeBeforeAll(() => registerAccount(t));

const companionsOf = (hostId: string) => t.context.db.select().from(guests).where(eq(guests.hostId, hostId));

async function companionSetup(maxCompanions = 2) {
  const event = await guestEvent(t, owner, { maxCompanions });
  const form = await insertForm(t, event.id, {
    items: [question("first", "short_text", { target: { kind: "guest", field: "firstName" } })],
    options: { companionsEnabled: true },
  });
  const companionForm = await insertForm(t, event.id, {
    type: "companion",
    items: [
      question("name", "short_text", { required: true, target: { kind: "guest", field: "firstName" } }),
      question("seat", "unique_choice", { answers: [answer("front", 1), answer("back")] }),
    ],
  });
  return { event, form, companionForm };
}

describe("companions", () => {
  it("become guests of the host, with their own submission on the companion form", async () => {
    const { event, form, companionForm } = await companionSetup();
    const friend = uniqueEmail("friend");
    const sent = await submit(t, event.slug, form.id, {
      mail: uniqueEmail("host"),
      items: { first: "Hana" },
      companions: [
        { mail: friend, items: { name: "Kai", seat: "front" } },
        { mail: "", items: { name: "Lou" } },
      ],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const companions = await companionsOf(sent.body.guestId);
    expect(
      companions.map((row) => [row.firstName, row.email, row.createdSource, row.status, row.registered]).sort(),
    ).toEqual([
      ["Kai", friend, "companion", "confirmed", true],
      ["Lou", null, "companion", "confirmed", true],
    ]);
    const submissions = await t.context.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, companionForm.id));
    expect(submissions).toHaveLength(2);
  });

  it("checks each companion against the companion form and the event's maximum", async () => {
    const { event, form } = await companionSetup(1);
    const tooMany = await submit(t, event.slug, form.id, {
      mail: uniqueEmail("host"),
      companions: [{ items: { name: "A" } }, { items: { name: "B" } }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({
      code: "COMPANION_NOT_ADDED",
      message: "The companion could not be added.",
    });
    const unnamed = await submit(t, event.slug, form.id, { mail: uniqueEmail("host"), companions: [{ items: {} }] });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.fields).toEqual({ "companions.0.items.name": "This field is required." });
    const mail = uniqueEmail("taken");
    await addGuest(t, owner.token, event.users, { email: mail });
    const taken = await submit(t, event.slug, form.id, {
      mail: uniqueEmail("host"),
      companions: [{ mail, items: { name: "C" } }],
    });
    expect(taken.status).toBe(400);
    expect(taken.body.error.fields["companions.0.mail"]).toBe("A guest of this event already has this email address.");

    const disabled = await guestEvent(t, owner, { maxCompanions: 3 });
    const plain = await insertForm(t, disabled.id, { items: [question("q", "short_text")] });
    const refused = await submit(t, disabled.slug, plain.id, { mail: uniqueEmail("h"), companions: [{ items: {} }] });
    expect(refused.body.error.code).toBe("COMPANION_NOT_ADDED");
  });

  it("replaces the form's companions on a new submission, never those the organizer added", async () => {
    const { event, form, companionForm } = await companionSetup(3);
    const mail = uniqueEmail("host");
    const first = await submit(t, event.slug, form.id, {
      mail,
      companions: [{ items: { name: "Old", seat: "front" } }, { items: { name: "Gone" } }],
    });
    const hostId = first.body.guestId;
    const byHand = await addGuest(t, owner.token, event.users, { firstName: "Manual", lastName: "Companion", hostId });
    const session = await memberSession(t, event.slug, mail);
    const second = await submit(
      t,
      event.slug,
      form.id,
      { mail, companions: [{ items: { name: "New", seat: "front" } }] },
      { session },
    );
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const names = (await companionsOf(hostId)).map((row) => row.firstName).sort();
    expect(names).toEqual(["Manual", "New"]);
    expect((await companionsOf(hostId)).find((row) => row.id === byHand.id)?.createdSource).toBe("admin");
    // The quota of one on "front" was released by the replaced companion, then taken again.
    const [count] = await t.context.db
      .select()
      .from(formAnswerCounts)
      .where(and(eq(formAnswerCounts.formId, companionForm.id), eq(formAnswerCounts.answerId, "front")));
    expect(count?.chosen).toBe(1);
    // The companion form's filled quota comes with the registration form, shown disabled to the next companions.
    const read = await t.request({ method: "GET", url: `/api/v1/public/events/${event.slug}/forms/registration` });
    expect(read.body.companionForm).toMatchObject({ id: companionForm.id, filledAnswerIds: ["front"] });
  });

  it("keeps a companion who holds a ticket: a submission leaving them out is refused and changes nothing", async () => {
    const { event, form } = await companionSetup();
    const mail = uniqueEmail("holder-host");
    const first = await submit(t, event.slug, form.id, { mail, companions: [{ items: { name: "Ticketed" } }] });
    const hostId = first.body.guestId;
    const [companion] = await companionsOf(hostId);
    const ticket = await insertTicket(t, event.id);
    await insertOrder(t, event.id, { buyerGuestId: hostId }, [{ ticketId: ticket.id, holderGuestId: companion?.id }]);
    const session = await memberSession(t, event.slug, mail);

    const refused = await submit(t, event.slug, form.id, { mail, companions: [] }, { session, language: "fr" });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.companions).toBe(
      "Un accompagnant retiré du formulaire détient un billet : il ne peut pas être supprimé. Gardez-le, ou demandez à l'organisateur.",
    );
    expect((await companionsOf(hostId)).map((row) => row.id)).toEqual([companion?.id]);
  });
});

describe("under concurrent submissions", () => {
  it("a quota of 10 with 50 simultaneous guests accepts exactly 10", async () => {
    const event = await guestEvent(t, owner);
    const form = await insertForm(t, event.id, {
      items: [question("workshop", "unique_choice", { required: true, answers: [answer("ten", 10), answer("open")] })],
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        submit(t, event.slug, form.id, { mail: uniqueEmail("rush"), items: { workshop: "ten" } }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const refused = results.filter((result) => result.status === 409);
    expect(refused).toHaveLength(40);
    expect(refused[0]?.body.error).toEqual({
      code: "QUOTA_FILLED",
      message: "Quota is filled for this option.",
      fields: { "items.workshop": "Quota is filled for this option." },
    });
    const [count] = await t.context.db.select().from(formAnswerCounts).where(eq(formAnswerCounts.formId, form.id));
    expect(count?.chosen).toBe(10);
    const registered = await t.context.db.select().from(guests).where(eq(guests.eventId, event.id));
    expect(registered).toHaveLength(10);
  });

  it("a guest changing their answers keeps their own place and frees the one they leave", async () => {
    const event = await guestEvent(t, owner);
    const form = await insertForm(t, event.id, {
      items: [question("slot", "unique_choice", { answers: [answer("last", 1), answer("other")] })],
    });
    const mail = uniqueEmail("holder");
    expect((await submit(t, event.slug, form.id, { mail, items: { slot: "last" } })).status).toBe(201);
    const latecomer = await submit(t, event.slug, form.id, { mail: uniqueEmail("late"), items: { slot: "last" } });
    expect(latecomer.body.error.code).toBe("QUOTA_FILLED");
    const session = await memberSession(t, event.slug, mail);
    expect((await submit(t, event.slug, form.id, { mail, items: { slot: "last" } }, { session })).status).toBe(201);
    expect((await submit(t, event.slug, form.id, { mail, items: { slot: "other" } }, { session })).status).toBe(201);
    expect((await submit(t, event.slug, form.id, { mail: uniqueEmail("late"), items: { slot: "last" } })).status).toBe(
      201,
    );
  });

  it("a limit of 5 attendees with 20 simultaneous registrations seats exactly 5", async () => {
    const event = await guestEvent(t, owner, { maxAttendees: 5 });
    const form = await insertForm(t, event.id, { items: [question("q", "short_text")] });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        submit(t, event.slug, form.id, { mail: uniqueEmail("seat") }, { language: "fr" }),
      ),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(5);
    const full = results.filter((result) => result.status === 409);
    expect(full).toHaveLength(15);
    expect(full[0]?.body.error).toEqual({ code: "EVENT_FULL", message: "Cet événement est complet." });
    const seated = await t.context.db
      .select()
      .from(guests)
      .where(and(eq(guests.eventId, event.id), eq(guests.status, "confirmed")));
    expect(seated).toHaveLength(5);
  });

  it("counts companions as attendees", async () => {
    const event = await guestEvent(t, owner, { maxAttendees: 2, maxCompanions: 2 });
    const form = await insertForm(t, event.id, {
      items: [question("q", "short_text")],
      options: { companionsEnabled: true },
    });
    const threePeople = await submit(t, event.slug, form.id, {
      mail: uniqueEmail("group"),
      companions: [{ items: {} }, { items: {} }],
    });
    expect(threePeople.body.error.code).toBe("EVENT_FULL");
    const twoPeople = await submit(t, event.slug, form.id, { mail: uniqueEmail("pair"), companions: [{ items: {} }] });
    expect(twoPeople.status).toBe(201);
  });
});
