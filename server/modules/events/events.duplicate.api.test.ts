import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, registerAccount } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { accounts } from "../accounts/accounts.tables.js";
import { auditLogs } from "../audit/audit.tables.js";
import { eventAdministrators, events, eventTeams } from "./events.tables.js";
import { addTeam, createEvent, eventsUrl, hoursFromNow, uniqueSlug } from "./events.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));
const organizer = madeBeforeAll(() => addMember(t, owner.accountId, "organizer"));

const duplicate = (sourceId: string, body: unknown, token = owner.token, accountId = owner.accountId) =>
  t.request({ method: "POST", url: `${eventsUrl(accountId)}/${sourceId}/duplicate`, token, body });

/** Everything about an event that a duplicate must share with its source. */
const settings = {
  startsAt: hoursFromNow(24 * 30),
  endsAt: hoursFromNow(24 * 31),
  allDay: false,
  timezone: "America/Montreal",
  venueName: "Palais des congrès",
  address: "1001 Place Jean-Paul-Riopelle",
  country: "CA",
  latitude: 45.5,
  longitude: -73.56,
  registrationClosesAt: hoursFromNow(24 * 29),
  maxAttendees: 500,
  maxCompanions: 3,
  languages: ["fr", "en"],
  preferredLanguage: "fr",
  socialUrls: { facebook: "https://facebook.com/gala", instagram: "https://instagram.com/gala" },
  description: { fr: "Le gala annuel", en: "The yearly gala" },
  retentionDays: 400,
  customDomains: ["gala.example.com"],
  whiteLabel: { event: true, mails: true, campaigns: false },
  modules: { multilang: true, ebadge: false, misc: true, singleImagePartners: true },
  maxOfflineCheckins: 7,
  ratingMax: 10,
  params: { theme: "dark" },
};

describe("POST /accounts/:account/events/:id/duplicate", () => {
  it("copies every setting but the custom domains, and the access rows under a new name and URL, never archived", async () => {
    const source = await createEvent(t, owner.token, owner.accountId, settings);
    const teammate = await addMember(t, owner.accountId, "reader");
    const team = await addTeam(t, owner.accountId, "Gala crew", [teammate.userId]);
    await t.request({
      method: "PUT",
      url: `${eventsUrl(owner.accountId)}/${source.id}/administrators/${organizer.userId}`,
      token: owner.token,
    });
    await t.request({
      method: "PUT",
      url: `${eventsUrl(owner.accountId)}/${source.id}/teams/${team.id}`,
      token: owner.token,
    });
    await t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${source.id}`,
      token: owner.token,
      body: { archived: true },
    });

    const slug = uniqueSlug("gala-2");
    const response = await duplicate(source.id, { name: "Gala, next edition", slug });
    expect(response.status).toBe(201);
    const copy = response.body;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      ...settings,
      startsAt: new Date(settings.startsAt).toISOString(),
      endsAt: new Date(settings.endsAt).toISOString(),
      registrationClosesAt: new Date(settings.registrationClosesAt).toISOString(),
      name: "Gala, next edition",
      slug,
      archived: false,
      status: "upcoming",
      localizedDescription: "The yearly gala",
      // A domain names one event: the new edition starts without its source's.
      customDomains: [],
    });

    const [stored] = await t.context.db.select().from(events).where(eq(events.id, copy.id));
    expect(stored).toMatchObject({ slug, archived: false, createdBy: owner.userId, params: { theme: "dark" } });
    const admins = await t.context.db
      .select({ userId: eventAdministrators.userId })
      .from(eventAdministrators)
      .where(eq(eventAdministrators.eventId, copy.id));
    expect(admins).toEqual([{ userId: organizer.userId }]);
    const teams = await t.context.db
      .select({ teamId: eventTeams.teamId })
      .from(eventTeams)
      .where(eq(eventTeams.eventId, copy.id));
    expect(teams).toEqual([{ teamId: team.id }]);
    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, copy.id), eq(auditLogs.action, "events.event.duplicated")));
    expect(audit?.after).toEqual({ name: "Gala, next edition", slug, sourceId: source.id });

    // The source is left as it was.
    const [sourceRow] = await t.context.db.select().from(events).where(eq(events.id, source.id));
    expect(sourceRow).toMatchObject({ slug: source.slug, name: source.name, archived: true });
  });

  it("gives the organizer who duplicates access to the copy", async () => {
    const source = await createEvent(t, organizer.token, owner.accountId);
    const response = await duplicate(source.id, { name: "Mine too", slug: uniqueSlug() }, organizer.token);
    expect(response.status).toBe(201);
    const read = await t.request({
      method: "GET",
      url: `${eventsUrl(owner.accountId)}/${response.body.id}`,
      token: organizer.token,
    });
    expect(read.status).toBe(200);
  });

  it("applies the URL rules: invalid, reserved, taken", async () => {
    const source = await createEvent(t, owner.token, owner.accountId);
    const invalid = await duplicate(source.id, { name: "Copy", slug: "No Spaces Please" }, owner.token);
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({
      slug: "The URL must have 3 to 50 characters: lowercase letters, digits and dashes.",
    });
    const reserved = await duplicate(source.id, { name: "Copy", slug: "api" });
    expect(reserved.status).toBe(400);
    expect(reserved.body.error.fields.slug).toBe("This URL is reserved. Please choose another one.");
    const taken = await duplicate(source.id, { name: "Copy", slug: source.slug });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({
      code: "EVENT_URL_TAKEN",
      message: "This URL is already used by another event.",
      fields: { slug: "This URL is already used by another event." },
    });
    const unnamed = await duplicate(source.id, { slug: uniqueSlug() });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.fields).toEqual({ name: "This field is required." });
  });

  it("counts against the account's event limit (409)", async () => {
    const limited = await registerAccount(t);
    await t.context.db.update(accounts).set({ maxEvents: 1 }).where(eq(accounts.id, limited.accountId));
    const source = await createEvent(t, limited.token, limited.accountId);
    const response = await duplicate(
      source.id,
      { name: "One too many", slug: uniqueSlug() },
      limited.token,
      limited.accountId,
    );
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe("Event limit has been reached. You can't create more event.");
    const count = await t.context.db.select().from(events).where(eq(events.accountId, limited.accountId));
    expect(count).toHaveLength(1);
  });
});
