import { describe, expect, it } from "vitest";
import { escapeText, foldLine, icalendar, plainDescription } from "./public.calendar.js";
import { readIcalendar, unescapeText } from "./public.testing.js";

const octets = (line: string) => Buffer.byteLength(line);
/** Throws on a line cut inside a character: a lone surrogate or broken UTF-8 would not decode strictly. */
const strictUtf8 = (line: string) => new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(line));

describe("iCalendar text", () => {
  it("escapes backslashes, semicolons, commas and line breaks, and reads back the same", () => {
    const name = "Dinner, drinks; a\\b\nnext line\r\nlast";
    const escaped = escapeText(name);
    expect(escaped).toBe("Dinner\\, drinks\\; a\\\\b\\nnext line\\nlast");
    expect(unescapeText(escaped)).toBe(name.replace("\r\n", "\n"));
    const [line] = readIcalendar(icalendar([`SUMMARY:${escaped}`]));
    expect(line).toEqual({ name: "SUMMARY", params: [], value: escaped });
  });

  it("folds long lines at 75 octets with a leading space, CRLF after every line", () => {
    const line = `DESCRIPTION:${"x".repeat(200)}`;
    const text = icalendar([line, "END:VEVENT"]);
    const physical = text.split("\r\n");
    expect(physical.pop()).toBe("");
    expect(physical.map(octets)).toEqual([75, 75, 64, 10]);
    expect(physical.slice(1, 3).every((part) => part.startsWith(" "))).toBe(true);
    expect(readIcalendar(text).map((read) => `${read.name}:${read.value}`)).toEqual([line, "END:VEVENT"]);
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });

  it("never cuts an accented letter or an emoji across a fold, whatever its place", () => {
    for (let padding = 0; padding < 8; padding++) {
      const line = `SUMMARY:${"a".repeat(60 + padding)}é🎉👩‍👩‍👧 Fête à Zürich ${"ü".repeat(40)}🎉`;
      const physical = foldLine(line).split("\r\n");
      for (const part of physical) {
        expect(octets(part)).toBeLessThanOrEqual(75);
        expect(strictUtf8(part)).toBe(part);
      }
      // Full lines: a fold only moves what does not fit, at most three octets of an emoji short of the limit.
      for (const part of physical.slice(0, -1)) expect(octets(part)).toBeGreaterThanOrEqual(72);
      expect(physical.join("\r\n").replace(/\r\n /g, "")).toBe(line);
    }
  });
});

describe("plain description", () => {
  it("strips HTML, reads entities and keeps paragraphs", () => {
    const html = "<p>Welcome to the <b>gala</b>&nbsp;&amp; dinner.</p><p>Dress code:<br/>black&#160;tie &#x1F389;</p>";
    expect(plainDescription(html)).toBe("Welcome to the gala & dinner.\nDress code:\nblack tie 🎉");
    expect(plainDescription("First line\r\n\r\n\r\n\r\n   Second    line  ")).toBe("First line\n\nSecond line");
    expect(plainDescription("Keep &unknown; and 3 < 4")).toBe("Keep &unknown; and 3 < 4");
  });

  it("shortens a long description at a word, with an ellipsis", () => {
    const long = `${"word ".repeat(300)}end`;
    const short = plainDescription(long);
    expect(Array.from(short).length).toBeLessThanOrEqual(1000);
    expect(short).toMatch(/word…$/);
    // No word to cut at: cut on a character, an emoji left whole.
    const emojis = plainDescription("🎉".repeat(1500));
    expect(emojis).toBe(`${"🎉".repeat(999)}…`);
  });
});
