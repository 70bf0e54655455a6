/**
 * The interface and mail languages (SPEC §9), apart from the schemas: the web app's first chunk needs the list, not
 * zod, which a module of schemas brings along.
 */
export const languages = ["fr", "en", "es"] as const;
export type Language = (typeof languages)[number];
