import { z } from "zod";
import { type Language, languages } from "./languages.js";

/**
 * Messages are named by code (see the message catalogues): the server translates them with Accept-Language,
 * the web app with its own catalogue under `errors.<CODE>`.
 */
export { type Language, languages };
export const languageSchema = z.enum(languages);

/**
 * Where the first NUL character of an input sits (the path of its string, or of the object key holding it), or
 * undefined when there is none. PostgreSQL refuses NUL in text and JSON, so every text a user sends goes through this
 * one rule before its schema (the server checks every request's body, query string and path parameters with it),
 * answered with the field error TEXT_NUL_CHARACTER.
 */
export function nulCharacterPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPath(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  // Parsed JSON, query strings and path parameters; raw bytes (a webhook's signed body) are not text.
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return path;
    const found = nulCharacterPath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export const idSchema = z.string().uuid("NOT_FOUND");
export const idParams = z.object({ id: idSchema });

/** An email address, refused with `invalid`: "Invalid email address." or, for a form's `mail`, "Mail format is incorrect.". */
export const emailAddress = (invalid: "EMAIL_INVALID" | "MAIL_FORMAT") =>
  z.string().trim().toLowerCase().min(1, "FIELD_REQUIRED").max(254).email(invalid);
export const emailSchema = emailAddress("EMAIL_INVALID");

/** SPEC §5: at least 12 characters with lowercase, uppercase, digit and one of !@#$%^&+/-* */
export const passwordSpecials = "!@#$%^&+/-*";
export const passwordMinLength = 12;
/** Each rule on its own, so the web app's live checklist shows exactly the rules the server enforces. */
export const passwordRules = {
  length: (password: string) => password.length >= passwordMinLength,
  lowercase: (password: string) => /[a-z]/.test(password),
  uppercase: (password: string) => /[A-Z]/.test(password),
  digit: (password: string) => /\d/.test(password),
  special: (password: string) => [...password].some((c) => passwordSpecials.includes(c)),
};
export type PasswordRule = keyof typeof passwordRules;
export function isStrongPassword(password: string): boolean {
  return Object.values(passwordRules).every((rule) => rule(password));
}
export const passwordSchema = z
  .string()
  .min(1, "FIELD_REQUIRED")
  .max(200)
  .refine(isStrongPassword, "PASSWORD_TOO_WEAK");

/** Adds the "Passwords do not match" rule to any schema that has password and passwordConfirmation. */
export function withPasswordConfirmation<
  T extends z.ZodObject<{ password: z.ZodType<string>; passwordConfirmation: z.ZodType<string> }>,
>(schema: T) {
  return schema.refine((body) => body.password === body.passwordConfirmation, {
    message: "PASSWORDS_DO_NOT_MATCH",
    path: ["passwordConfirmation"],
  });
}

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The prefix an address input offers ("https://"): left alone, the field was not filled in. */
const untouchedPrefix = /^https?:\/\/$/i;

/**
 * A link a browser opens (http or https, to a named host) of at most `max` characters, or "" for none. An untouched
 * "https://" counts as none. A refused one answers URL_INVALID, which shows what a valid address looks like.
 */
export const optionalWebAddress = (max: number) =>
  // A codec, not a transform: a response schema holding it (an account's params) is encoded back to JSON as it is.
  z.codec(
    z.string().trim(),
    z.union([
      z.literal(""),
      z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "URL_INVALID" }).max(max),
    ]),
    { decode: (value) => (untouchedPrefix.test(value) ? "" : value), encode: (value) => value },
  );

/** A DNS label: letters, digits and inner dashes, 63 characters at most. */
const hostLabel = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const hostNamePattern = new RegExp(`^(?:${hostLabel}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`);

/**
 * The punycode form (xn--…) of a name typed in Unicode, the form browsers send in `Host`. Only a bare name is
 * converted: the URL parser would quietly drop a scheme, a path or a port that the pattern must refuse.
 */
function asciiHostName(name: string): string {
  if (!/[^ -~]/.test(name) || /[\s/:?#@\\[\]%]/.test(name)) return name;
  try {
    return new URL(`http://${name}`).hostname;
  } catch {
    return name;
  }
}

/**
 * A domain name a page may answer on (an event's custom domains, an account's default domain): lower-cased, with a
 * top-level domain of letters or punycode; no scheme, path or port.
 */
export const domainNameSchema = z.codec(
  z.string().trim().toLowerCase(),
  z.string().max(253, "FIELD_INVALID").regex(hostNamePattern, "FIELD_INVALID"),
  // A codec, not a transform: the account's answer holds it, encoded back to JSON as it is.
  { decode: asciiHostName, encode: (name) => name },
);

export const localizedTextSchema = z.object({
  fr: z.string().max(20_000).optional(),
  en: z.string().max(20_000).optional(),
  es: z.string().max(20_000).optional(),
});

/** A comma-joined list in a query string (`status=confirmed,to_be_seen`, `exclude=a,b`), each part checked by `item`. */
export function commaList<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(item));
}
