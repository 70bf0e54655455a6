import { readFileSync } from "node:fs";

type Tree = { [key: string]: string | Tree };

/** The interface texts of one language, read from the web app's own catalogue so the journeys follow its wording. */
export function catalogueText(language: "fr" | "en" | "es") {
  const catalogue = JSON.parse(readFileSync(new URL(`../web/i18n/${language}.json`, import.meta.url), "utf8")) as Tree;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = key.split(".").reduce<string | Tree | undefined>((node, part) => {
      return typeof node === "object" ? node[part] : undefined;
    }, catalogue);
    if (typeof text !== "string") throw new Error(`no text "${key}" in web/i18n/${language}.json`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}
