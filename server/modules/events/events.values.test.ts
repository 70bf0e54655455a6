import { describe, expect, it } from "vitest";
import { AppError } from "../../platform/errors.js";
import {
  canonicalTimezone,
  changedValues,
  checkEventValues,
  columnValues,
  localizedText,
  sameValue,
} from "./events.values.js";

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, fields: error.options.fields };
    throw error;
  }
  return undefined;
};

describe("canonicalTimezone", () => {
  it("accepts IANA names, fixing their case and keeping aliases as chosen", () => {
    expect(canonicalTimezone("Europe/Paris")).toBe("Europe/Paris");
    expect(canonicalTimezone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimezone("UTC")).toBe("UTC");
    expect(canonicalTimezone("America/Montreal")).toBe("America/Montreal");
    expect(canonicalTimezone("Etc/GMT+5")).toBe("Etc/GMT+5");
  });

  it.each(["Mars/Olympus", "+05:00", "GMT+5", "", "Europe/Paris; drop table events"])("refuses %j", (timezone) => {
    expect(fieldOf(() => canonicalTimezone(timezone))).toEqual({
      status: 400,
      code: "FIELD_INVALID",
      fields: { timezone: { code: "FIELD_INVALID", values: [] } },
    });
  });
});

describe("checkEventValues", () => {
  const start = new Date("2030-05-01T10:00:00Z");

  it("refuses an end before the start, accepts an equal or missing end", () => {
    expect(
      fieldOf(() => checkEventValues({ startsAt: start, endsAt: new Date("2030-05-01T09:59:59Z") }, false)),
    ).toEqual({
      status: 400,
      code: "EVENT_END_BEFORE_START",
      fields: { endsAt: { code: "EVENT_END_BEFORE_START", values: [] } },
    });
    expect(checkEventValues({ startsAt: start, endsAt: start }, false)).toEqual({});
    expect(checkEventValues({ startsAt: start, endsAt: null }, false)).toEqual({});
  });

  it("moves a preferred language left out of the languages, unless it was just chosen", () => {
    expect(checkEventValues({ languages: ["es", "fr"], preferredLanguage: "en" }, false)).toEqual({
      preferredLanguage: "es",
    });
    expect(checkEventValues({ languages: ["es", "fr"], preferredLanguage: "fr" }, true)).toEqual({});
    expect(fieldOf(() => checkEventValues({ languages: ["es"], preferredLanguage: "en" }, true))?.code).toBe(
      "FIELD_INVALID",
    );
  });
});

describe("columnValues", () => {
  it("keeps only the fields sent, turning dates into Date and dropping repeated languages", () => {
    expect(
      columnValues({
        name: "Gala",
        startsAt: "2030-05-01T12:00:00+02:00",
        endsAt: null,
        languages: ["fr", "fr", "en"],
      }),
    ).toEqual({ name: "Gala", startsAt: new Date("2030-05-01T10:00:00Z"), endsAt: null, languages: ["fr", "en"] });
    expect(columnValues({})).toEqual({});
  });
});

describe("sameValue and changedValues", () => {
  it("compares objects whatever their key order, and dates by instant", () => {
    expect(sameValue({ event: true, mails: false }, { mails: false, event: true })).toBe(true);
    expect(sameValue({ a: { b: 1, c: 2 } }, { a: { c: 2, b: 1 } })).toBe(true);
    expect(sameValue(["fr", "en"], ["en", "fr"])).toBe(false);
    expect(sameValue(new Date("2030-01-01T00:00:00Z"), new Date("2030-01-01T01:00:00+01:00"))).toBe(true);
  });

  it("lists the changed fields with both sides", () => {
    const current = { name: "Gala", venueName: "Hall", whiteLabel: { event: true, mails: false, campaigns: false } };
    const next = { name: "Gala", venueName: "Park", whiteLabel: { campaigns: false, mails: false, event: true } };
    expect(changedValues(current, next)).toEqual({
      keys: ["venueName"],
      before: { venueName: "Hall" },
      after: { venueName: "Park" },
    });
  });
});

describe("localizedText", () => {
  it("picks the reader's language, then the preferred one, then any written one, else nothing", () => {
    const text = { fr: "Bonjour", en: "Hello" };
    expect(localizedText(text, "en", "fr")).toBe("Hello");
    expect(localizedText(text, "es", "fr")).toBe("Bonjour");
    expect(localizedText({ es: "Hola", fr: " " }, "fr", "en")).toBe("Hola");
    expect(localizedText({}, "fr", "en")).toBe("");
  });
});
