import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailsTo, registerAccount, tokenFromMail } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { eventsUrl } from "../events/events.testing.js";
import { guests } from "../guests/guests.tables.js";
import { addGuest, guestEvent } from "../guests/guests.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));

// Each request comes from a random client address unless a test names one, so only the limit tests meet per-IP limits.
const clientIp = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
const memberUrl = (slug: string, page = "") => `/api/v1/public/events/${slug}/member${page}`;
const post = (url: string, body: unknown, options: { token?: string; ip?: string; language?: string } = {}) =>
  t.request({
    method: "POST",
    url,
    body,
    token: options.token,
    language: options.language,
    headers: { "x-forwarded-for": options.ip ?? clientIp() },
  });
const get = (url: string, token?: string) => t.request({ method: "GET", url, token });
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString("hex")}@example.test`;

/** An event with one invited guest; `signIn` goes the whole way a guest does: mail, link, session. */
async function eventWithGuest(overrides: Record<string, unknown> = {}, guest: Record<string, unknown> = {}) {
  const event = await guestEvent(t, owner, overrides);
  const email = uniqueEmail("guest");
  const created = await addGuest(t, owner.token, event.users, {
    firstName: "Inès",
    lastName: "Moreau",
    email,
    status: "confirmed",
    ...guest,
  });
  return { event, email, guestId: created.id };
}

async function mailedLink(slug: string, email: string, language = "fr") {
  const asked = await post(memberUrl(slug, "/link"), { email: email.toUpperCase(), language });
  expect(asked.status).toBe(202);
  const [mail] = (await mailsTo(t, email)).slice(-1);
  if (!mail) throw new Error("no member link mail");
  return mail;
}

async function signIn(slug: string, email: string) {
  const token = tokenFromMail(await mailedLink(slug, email));
  const session = await post(memberUrl(slug, "/session"), { token });
  expect(session.status).toBe(200);
  return session.body.sessionToken as string;
}

describe("member area sign-in", () => {
  it("mails a localized single-use link to the event's member page, which opens a session", async () => {
    const { event, email } = await eventWithGuest();
    const mail = await mailedLink(event.slug, email, "es");
    expect(mail.subject).toBe(`Su enlace al área de miembro de ${event.name}`);
    expect(mail.language).toBe("es");
    expect(mail.text).toMatch(new RegExp(`http://localhost:\\d+/es/${event.slug}/member\\?token=`));

    const token = tokenFromMail(mail);
    const session = await post(memberUrl(event.slug, "/session"), { token });
    expect(session.status).toBe(200);
    expect(session.body.sessionToken).toMatch(/^ms_/);
    const again = await post(memberUrl(event.slug, "/session"), { token }, { language: "fr" });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: "LINK_INVALID",
      message: "Ce lien est invalide ou a expiré. Veuillez en demander un nouveau.",
    });
  });

  it("answers the same for an unknown address and mails nothing", async () => {
    const { event } = await eventWithGuest();
    const stranger = uniqueEmail("stranger");
    const response = await post(memberUrl(event.slug, "/link"), { email: stranger });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ ok: true });
    expect(await mailsTo(t, stranger)).toHaveLength(0);
    // A guest of another event is a stranger here too.
    const other = await eventWithGuest();
    expect((await post(memberUrl(event.slug, "/link"), { email: other.email })).status).toBe(202);
    expect(await mailsTo(t, other.email)).toHaveLength(0);
  });

  it("refuses a malformed address with the contract's message, and an unknown event with 404", async () => {
    const { event } = await eventWithGuest();
    const bad = await post(memberUrl(event.slug, "/link"), { email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.email).toBe("Invalid email address.");
    expect((await post(memberUrl("no-such-event", "/link"), { email: uniqueEmail("x") })).status).toBe(404);
  });

  it("a newer link replaces the older one, and a link of one event does not open another", async () => {
    const first = await eventWithGuest();
    const older = tokenFromMail(await mailedLink(first.event.slug, first.email));
    const newer = tokenFromMail(await mailedLink(first.event.slug, first.email));
    expect((await post(memberUrl(first.event.slug, "/session"), { token: older })).status).toBe(400);

    const second = await eventWithGuest();
    expect((await post(memberUrl(second.event.slug, "/session"), { token: newer })).status).toBe(400);
    expect((await post(memberUrl(first.event.slug, "/session"), { token: newer })).status).toBe(200);
  });
});

describe("member area", () => {
  it("shows the guest's registration with companions and answers, then unregisters once", async () => {
    const { event, email, guestId } = await eventWithGuest(
      { maxCompanions: 3 },
      { companionsExpected: 2, namelessCompanions: 1, registered: true },
    );
    const diet = await post(event.fields, { name: "Diet", type: "short_text" }, { token: owner.token });
    const size = await post(
      event.fields,
      {
        name: "Workshops",
        type: "multiple_choice",
        choices: [
          { id: "a", label: "Cooking" },
          { id: "b", label: "Wine" },
        ],
      },
      { token: owner.token },
    );
    await post(
      `${event.users}/${guestId}`,
      { customFields: { [diet.body.id]: "Vegetarian", [size.body.id]: ["b", "a"] } },
      { token: owner.token },
    );
    const companion = await addGuest(t, owner.token, event.users, {
      firstName: "Léa",
      lastName: "Moreau",
      hostId: guestId,
    });
    const session = await signIn(event.slug, email);

    const registration = await get(memberUrl(event.slug), session);
    expect(registration.status).toBe(200);
    expect(registration.headers["cache-control"]).toBe("no-store");
    expect(registration.body).toMatchObject({
      firstName: "Inès",
      lastName: "Moreau",
      email,
      status: "confirmed",
      registered: true,
      companionsExpected: 2,
      namelessCompanions: 1,
      companions: [{ firstName: "Léa", lastName: "Moreau" }],
      answers: [
        { fieldId: diet.body.id, name: "Diet", type: "short_text", value: "Vegetarian" },
        { fieldId: size.body.id, name: "Workshops", type: "multiple_choice", value: ["Wine", "Cooking"] },
      ],
    });
    expect(Object.keys(registration.body.companions[0])).toEqual(["firstName", "lastName"]);

    const cancelled = await post(memberUrl(event.slug, "/unregister"), {}, { token: session });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    const [stored] = await t.context.db.select().from(guests).where(eq(guests.id, guestId));
    expect(stored?.status).toBe("cancelled");
    // The named companion does not come without the host.
    const [companionStored] = await t.context.db.select().from(guests).where(eq(guests.id, companion.id));
    expect(companionStored?.status).toBe("cancelled");
    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "public.guest.unregistered"));
    expect(audit).toMatchObject({
      targetId: guestId,
      eventId: event.id,
      accountId: owner.accountId,
      before: { status: "confirmed" },
      after: { status: "cancelled", companionsCancelled: 1 },
    });

    const twice = await post(memberUrl(event.slug, "/unregister"), {}, { token: session, language: "es" });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toEqual({
      code: "REGISTRATION_ALREADY_CANCELLED",
      message: "Su inscripción ya está cancelada.",
    });
  });

  it("keeps each session to its own event, and sessions and organizer tokens to their own side", async () => {
    const a = await eventWithGuest();
    const b = await eventWithGuest();
    const session = await signIn(a.event.slug, a.email);

    const onOtherEvent = await get(memberUrl(b.event.slug), session);
    expect(onOtherEvent.status).toBe(401);
    expect(onOtherEvent.body.error.code).toBe("MEMBER_SESSION_INVALID");
    expect((await post(memberUrl(b.event.slug, "/unregister"), {}, { token: session })).status).toBe(401);

    // A member session is nobody on the organizer side, not even on the event of its guest.
    expect((await get(`${eventsUrl(owner.accountId)}/${a.event.id}`, session)).status).toBe(401);
    expect((await get(a.event.users, session)).status).toBe(401);
    expect((await get("/api/v1/auth/me", session)).status).toBe(401);

    // An organizer's session, even the event owner's, opens no member area.
    expect((await get(memberUrl(a.event.slug), owner.token)).status).toBe(401);
    expect((await get(memberUrl(a.event.slug))).status).toBe(401);
    expect((await get(memberUrl(a.event.slug), "ms_made-up")).status).toBe(401);
  });

  it("signs out: the session stops working", async () => {
    const { event, email } = await eventWithGuest();
    const session = await signIn(event.slug, email);
    expect((await post(memberUrl(event.slug, "/logout"), {}, { token: session })).status).toBe(200);
    expect((await get(memberUrl(event.slug), session)).status).toBe(401);
  });

  it("closes the member area when the event is archived", async () => {
    const { event, email } = await eventWithGuest();
    const session = await signIn(event.slug, email);
    await post(`${eventsUrl(owner.accountId)}/${event.id}`, { archived: true }, { token: owner.token });
    expect((await get(memberUrl(event.slug), session)).status).toBe(401);
  });
});

describe("attendees list", () => {
  const attendeesUrl = (slug: string) => `/api/v1/public/events/${slug}/attendees`;

  it("lists confirmed guests' names and companies to signed-in guests, only when the organizer enabled it", async () => {
    const { event, email } = await eventWithGuest({}, { lastName: "Zola", company: "Guest Co", phone: "0412345678" });
    await addGuest(t, owner.token, event.users, {
      firstName: "Anna",
      lastName: "Bell",
      email: uniqueEmail("anna"),
      company: "Bell SA",
      status: "confirmed",
    });
    await addGuest(t, owner.token, event.users, { firstName: "Paul", lastName: "Refus", status: "refused" });
    const session = await signIn(event.slug, email);

    const disabled = await get(attendeesUrl(event.slug), session);
    expect(disabled.status).toBe(404);

    await post(`${eventsUrl(owner.accountId)}/${event.id}`, { attendeesListPublic: true }, { token: owner.token });
    expect((await get(attendeesUrl(event.slug))).status).toBe(401);
    expect((await get(attendeesUrl(event.slug), owner.token)).status).toBe(401);

    const list = await get(attendeesUrl(event.slug), session);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      items: [
        { firstName: "Anna", lastName: "Bell", company: "Bell SA" },
        { firstName: "Inès", lastName: "Zola", company: "Guest Co" },
      ],
      total: 2,
    });

    // A guest of another event sees nothing of this one.
    const other = await eventWithGuest({ attendeesListPublic: true });
    const otherSession = await signIn(other.event.slug, other.email);
    expect((await get(attendeesUrl(event.slug), otherSession)).status).toBe(401);
  });
});

describe("rate limits", () => {
  it("mails at most 5 links an hour to one address, whatever the client address", async () => {
    const { event, email } = await eventWithGuest();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await post(memberUrl(event.slug, "/link"), { email })).status, `attempt ${attempt}`).toBe(202);
    }
    const limited = await post(memberUrl(event.slug, "/link"), { email });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(await mailsTo(t, email)).toHaveLength(5);
  });

  it("takes at most 20 link requests and 30 link uses per client address in 15 minutes", async () => {
    const { event } = await eventWithGuest();
    const ip = "203.0.113.77";
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await post(memberUrl(event.slug, "/link"), { email: uniqueEmail("probe") }, { ip });
      expect(response.status, `attempt ${attempt}`).toBe(202);
    }
    expect((await post(memberUrl(event.slug, "/link"), { email: uniqueEmail("probe") }, { ip })).status).toBe(429);

    const guesser = "203.0.113.78";
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await post(memberUrl(event.slug, "/session"), { token: `guess-${attempt}` }, { ip: guesser });
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    expect((await post(memberUrl(event.slug, "/session"), { token: "guess" }, { ip: guesser })).status).toBe(429);
  });

  it("takes at most 30 unregisters and sign-outs together per client address in 15 minutes", async () => {
    const { event, email } = await eventWithGuest();
    const session = await signIn(event.slug, email);
    const ip = "203.0.113.79";
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 30; attempt++) {
      statuses.push((await post(memberUrl(event.slug, "/unregister"), {}, { token: session, ip })).status);
    }
    // The first cancels, the others meet the conflict: each one counts.
    expect(statuses).toEqual([200, ...Array(29).fill(409)]);
    const limited = await post(memberUrl(event.slug, "/unregister"), {}, { token: session, ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

    // Signing out shares the budget: refused from this address, the session still open; elsewhere it goes through.
    expect((await post(memberUrl(event.slug, "/logout"), {}, { token: session, ip })).status).toBe(429);
    expect((await get(memberUrl(event.slug), session)).status).toBe(200);
    expect((await post(memberUrl(event.slug, "/logout"), {}, { token: session })).status).toBe(200);
    expect((await get(memberUrl(event.slug), session)).status).toBe(401);
  });
});
