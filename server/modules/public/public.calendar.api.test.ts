import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type SignedIn } from "../../testing/fixtures.js";
import { startTestApp, type TestApp } from "../../testing/test-app.js";
import { eventsUrl } from "../events/events.testing.js";
import { guestEvent } from "../guests/guests.testing.js";
import { type ContentLine, readIcalendar, unescapeText } from "./public.testing.js";

let t: TestApp;
let owner: SignedIn & { accountId: string };

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://events.example.test" });
  owner = await registerAccount(t);
});
afterAll(() => t.close());

const calendarFile = (slug: string, language?: string, query = "") =>
  t.request({ method: "GET", url: `/api/v1/public/events/${slug}/calendar.ics${query}`, language });

/** The file's one event, its properties by name, after checking the calendar around it. */
async function readEvent(slug: string, language?: string, query = "") {
  const response = await calendarFile(slug, language, query);
  expect(response.status).toBe(200);
  const lines = readIcalendar(String(response.body));
  const values = (name: string) => lines.filter((line) => line.name === name).map((line) => line.value);
  expect(lines.at(0)).toEqual({ name: "BEGIN", params: [], value: "VCALENDAR" });
  expect(lines.at(-1)).toEqual({ name: "END", params: [], value: "VCALENDAR" });
  expect(values("VERSION")).toEqual(["2.0"]);
  expect(values("PRODID")).toEqual(["-//Eventdesk//Public event page//EN"]);
  expect(values("CALSCALE")).toEqual(["GREGORIAN"]);
  expect(values("METHOD")).toEqual(["PUBLISH"]);
  expect(values("BEGIN")).toEqual(["VCALENDAR", "VEVENT"]);
  const start = lines.findIndex((line) => line.name === "BEGIN" && line.value === "VEVENT");
  const end = lines.findIndex((line) => line.name === "END" && line.value === "VEVENT");
  const event = new Map<string, ContentLine>(lines.slice(start + 1, end).map((line) => [line.name, line]));
  return { response, event, text: (name: string) => unescapeText(event.get(name)?.value ?? "") };
}

const gala = {
  name: "Gala, dinner; and \\ dance",
  startsAt: "2030-06-05T17:00:00.000Z",
  endsAt: "2030-06-05T22:00:00.000Z",
  timezone: "Europe/Madrid",
  venueName: "Palacio",
  address: "Calle Mayor 1, Madrid",
  country: "Spain",
  latitude: 40.4168,
  longitude: -3.7038,
  languages: ["es", "en"],
  preferredLanguage: "es",
  description: { es: "<p>Una noche <b>para recordar</b>.</p><p>Traje oscuro.</p>", en: "A night to remember." },
};

describe("public event calendar file", () => {
  it("answers a timed event in UTC, in the asked language, as a download briefly cached", async () => {
    const created = await guestEvent(t, owner, gala);
    const { response, event, text } = await readEvent(created.slug, "en", "?lang=es");

    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${created.slug}.ics"`);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");

    expect(event.get("DTSTART")).toEqual({ name: "DTSTART", params: [], value: "20300605T170000Z" });
    expect(event.get("DTEND")).toEqual({ name: "DTEND", params: [], value: "20300605T220000Z" });
    expect(event.get("DTSTAMP")?.value).toMatch(/^\d{8}T\d{6}Z$/);
    expect(text("SUMMARY")).toBe(gala.name);
    expect(event.get("SUMMARY")?.value).toBe("Gala\\, dinner\\; and \\\\ dance");
    expect(text("LOCATION")).toBe("Palacio, Calle Mayor 1, Madrid, Spain");
    expect(text("DESCRIPTION")).toBe("Una noche para recordar.\nTraje oscuro.");
    expect(text("URL")).toBe(`https://events.example.test/es/${created.slug}`);
    expect(event.get("GEO")?.value).toBe("40.4168;-3.7038");

    // The same UID whatever the language or the day, so a second import updates the entry; the event's id stays private.
    const uid = event.get("UID")?.value;
    expect(uid).toMatch(/^[0-9a-f]{32}@events\.example\.test$/);
    expect(uid).not.toContain(created.id);
    const english = await readEvent(created.slug, "en");
    expect(english.event.get("UID")?.value).toBe(uid);
    expect(english.text("DESCRIPTION")).toBe("A night to remember.");
    expect(english.text("URL")).toBe(`https://events.example.test/en/${created.slug}`);
    const other = await readEvent((await guestEvent(t, owner, gala)).slug);
    expect(other.event.get("UID")?.value).not.toBe(uid);
  });

  it("leaves out what the organizer did not give: no end, no place, no description, no coordinates", async () => {
    const created = await guestEvent(t, owner, { startsAt: "2030-03-01T08:30:00.000Z", description: {} });
    const { event } = await readEvent(created.slug);
    expect(event.get("DTSTART")?.value).toBe("20300301T083000Z");
    for (const name of ["DTEND", "LOCATION", "DESCRIPTION", "GEO"]) expect(event.has(name), name).toBe(false);
  });

  it("gives an all-day event its days in its own timezone, the end the day after the last", async () => {
    // 5 to 7 June in Auckland, 12 hours ahead of UTC: in UTC it starts on 4 June.
    const auckland = await guestEvent(t, owner, {
      allDay: true,
      timezone: "Pacific/Auckland",
      startsAt: "2030-06-04T12:00:00.000Z",
      endsAt: "2030-06-07T11:59:59.000Z",
    });
    const { event } = await readEvent(auckland.slug);
    expect(event.get("DTSTART")).toEqual({ name: "DTSTART", params: ["VALUE=DATE"], value: "20300605" });
    expect(event.get("DTEND")).toEqual({ name: "DTEND", params: ["VALUE=DATE"], value: "20300608" });

    // One day without an end, in a zone behind UTC, on the last day of a month.
    const oneDay = await guestEvent(t, owner, {
      allDay: true,
      timezone: "America/New_York",
      startsAt: "2030-06-30T04:00:00.000Z",
    });
    const single = await readEvent(oneDay.slug);
    expect(single.event.get("DTSTART")?.value).toBe("20300630");
    expect(single.event.get("DTEND")?.value).toBe("20300701");
  });

  it("answers 404 for an unknown or archived event, as the event page does", async () => {
    expect((await calendarFile("no-such-event")).status).toBe(404);
    const created = await guestEvent(t, owner);
    expect((await calendarFile(created.slug)).status).toBe(200);
    const archive = await t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${created.id}`,
      token: owner.token,
      body: { archived: true },
    });
    expect(archive.status).toBe(200);
    const archived = await calendarFile(created.slug);
    expect(archived.status).toBe(404);
    expect(archived.body.error.code).toBe("NOT_FOUND");
  });
});
