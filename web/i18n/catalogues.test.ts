import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";

type Tree = { [key: string]: string | Tree };
const catalogues = { en, fr, es } as Record<string, Tree>;
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function flatten(tree: Tree, prefix = ""): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object") for (const entry of flatten(value, name)) flat.set(...entry);
    else flat.set(name, value);
  }
  return flat;
}

const flat = Object.fromEntries(Object.entries(catalogues).map(([language, tree]) => [language, flatten(tree)]));
const english = flat.en as Map<string, unknown>;

// i18next picks plural forms by language (French and Spanish also have `_many`): compare keys without them.
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: Iterable<string>) => new Set([...keys].map((key) => key.replace(pluralSuffix, "")));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every key the code asks for: t("a.b"), t('a.b'), i18nKey="a.b"; `t(\`a.${x}\`)` yields the prefix "a.". */
function keysUsed() {
  const literal: { key: string; file: string }[] = [];
  const prefixes: { prefix: string; file: string }[] = [];
  for (const file of sourceFiles(webRoot)) {
    const source = readFileSync(file, "utf8");
    const relative = path.relative(webRoot, file);
    for (const match of source.matchAll(/\bt\(\s*(["'])([^"'\n]+)\1|i18nKey=\s*["']([^"'\n]+)["']/g)) {
      literal.push({ key: (match[2] ?? match[3]) as string, file: relative });
    }
    for (const match of source.matchAll(/\bt\(\s*`([^`$]*)\$\{/g)) {
      prefixes.push({ prefix: match[1] as string, file: relative });
    }
  }
  return { literal, prefixes };
}

describe("translation catalogues", () => {
  test("en, fr and es have exactly the same keys", () => {
    const reference = baseKeys(english.keys());
    for (const language of ["fr", "es"]) {
      const keys = baseKeys((flat[language] as Map<string, unknown>).keys());
      expect(
        [...reference].filter((key) => !keys.has(key)),
        `missing in ${language}`,
      ).toEqual([]);
      expect(
        [...keys].filter((key) => !reference.has(key)),
        `only in ${language}`,
      ).toEqual([]);
    }
  });

  test("every plural has its `_other` form in each language", () => {
    for (const [language, keys] of Object.entries(flat)) {
      const plurals = [...keys.keys()].filter((key) => pluralSuffix.test(key));
      for (const key of plurals)
        expect(keys.has(key.replace(pluralSuffix, "_other")), `${language}: ${key}`).toBe(true);
    }
  });

  test("no value is empty or anything but text", () => {
    for (const [language, keys] of Object.entries(flat)) {
      const bad = [...keys].filter(([, value]) => typeof value !== "string" || value.trim() === "");
      expect(
        bad.map(([key]) => key),
        language,
      ).toEqual([]);
    }
  });

  test("each translation keeps the {{placeholders}} of the English text", () => {
    const placeholders = (value: unknown) => [...String(value).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    for (const language of ["fr", "es"]) {
      const keys = flat[language] as Map<string, unknown>;
      for (const [key, value] of english) {
        if (!keys.has(key)) continue;
        expect(placeholders(keys.get(key)), `${language}: ${key}`).toEqual(placeholders(value));
      }
    }
  });

  test("every key used under web/ exists in en", () => {
    const { literal, prefixes } = keysUsed();
    expect(literal.length).toBeGreaterThan(0);
    const known = (key: string) => english.has(key) || english.has(`${key}_other`);
    const missing = literal.filter(({ key }) => !known(key)).map(({ key, file }) => `${file}: ${key}`);
    expect(missing.join("\n")).toBe("");
    const missingPrefixes = prefixes
      .filter(({ prefix }) => ![...english.keys()].some((key) => key.startsWith(prefix)))
      .map(({ prefix, file }) => `${file}: ${prefix}…`);
    expect(missingPrefixes.join("\n")).toBe("");
  });

  /*
   * Messages end with a full stop in every language, as the server's catalogue does: a notification's message, and any
   * text of more than one sentence. Labels, titles and buttons are not sentences and take none.
   */
  test("every notification's message ends with a full stop", () => {
    const notified: string[] = [];
    for (const file of sourceFiles(webRoot)) {
      const source = readFileSync(file, "utf8");
      // Keys written out; one built in a template (`actions.${done}`) cannot be told from here.
      for (const match of source.matchAll(/notifications\.show\(\{[^}]*?message:\s*t\(\s*(["'])([^"']+)\1/g)) {
        notified.push(match[2] as string);
      }
    }
    expect(notified.length).toBeGreaterThan(10);
    // A key built in a template (`actions.${done}`) is known by its prefix.
    for (const [language, keys] of Object.entries(flat))
      for (const [key, value] of keys)
        if (
          notified.some((used) => (used.endsWith(".") ? key.startsWith(used) : key.replace(pluralSuffix, "") === used))
        )
          expect(value, `${language}: ${key}`).toMatch(/[.!?]$/);
  });

  test("a text of more than one sentence ends with a full stop", () => {
    for (const [language, keys] of Object.entries(flat))
      for (const [key, value] of keys)
        if (/(?<!\b(?:incl|excl|e\.g|i\.e|etc))[.!?] \p{Lu}\p{Ll}/u.test(String(value)))
          expect(value, `${language}: ${key}`).toMatch(/[.!?:…]$/);
  });
});
