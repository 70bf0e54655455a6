import { describe, expect, it } from "vitest";
import { formatEventDates, fromWallTime, toWallTime } from "./event-dates";
import { parseEventListParams, writeEventListParams } from "./event-list-params";
import { suggestSlug } from "./event-slug";

describe("URL suggestion from an event name", () => {
  it("drops accents, apostrophes and spaces", () => {
    expect(suggestSlug("Soirée d'été 2026")).toBe("soiree-d-ete-2026");
    expect(suggestSlug("  Año Nuevo — ¡Fiesta!  ")).toBe("ano-nuevo-fiesta");
    expect(suggestSlug("Œuvre & Straße")).toBe("oeuvre-strasse");
  });

  it("stays within 50 characters without a trailing dash", () => {
    const slug = suggestSlug(`${"a".repeat(49)} b`);
    expect(slug).toBe("a".repeat(49));
    expect(suggestSlug("x".repeat(80))).toHaveLength(50);
  });
});

describe("event dates in the event's own time zone", () => {
  it("converts a wall-clock time both ways, on each side of a daylight-saving change", () => {
    expect(fromWallTime("2026-06-05 19:00:00", "Europe/Paris")).toBe("2026-06-05T17:00:00.000Z");
    expect(fromWallTime("2026-01-10 09:30:00", "Europe/Paris")).toBe("2026-01-10T08:30:00.000Z");
    expect(fromWallTime("2026-03-29 04:00:00", "Europe/Paris")).toBe("2026-03-29T02:00:00.000Z");
    expect(fromWallTime("2026-06-05 19:00:00", "America/New_York")).toBe("2026-06-05T23:00:00.000Z");
    expect(toWallTime("2026-06-05T17:00:00.000Z", "Europe/Paris")).toBe("2026-06-05 19:00:00");
    expect(toWallTime("2026-06-05T23:00:00Z", "America/New_York")).toBe("2026-06-05 19:00:00");
  });

  it("formats a range in the interface language, with the event's zone", () => {
    const event = {
      startsAt: "2026-06-05T17:00:00.000Z",
      endsAt: "2026-06-05T21:00:00.000Z",
      allDay: false,
      timezone: "Europe/Paris",
    };
    const french = formatEventDates(event, "fr");
    expect(french).toContain("5 juin 2026");
    expect(french).toContain("19:00");
    expect(french).toContain("23:00");
    expect(formatEventDates({ ...event, endsAt: null }, "en")).toMatch(/Jun 5, 2026, 7:00\sPM/);
    const allDay = formatEventDates({ ...event, allDay: true, endsAt: "2026-06-07T21:59:59.000Z" }, "es");
    expect(allDay).toMatch(/5.*7 jun 2026/);
    expect(allDay).not.toContain(":");
  });
});

describe("events list state in the address", () => {
  it("reads filter, sort, search and page, ignoring values it does not know", () => {
    expect(parseEventListParams(new URLSearchParams("filter=past&sort=name&query=%20gala%20&page=3"))).toEqual({
      filter: "past",
      sort: "name",
      query: "gala",
      page: 3,
    });
    expect(parseEventListParams(new URLSearchParams("filter=nope&sort=zzz&page=-2"))).toEqual({
      filter: "all",
      sort: "start_date",
      query: "",
      page: 1,
    });
  });

  it("writes only what differs from the defaults", () => {
    expect(writeEventListParams({ filter: "all", sort: "start_date", query: "", page: 1 }).toString()).toBe("");
    expect(writeEventListParams({ filter: "archived", sort: "created", query: "été", page: 2 }).toString()).toBe(
      "filter=archived&sort=created&query=%C3%A9t%C3%A9&page=2",
    );
  });
});
