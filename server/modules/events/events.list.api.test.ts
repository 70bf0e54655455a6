import { beforeAll, describe, expect, it } from "vitest";
import { addMember, addPlatformAdmin, registerAccount } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { addTeam, createEvent, eventsUrl, hoursFromNow } from "./events.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));
const ids: Record<string, string> = {};

/** Midnight UTC of the day `days` away from today. */
const utcMidnight = (days: number) => {
  const date = new Date();
  date.setUTCHours(0, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
};

/** One event in every state the list knows, named so the name sort has something to sort. */
const fixtures: Record<string, Record<string, unknown>> = {
  upcoming: { name: "Charlie upcoming", startsAt: hoursFromNow(24 * 10), endsAt: hoursFromNow(24 * 11) },
  runningWithEnd: { name: "alpha running", startsAt: hoursFromNow(-2), endsAt: hoursFromNow(2) },
  runningNoEnd: { name: "Bravo running", startsAt: hoursFromNow(-1) },
  pastNoEnd: { name: "delta past", startsAt: hoursFromNow(-25) },
  pastWithEnd: { name: "Echo past", startsAt: hoursFromNow(-24 * 10), endsAt: hoursFromNow(-24 * 9) },
  allDayToday: { name: "foxtrot all day", allDay: true, timezone: "UTC", startsAt: utcMidnight(0).toISOString() },
  allDayYesterday: {
    name: "Golf all day",
    allDay: true,
    timezone: "UTC",
    startsAt: utcMidnight(-1).toISOString(),
  },
  // UTC-11 all year: starting at midnight UTC is 13:00 the day before there, so its day ends at 11:00 UTC today.
  allDayPagoPago: {
    name: "hotel pago pago",
    allDay: true,
    timezone: "Pacific/Pago_Pago",
    startsAt: utcMidnight(0).toISOString(),
  },
  archived: { name: "India archived", slug: "india-archived-100", startsAt: hoursFromNow(24 * 3) },
};

beforeAll(async () => {
  for (const [key, overrides] of Object.entries(fixtures)) {
    ids[key] = (await createEvent(t, owner.token, owner.accountId, overrides)).id;
  }
  await t.request({
    method: "POST",
    url: `${eventsUrl(owner.accountId)}/${ids.archived}`,
    token: owner.token,
    body: { archived: true },
  });
});

const list = (query: string, token = owner.token, accountId = owner.accountId) =>
  t.request({ method: "GET", url: `${eventsUrl(accountId)}?${query}`, token });
const keysOf = (items: { id: string }[]) =>
  items.map((item) => Object.keys(ids).find((key) => ids[key] === item.id) ?? item.id);

const pagoPagoStatus = () => (Date.now() < utcMidnight(0).getTime() + 11 * 3_600_000 ? "in_progress" : "past");

describe("GET /accounts/:account/events", () => {
  it("lists every event but the archived ones by default, uncached, with each status", async () => {
    const response = await list("");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body.total).toBe(8);
    const statuses = Object.fromEntries(
      response.body.items.map((item: { id: string; status: string }) => [keysOf([item])[0], item.status]),
    );
    expect(statuses).toEqual({
      upcoming: "upcoming",
      runningWithEnd: "in_progress",
      runningNoEnd: "in_progress",
      pastNoEnd: "past",
      pastWithEnd: "past",
      allDayToday: "in_progress",
      allDayYesterday: "past",
      allDayPagoPago: pagoPagoStatus(),
    });
    expect(response.body.items[0]).toEqual({
      id: ids.upcoming,
      accountId: owner.accountId,
      name: "Charlie upcoming",
      slug: expect.any(String),
      startsAt: fixtures.upcoming?.startsAt,
      endsAt: fixtures.upcoming?.endsAt,
      allDay: false,
      timezone: "Europe/Paris",
      venueName: null,
      archived: false,
      status: "upcoming",
      createdAt: expect.any(String),
    });
  });

  it.each([
    ["in_progress", ["runningWithEnd", "runningNoEnd", "allDayToday"]],
    ["upcoming", ["upcoming"]],
    ["past", ["pastNoEnd", "pastWithEnd", "allDayYesterday"]],
    ["archived", ["archived"]],
  ])("filters on %s", async (filter, expected) => {
    const response = await list(`filter=${filter}&sort=name`);
    expect(response.status).toBe(200);
    const keys = keysOf(response.body.items).filter((key) => key !== "allDayPagoPago");
    expect(keys.sort()).toEqual([...expected].sort());
    expect(response.body.total).toBe(response.body.items.length);
  });

  it("reports the same status in the list, the filter and the event itself", async () => {
    const status = pagoPagoStatus();
    const filtered = await list(`filter=${status}`);
    expect(keysOf(filtered.body.items)).toContain("allDayPagoPago");
    const event = await t.request({
      method: "GET",
      url: `${eventsUrl(owner.accountId)}/${ids.allDayPagoPago}`,
      token: owner.token,
    });
    expect(event.body.status).toBe(status);
  });

  it("sorts by start date (newest first), by creation (newest first) and by name (A to Z, any case)", async () => {
    const byStart = await list("sort=start_date");
    const starts = byStart.body.items.map((item: { startsAt: string }) => item.startsAt);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(keysOf(byStart.body.items)[0]).toBe("upcoming");

    const byCreation = await list("sort=created");
    expect(keysOf(byCreation.body.items)).toEqual(
      Object.keys(fixtures)
        .filter((key) => key !== "archived")
        .reverse(),
    );

    const byName = await list("sort=name");
    expect(byName.body.items.map((item: { name: string }) => item.name)).toEqual([
      "alpha running",
      "Bravo running",
      "Charlie upcoming",
      "delta past",
      "Echo past",
      "foxtrot all day",
      "Golf all day",
      "hotel pago pago",
    ]);
  });

  it("searches names and URLs, any case, and pages with limit and offset", async () => {
    const byName = await list("query=ALL%20DAY&sort=name");
    expect(keysOf(byName.body.items)).toEqual(["allDayToday", "allDayYesterday"]);
    const bySlug = await list("query=india-archived&filter=archived");
    expect(keysOf(bySlug.body.items)).toEqual(["archived"]);
    const wildcard = await list("query=%25");
    expect(wildcard.body).toEqual({ items: [], total: 0 });

    const page = await list("sort=name&limit=3&offset=3");
    expect(page.body.total).toBe(8);
    expect(page.body.items.map((item: { name: string }) => item.name)).toEqual([
      "delta past",
      "Echo past",
      "foxtrot all day",
    ]);
  });

  it("shows members only the events given to them or to their teams", async () => {
    const editor = await addMember(t, owner.accountId, "editor");
    const teammate = await addMember(t, owner.accountId, "reader");
    const team = await addTeam(t, owner.accountId, "Stage crew", [teammate.userId]);
    await t.request({
      method: "PUT",
      url: `${eventsUrl(owner.accountId)}/${ids.upcoming}/administrators/${editor.userId}`,
      token: owner.token,
    });
    await t.request({
      method: "PUT",
      url: `${eventsUrl(owner.accountId)}/${ids.pastWithEnd}/teams/${team.id}`,
      token: owner.token,
    });
    expect(keysOf((await list("", editor.token)).body.items)).toEqual(["upcoming"]);
    expect((await list("", editor.token)).body.total).toBe(1);
    expect(keysOf((await list("", teammate.token)).body.items)).toEqual(["pastWithEnd"]);
  });

  it("hides archived events from editors and readers, not from organizers, overseers and platform admins", async () => {
    const editor = await addMember(t, owner.accountId, "editor");
    const organizer = await addMember(t, owner.accountId, "organizer");
    for (const member of [editor, organizer]) {
      await t.request({
        method: "PUT",
        url: `${eventsUrl(owner.accountId)}/${ids.archived}/administrators/${member.userId}`,
        token: owner.token,
      });
    }
    const eventUrl = `${eventsUrl(owner.accountId)}/${ids.archived}`;

    expect((await list("filter=archived", editor.token)).body).toEqual({ items: [], total: 0 });
    const hidden = await t.request({ method: "GET", url: eventUrl, token: editor.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe("Not found.");

    expect(keysOf((await list("filter=archived", organizer.token)).body.items)).toEqual(["archived"]);
    expect((await t.request({ method: "GET", url: eventUrl, token: organizer.token })).status).toBe(200);

    const admin = await addPlatformAdmin(t);
    expect(keysOf((await list("filter=archived", admin.token)).body.items)).toEqual(["archived"]);
    expect((await list("", admin.token)).body.total).toBe(8);
  });

  it("refuses an unknown filter or sort (400) and a caller outside the account (404)", async () => {
    expect((await list("filter=soon")).status).toBe(400);
    expect((await list("sort=size")).status).toBe(400);
    const stranger = await registerAccount(t);
    const response = await list("", stranger.token);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("NOT_FOUND");
  });
});
