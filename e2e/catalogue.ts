import { readFileSync } from "node:fs";

type Tree = { [key: string]: string | Tree };

const readPart = (part: "guest" | "organizer", language: string) =>
  JSON.parse(readFileSync(new URL(`../web/i18n/${part}/${language}.json`, import.meta.url), "utf8")) as Tree;

/** Both parts of a language's catalogue in one tree, as the browser holds them (web/ui/catalogues.ts). */
function merged(into: Tree, part: Tree): Tree {
  for (const [key, value] of Object.entries(part)) {
    const existing = into[key];
    into[key] = typeof value === "object" && typeof existing === "object" ? merged(existing, value) : value;
  }
  return into;
}

/** The interface texts of one language, read from the web app's own catalogue so the journeys follow its wording. */
export function catalogueText(language: "fr" | "en" | "es") {
  const catalogue = merged(readPart("guest", language), readPart("organizer", language));
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = key.split(".").reduce<string | Tree | undefined>((node, part) => {
      return typeof node === "object" ? node[part] : undefined;
    }, catalogue);
    if (typeof text !== "string") throw new Error(`no text "${key}" in web/i18n/{guest,organizer}/${language}.json`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}
