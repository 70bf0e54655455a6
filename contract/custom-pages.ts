import { z } from "zod";
import { listOf } from "./common.js";
import { publicEventPages } from "./events.js";
import { languages } from "./languages.js";
import { publicEventParams, publicEventQuery } from "./public.js";

/** A custom page's address below the event, `/{event}/pages/{slug}`: lowercase letters, digits and inner dashes. */
export const customPageSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const customPageSlugMax = 80;

/** The longest body the editor may save, in characters of HTML: pages of text, not a place for files. */
export const customPageBodyMax = 100_000;

const text = (max: number) => z.string().trim().max(max);

/** The slug the page answers on in one language; never one of the event's own pages (member, shop…). */
export const customPageSlugSchema = z
  .string()
  .trim()
  .min(1, "FIELD_REQUIRED")
  .max(customPageSlugMax, "CUSTOM_PAGE_URL_INVALID")
  .regex(customPageSlugPattern, "CUSTOM_PAGE_URL_INVALID")
  .refine((slug) => !publicEventPages.includes(slug), "CUSTOM_PAGE_URL_RESERVED");

const versionFields = z.object({
  title: text(200),
  slug: z.string().trim(),
  /** The menu's shorter name; empty, the menu shows the title. */
  menuTitle: text(100).default(""),
  inMenu: z.boolean().default(true),
  /** HTML as the editor writes it; the server keeps only its allow-list (custom-pages.sanitize.ts). */
  body: z.string().max(customPageBodyMax).default(""),
});
type VersionFields = z.output<typeof versionFields>;

/** The editor's empty paragraph is no text. */
const isBlank = ({ title, slug, menuTitle, body }: VersionFields) =>
  !title && !slug && !menuTitle && !body.replace(/<p>\s*<\/p>/g, "").trim();

/**
 * SPEC §3 Page, in one language: title, URL, menu title, display in menu, and its rich text. A version left blank is
 * none (the page is not in that language), so a form may send every language's fields; any other needs a title and a
 * valid slug.
 */
export const customPageVersionBody = versionFields
  .superRefine((version, context) => {
    if (isBlank(version)) return;
    if (!version.title) context.addIssue({ code: "custom", path: ["title"], message: "FIELD_REQUIRED" });
    const slug = customPageSlugSchema.safeParse(version.slug);
    for (const issue of slug.error?.issues ?? []) {
      context.addIssue({ code: "custom", path: ["slug"], message: issue.message });
    }
  })
  .transform((version) => (isBlank(version) ? undefined : version));

/**
 * A page as an organizer saves it: its version in each of the event's languages it exists in (at least one). A
 * creation and an update send every version; a language left out, or blank, has no page there.
 */
export const customPageBody = z.object({
  versions: z
    .object({
      fr: customPageVersionBody.optional(),
      en: customPageVersionBody.optional(),
      es: customPageVersionBody.optional(),
    })
    .refine((versions) => languages.some((language) => versions[language]), "FIELD_REQUIRED"),
});

export const customPageVersionSchema = z.object({
  title: z.string(),
  slug: z.string(),
  /** Filled in: the title when the organizer left it empty. */
  menuTitle: z.string(),
  inMenu: z.boolean(),
  body: z.string(),
});
export type CustomPageVersion = z.infer<typeof customPageVersionSchema>;

export const customPageSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  /** The page's place in the menu, the same in every language. */
  position: z.number().int(),
  versions: z.object({
    fr: customPageVersionSchema.optional(),
    en: customPageVersionSchema.optional(),
    es: customPageVersionSchema.optional(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomPage = z.infer<typeof customPageSchema>;
export const customPageList = listOf(customPageSchema);

/** One entry of the public menu in a language: what it reads and where it leads (`/{event}/pages/{slug}`). */
export const customPageMenuEntrySchema = z.object({ title: z.string(), slug: z.string() });
export type CustomPageMenuEntry = z.infer<typeof customPageMenuEntrySchema>;

export const publicCustomPageParams = publicEventParams.extend({ pageSlug: z.string().min(1).max(200) });
export const publicCustomPageQuery = publicEventQuery;

/** A page as its visitors read it, in the language asked; `body` is the sanitized HTML. */
export const publicCustomPageSchema = z.object({
  language: z.enum(languages),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  /** The same page in the event's other languages, for the language menu to stay on it. */
  otherVersions: z.array(z.object({ language: z.enum(languages), slug: z.string() })),
});
export type PublicCustomPage = z.infer<typeof publicCustomPageSchema>;
