import { describe, expect, test } from "vitest";
import { isLanguage, languageFromHeader } from "./language.js";

describe("languageFromHeader", () => {
  test.each([
    [undefined, "en"],
    ["", "en"],
    ["fr", "fr"],
    ["fr-FR,fr;q=0.9", "fr"],
    ["FR-ca", "fr"],
    ["es-ES,es;q=0.9,en;q=0.8", "es"],
    ["de", "en"],
    ["de-DE,de;q=0.9", "en"],
    ["es;q=0.5,de", "es"],
    ["de,fr;q=0.7,es;q=0.8", "es"],
    ["en-GB,fr;q=0.9", "en"],
    ["fr;q=0,es", "es"],
    ["fr;q=0", "en"],
    ["*", "en"],
    ["es;q=abc,fr;q=0.4", "fr"],
    [" es ; q=0.9 , fr ; q=0.8 ", "es"],
  ])("%j → %s", (header, expected) => {
    expect(languageFromHeader(header)).toBe(expected);
  });

  test("equal weights keep the order of the header", () => {
    expect(languageFromHeader("es;q=0.8,fr;q=0.8")).toBe("es");
    expect(languageFromHeader("fr;q=0.8,es;q=0.8")).toBe("fr");
  });
});

test("isLanguage accepts only fr, en and es", () => {
  expect(["fr", "en", "es"].every(isLanguage)).toBe(true);
  for (const value of ["de", "FR", "", null, undefined, 1]) expect(isLanguage(value)).toBe(false);
});
