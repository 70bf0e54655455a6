import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, registerAccount } from "../../testing/fixtures.js";
import { callsAs, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { accounts } from "../accounts/accounts.tables.js";
import { auditLogs } from "../audit/audit.tables.js";
import { eventAdministrators, events } from "./events.tables.js";
import { createEvent, eventBody, eventsUrl, hoursFromNow, uniqueSlug } from "./events.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));
const organizer = madeBeforeAll(() => addMember(t, owner.accountId, "organizer"));

const { post } = callsAs(t, () => owner);
const eventUrl = (id: string) => `${eventsUrl(owner.accountId)}/${id}`;
const storedEvent = async (id: string) => (await t.context.db.select().from(events).where(eq(events.id, id)))[0];
const auditOf = (eventId: string, action: string) =>
  t.context.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.eventId, eventId), eq(auditLogs.action, action)));

describe("POST /accounts/:account/events", () => {
  it("creates an event, fills unset fields from the account's defaults and logs it", async () => {
    await t.context.db
      .update(accounts)
      .set({
        defaultEventParams: {
          timezone: "America/New_York",
          languages: ["es", "fr"],
          preferredLanguage: "es",
          maxCompanions: 2,
          ratingMax: 7,
        },
        retentionDays: 90,
        offlineCheckinLimit: 5,
        modules: { multilang: false, ebadge: true, misc: false, singleImagePartners: true },
        whiteLabel: true,
      })
      .where(eq(accounts.id, owner.accountId));
    const body = eventBody({ name: "  Summer fair  ", venueName: "Town hall" });
    const response = await post(eventsUrl(owner.accountId), body);

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      accountId: owner.accountId,
      name: "Summer fair",
      slug: body.slug,
      startsAt: new Date(body.startsAt as string).toISOString(),
      endsAt: null,
      allDay: false,
      archived: false,
      status: "upcoming",
      venueName: "Town hall",
      timezone: "America/New_York",
      languages: ["es", "fr"],
      preferredLanguage: "es",
      maxCompanions: 2,
      ratingMax: 7,
      retentionDays: 90,
      maxOfflineCheckins: 5,
      modules: { multilang: false, ebadge: true, misc: false, singleImagePartners: true },
      whiteLabel: { event: true, mails: true, campaigns: true },
      localizedDescription: "",
    });
    const stored = await storedEvent(response.body.id);
    expect(stored).toMatchObject({ name: "Summer fair", slug: body.slug, createdBy: owner.userId, maxCompanions: 2 });
    const [audit] = await auditOf(response.body.id, "events.event.created");
    expect(audit).toMatchObject({ accountId: owner.accountId, actorUserId: owner.userId, targetType: "event" });
    expect(audit?.after).toEqual({ name: "Summer fair", slug: body.slug });
  });

  it("keeps the values given over the account's defaults", async () => {
    const response = await post(
      eventsUrl(owner.accountId),
      eventBody({ timezone: "europe/paris", languages: ["en"], preferredLanguage: "en", maxCompanions: 0 }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      timezone: "Europe/Paris",
      languages: ["en"],
      preferredLanguage: "en",
      maxCompanions: 0,
    });
  });

  it("gives its creator direct access unless they already see every event", async () => {
    const byOrganizer = await createEvent(t, organizer.token, owner.accountId);
    const byOverseer = await createEvent(t, owner.token, owner.accountId);
    const rows = await t.context.db.select().from(eventAdministrators);
    expect(rows.filter((row) => row.eventId === byOrganizer.id)).toEqual([
      { eventId: byOrganizer.id, userId: organizer.userId },
    ]);
    expect(rows.filter((row) => row.eventId === byOverseer.id)).toEqual([]);
  });

  it.each([
    ["too short", "ab", "The URL must have 3 to 50 characters: lowercase letters, digits and dashes."],
    ["too long", "a".repeat(51), "The URL must have 3 to 50 characters: lowercase letters, digits and dashes."],
    ["uppercase", "My-Event", "The URL must have 3 to 50 characters: lowercase letters, digits and dashes."],
    ["spaces", "my event", "The URL must have 3 to 50 characters: lowercase letters, digits and dashes."],
    ["reserved", "admin", "This URL is reserved. Please choose another one."],
    ["reserved for the check-in app", "checkin", "This URL is reserved. Please choose another one."],
  ])("refuses a URL that is %s", async (_case, slug, message) => {
    const response = await post(eventsUrl(owner.accountId), eventBody({ slug }));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect(response.body.error.fields).toEqual({ slug: message });
    expect(await t.context.db.select().from(events).where(eq(events.slug, slug))).toEqual([]);
  });

  it("accepts a URL of exactly 3 and 50 characters", async () => {
    for (const slug of [uniqueSlug("e").slice(0, 3), `${uniqueSlug()}-${"x".repeat(50)}`.slice(0, 50)]) {
      const response = await post(eventsUrl(owner.accountId), eventBody({ slug }));
      expect(response.status).toBe(201);
    }
  });

  it("refuses a URL already taken, on any account of the platform (409)", async () => {
    const other = await registerAccount(t);
    const taken = await createEvent(t, other.token, other.accountId);
    const response = await post(eventsUrl(owner.accountId), eventBody({ slug: taken.slug }));
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "EVENT_URL_TAKEN",
      message: "This URL is already used by another event.",
      fields: { slug: "This URL is already used by another event." },
    });
    const french = await post(eventsUrl(owner.accountId), eventBody({ slug: taken.slug }), owner.token, "fr");
    expect(french.body.error.message).toBe("Cette URL est déjà utilisée par un autre événement.");
  });

  it("answers the same 409 to two accounts racing for one URL", async () => {
    const other = await registerAccount(t);
    const body = eventBody();
    const answers = await Promise.all([
      post(eventsUrl(owner.accountId), body),
      post(eventsUrl(other.accountId), body, other.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error.code).toBe("EVENT_URL_TAKEN");
  });

  it("refuses an end before the start, a bad timezone and a preferred language the event does not offer", async () => {
    const ends = await post(eventsUrl(owner.accountId), eventBody({ endsAt: hoursFromNow(1) }));
    expect(ends.status).toBe(400);
    expect(ends.body.error.fields).toEqual({ endsAt: "The end date must be after the start date." });

    const timezone = await post(eventsUrl(owner.accountId), eventBody({ timezone: "Mars/Olympus" }));
    expect(timezone.status).toBe(400);
    expect(timezone.body.error.fields).toEqual({ timezone: "This value is not valid." });

    const language = await post(eventsUrl(owner.accountId), eventBody({ languages: ["fr"], preferredLanguage: "es" }));
    expect(language.status).toBe(400);
    expect(language.body.error.fields).toEqual({ preferredLanguage: "This value is not valid." });
  });

  it("refuses a body without a name or a date", async () => {
    const response = await post(eventsUrl(owner.accountId), { slug: uniqueSlug() }, owner.token, "es");
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toMatchObject({ name: "Este campo es obligatorio." });
    expect(Object.keys(response.body.error.fields)).toEqual(["name", "startsAt"]);
  });

  it("stops at the account's event limit, archived events included (409)", async () => {
    const limited = await registerAccount(t);
    await t.context.db.update(accounts).set({ maxEvents: 2 }).where(eq(accounts.id, limited.accountId));
    await createEvent(t, limited.token, limited.accountId);
    const archived = await createEvent(t, limited.token, limited.accountId);
    await post(`${eventsUrl(limited.accountId)}/${archived.id}`, { archived: true }, limited.token);

    const body = eventBody();
    const response = await post(eventsUrl(limited.accountId), body, limited.token);
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "EVENT_LIMIT",
      message: "Event limit has been reached. You can't create more event.",
    });
    const spanish = await post(eventsUrl(limited.accountId), body, limited.token, "es");
    expect(spanish.body.error.message).toBe("Se ha alcanzado el límite de eventos. No puede crear más eventos.");
    expect(await t.context.db.select().from(events).where(eq(events.slug, body.slug))).toEqual([]);
  });

  it("needs a signed-in caller (401)", async () => {
    const response = await t.request({ method: "POST", url: eventsUrl(owner.accountId), body: eventBody() });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe("Please sign in to continue.");
  });
});

describe("GET /accounts/:account/events/:id", () => {
  it("answers the event, uncached, with its description in the reader's language", async () => {
    const event = await createEvent(t, owner.token, owner.accountId, {
      languages: ["fr", "en"],
      preferredLanguage: "fr",
      description: { fr: "Bonjour", en: "Hello" },
    });
    const read = (language: string) =>
      t.request({ method: "GET", url: eventUrl(event.id), token: owner.token, language });
    const english = await read("en-GB");
    expect(english.status).toBe(200);
    expect(english.headers["cache-control"]).toBe("no-store");
    expect(english.body).toMatchObject({ id: event.id, description: { fr: "Bonjour", en: "Hello" } });
    expect(english.body.localizedDescription).toBe("Hello");
    expect(english.body.access).toBeUndefined();
    expect((await read("fr")).body.localizedDescription).toBe("Bonjour");
    // No Spanish text: the event's preferred language comes next.
    expect((await read("es")).body.localizedDescription).toBe("Bonjour");
  });

  it("falls back to any written description, then to an empty text", async () => {
    const spanishOnly = await createEvent(t, owner.token, owner.accountId, {
      preferredLanguage: "en",
      languages: ["en", "es"],
      description: { es: "Hola", en: "  " },
    });
    const none = await createEvent(t, owner.token, owner.accountId);
    const read = (id: string) => t.request({ method: "GET", url: eventUrl(id), token: owner.token, language: "fr" });
    expect((await read(spanishOnly.id)).body.localizedDescription).toBe("Hola");
    expect((await read(none.id)).body.localizedDescription).toBe("");
  });

  it("adds who can reach the event with expand=access", async () => {
    const event = await createEvent(t, organizer.token, owner.accountId);
    const response = await t.request({
      method: "GET",
      url: `${eventUrl(event.id)}?expand=fonts,access`,
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.access).toEqual({
      teams: [],
      administrators: [
        {
          id: organizer.userId,
          email: organizer.email,
          firstName: "organizer",
          lastName: "Tester",
          role: "organizer",
          direct: true,
          viaTeams: [],
        },
      ],
    });
  });

  it("answers 404 for an event that does not exist", async () => {
    const response = await t.request({ method: "GET", url: eventUrl(crypto.randomUUID()), token: owner.token });
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({ code: "NOT_FOUND", message: "Not found." });
  });
});

describe("POST /accounts/:account/events/:id", () => {
  it("changes the fields sent, moves updatedAt and logs the change before/after", async () => {
    const event = await createEvent(t, owner.token, owner.accountId, { venueName: "Old hall" });
    const before = await storedEvent(event.id);
    const response = await post(eventUrl(event.id), {
      name: "Renamed",
      venueName: "New hall",
      maxAttendees: 300,
      slug: event.slug,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "Renamed", venueName: "New hall", maxAttendees: 300 });
    const stored = await storedEvent(event.id);
    expect(stored).toMatchObject({ name: "Renamed", venueName: "New hall", maxAttendees: 300, slug: event.slug });
    expect(stored?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? Infinity);
    const [audit] = await auditOf(event.id, "events.event.updated");
    expect(audit?.before).toEqual({ name: "Spring gala", venueName: "Old hall", maxAttendees: null });
    expect(audit?.after).toEqual({ name: "Renamed", venueName: "New hall", maxAttendees: 300 });
  });

  it("does not write nor log a change that changes nothing", async () => {
    const event = await createEvent(t, owner.token, owner.accountId, { venueName: "Same hall" });
    const response = await post(eventUrl(event.id), { venueName: "Same hall", name: event.name });
    expect(response.status).toBe(200);
    expect(await auditOf(event.id, "events.event.updated")).toEqual([]);
  });

  it("refuses to change the URL (400) but accepts the same one", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    const response = await post(eventUrl(event.id), { slug: uniqueSlug() }, owner.token, "fr");
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "EVENT_URL_LOCKED",
      message: "L'URL d'un événement ne peut pas être modifiée.",
      fields: { slug: "L'URL d'un événement ne peut pas être modifiée." },
    });
    const english = await post(eventUrl(event.id), { slug: "another-url" });
    expect(english.body.error.message).toBe("The URL of an event cannot be changed.");
    expect((await storedEvent(event.id))?.slug).toBe(event.slug);
  });

  it("takes an untouched https:// as no link, and refuses a link a browser would not open as a web page", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    const kept = await post(eventUrl(event.id), {
      socialUrls: { facebook: "https://", twitter: "http://", linkedin: "https://linkedin.com/company/acme" },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.socialUrls).toEqual({
      facebook: "",
      twitter: "",
      linkedin: "https://linkedin.com/company/acme",
    });
    const refused = await post(eventUrl(event.id), { socialUrls: { youtube: "javascript:alert(1)" } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      "socialUrls.youtube": "Enter a full address starting with https://, like https://example.com.",
    });
    const inFrench = await post(eventUrl(event.id), { socialUrls: { youtube: "youtube.com/acme" } }, owner.token, "fr");
    expect(inFrench.body.error.fields["socialUrls.youtube"]).toBe(
      "Saisissez une adresse complète commençant par https://, comme https://example.com.",
    );
  });

  it("refuses a change made over a version of the event that another organizer has changed since", async () => {
    const event = await createEvent(t, owner.token, owner.accountId, { venueName: "Hall A" });
    const read = (await t.request({ method: "GET", url: eventUrl(event.id), token: owner.token })).body;
    const first = await post(eventUrl(event.id), { venueName: "Hall B", unchangedSince: read.updatedAt });
    expect(first.status).toBe(200);
    const stale = await post(eventUrl(event.id), { venueName: "Hall C", unchangedSince: read.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: "EVENT_NOT_UPDATED", message: "Event could not be updated." });
    expect((await storedEvent(event.id))?.venueName).toBe("Hall B");
    const fresh = await post(
      eventUrl(event.id),
      { venueName: "Hall C", unchangedSince: first.body.updatedAt },
      owner.token,
      "es",
    );
    expect(fresh.status).toBe(200);
    const badDate = await post(eventUrl(event.id), { unchangedSince: "yesterday" });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.fields).toEqual({ unchangedSince: "Date format is incorrect." });
  });

  it("checks the end against the stored start when only one date changes", async () => {
    const event = await createEvent(t, owner.token, owner.accountId, {
      startsAt: hoursFromNow(48),
      endsAt: hoursFromNow(50),
    });
    const earlyEnd = await post(eventUrl(event.id), { endsAt: hoursFromNow(24) });
    expect(earlyEnd.status).toBe(400);
    expect(earlyEnd.body.error).toEqual({
      code: "EVENT_END_BEFORE_START",
      message: "The end date must be after the start date.",
      fields: { endsAt: "The end date must be after the start date." },
    });
    const lateStart = await post(eventUrl(event.id), { startsAt: hoursFromNow(72) });
    expect(lateStart.status).toBe(400);
    expect(lateStart.body.error.fields).toEqual({ endsAt: "The end date must be after the start date." });
    const both = await post(eventUrl(event.id), { startsAt: hoursFromNow(72), endsAt: hoursFromNow(75) });
    expect(both.status).toBe(200);
    const clearedEnd = await post(eventUrl(event.id), { endsAt: null });
    expect(clearedEnd.body.endsAt).toBeNull();
  });

  it("archives and unarchives, keeping an archived event read-only in between", async () => {
    const event = await createEvent(t, organizer.token, owner.accountId, {
      whiteLabel: { event: true, mails: false, campaigns: false },
    });
    const archived = await post(eventUrl(event.id), { archived: true }, organizer.token);
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    expect((await auditOf(event.id, "events.event.archived")).length).toBe(1);

    const change = await post(eventUrl(event.id), { name: "Changed" }, organizer.token, "es");
    expect(change.status).toBe(409);
    expect(change.body.error).toEqual({
      code: "EVENT_ARCHIVED_READ_ONLY",
      message: "Este evento está archivado. Desarchívelo para modificarlo.",
    });
    const english = await post(eventUrl(event.id), { name: "Changed", archived: true }, organizer.token);
    expect(english.body.error.message).toBe("This event is archived. Unarchive it to change it.");
    // The same values sent back (keys in another order) are no change.
    const same = await post(
      eventUrl(event.id),
      { whiteLabel: { campaigns: false, mails: false, event: true }, name: event.name },
      organizer.token,
    );
    expect(same.status).toBe(200);
    expect((await storedEvent(event.id))?.name).toBe(event.name);

    const unarchived = await post(eventUrl(event.id), { archived: false, name: "Back again" }, organizer.token);
    expect(unarchived.status).toBe(200);
    expect(unarchived.body).toMatchObject({ archived: false, name: "Back again" });
    expect((await auditOf(event.id, "events.event.unarchived")).length).toBe(1);
    expect((await auditOf(event.id, "events.event.updated")).map((row) => row.after)).toEqual([{ name: "Back again" }]);
  });

  it("moves the preferred language along when the languages drop it", async () => {
    const event = await createEvent(t, owner.token, owner.accountId, {
      languages: ["fr", "en"],
      preferredLanguage: "en",
    });
    const response = await post(eventUrl(event.id), { languages: ["es", "fr"] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ languages: ["es", "fr"], preferredLanguage: "es" });
  });
});

describe("DELETE /accounts/:account/events/:id", () => {
  it("deletes the event with its access rows and logs its name and URL", async () => {
    const event = await createEvent(t, organizer.token, owner.accountId);
    const response = await t.request({ method: "DELETE", url: eventUrl(event.id), token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(await storedEvent(event.id)).toBeUndefined();
    expect(
      await t.context.db.select().from(eventAdministrators).where(eq(eventAdministrators.eventId, event.id)),
    ).toEqual([]);
    const [audit] = await auditOf(event.id, "events.event.deleted");
    expect(audit?.before).toEqual({ name: event.name, slug: event.slug });
    const again = await t.request({ method: "DELETE", url: eventUrl(event.id), token: owner.token });
    expect(again.status).toBe(404);
  });
});
