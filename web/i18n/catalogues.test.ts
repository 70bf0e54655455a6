import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import guestEn from "./guest/en.json";
import guestEs from "./guest/es.json";
import guestFr from "./guest/fr.json";
import organizerEn from "./organizer/en.json";
import organizerEs from "./organizer/es.json";
import organizerFr from "./organizer/fr.json";

type Tree = { [key: string]: string | Tree };
const parts = {
  guest: { en: guestEn, fr: guestFr, es: guestEs },
  organizer: { en: organizerEn, fr: organizerFr, es: organizerEs },
} as Record<"guest" | "organizer", Record<string, Tree>>;
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

const flatParts = {
  guest: Object.fromEntries(Object.entries(parts.guest).map(([language, tree]) => [language, flatten(tree)])),
  organizer: Object.fromEntries(Object.entries(parts.organizer).map(([language, tree]) => [language, flatten(tree)])),
} as Record<"guest" | "organizer", Record<string, Map<string, unknown>>>;
/** Each language's whole catalogue, as the browser holds it once both parts have arrived. */
const flat = Object.fromEntries(
  Object.keys(parts.guest).map((language) => [
    language,
    new Map([...(flatParts.guest[language] ?? []), ...(flatParts.organizer[language] ?? [])]),
  ]),
);
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

/**
 * The pages outside the signed-in back office (the guest-facing route tables of web/app/router.tsx: the event's public
 * pages, forms, contact, shop and member area, the check-in app, the sign-in frame), the frames and error pages around
 * them, and web/ui, which any page may render. Besides these, every module they import, wherever it lives.
 */
const guestFacing = [
  "ui",
  "app/App.tsx",
  "app/AuthLayout.tsx",
  "app/ErrorPage.tsx",
  "features/public",
  "features/forms/public",
  "features/messages/ContactOrganizerPage.tsx",
  "features/ticketing/shop",
  "features/checkin/staff",
  "features/auth",
  "features/campaigns/senders/VerifySenderPage.tsx",
];

/** The guest-facing modules and those they import; route tables are not followed, as they name back-office pages. */
function guestFacingFiles(): string[] {
  const found = new Set<string>();
  const toVisit = guestFacing.flatMap((entry) => {
    const file = path.join(webRoot, entry);
    return statSync(file).isDirectory() ? sourceFiles(file) : [file];
  });
  for (let file = toVisit.pop(); file; file = toVisit.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    if (/\.routes\.tsx$|router\.tsx$/.test(file)) continue;
    for (const match of readFileSync(file, "utf8").matchAll(/(?:\bfrom|\bimport\(?)\s*["'](\.[^"']+)["']/g)) {
      const target = path.resolve(path.dirname(file), match[1] as string);
      const module = [`${target}.ts`, `${target}.tsx`].find((candidate) => existsSync(candidate));
      if (module?.startsWith(webRoot)) toVisit.push(module);
    }
  }
  return [...found];
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
  test("each part has exactly the same keys in en, fr and es", () => {
    for (const [part, languages] of Object.entries(flatParts)) {
      const reference = baseKeys((languages.en as Map<string, unknown>).keys());
      for (const language of ["fr", "es"]) {
        const keys = baseKeys((languages[language] as Map<string, unknown>).keys());
        expect(
          [...reference].filter((key) => !keys.has(key)),
          `${part}: missing in ${language}`,
        ).toEqual([]);
        expect(
          [...keys].filter((key) => !reference.has(key)),
          `${part}: only in ${language}`,
        ).toEqual([]);
      }
    }
  });

  test("no key is in both parts", () => {
    for (const language of Object.keys(parts.guest)) {
      const guest = flatParts.guest[language] as Map<string, unknown>;
      const twice = [...(flatParts.organizer[language] as Map<string, unknown>).keys()].filter((key) => guest.has(key));
      expect(twice, language).toEqual([]);
    }
  });

  test("a guest-facing page reads only keys of the guest part", () => {
    const guestKeys = [...(flatParts.guest.en as Map<string, unknown>).keys()];
    const inGuestPart = new Set(guestKeys);
    const organizerKeys = [...(flatParts.organizer.en as Map<string, unknown>).keys()];
    const organizerOnly = baseKeys(organizerKeys);
    const problems: string[] = [];
    const files = guestFacingFiles();
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      const relative = path.relative(webRoot, file);
      for (const match of source.matchAll(/\bt\(\s*(["'])([^"'\n]+)\1|i18nKey=\s*["']([^"'\n]+)["']/g)) {
        const key = (match[2] ?? match[3]) as string;
        if (!inGuestPart.has(key) && !inGuestPart.has(`${key}_other`)) problems.push(`${relative}: ${key}`);
      }
      // A key chosen in code (`t(open ? "a.open" : "a.closed")`, a table of labels) is a string naming one.
      for (const match of source.matchAll(/(["'`])([A-Za-z]\w*(?:\.\w+)+)\1/g)) {
        if (organizerOnly.has(match[2] as string)) problems.push(`${relative}: ${match[2]}`);
      }
      // `t(\`a.${x}\`)` may read any key under "a.": all of them must be guest keys.
      for (const match of source.matchAll(/\bt\(\s*`([^`$]*)\$\{/g)) {
        const prefix = match[1] as string;
        if (!guestKeys.some((key) => key.startsWith(prefix)) || organizerKeys.some((key) => key.startsWith(prefix)))
          problems.push(`${relative}: ${prefix}…`);
      }
    }
    expect([...new Set(problems)].join("\n")).toBe("");
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
