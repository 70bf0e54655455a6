import { and, eq, inArray, ne, or } from "drizzle-orm";
import type { z } from "zod";
import type { Language } from "../../../contract/common.js";
import type {
  CustomPage,
  CustomPageMenuEntry,
  CustomPageVersion,
  customPageBody,
  PublicCustomPage,
} from "../../../contract/custom-pages.js";
import { languages } from "../../../contract/languages.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError, notFound } from "../../platform/errors.js";
import { isLanguage } from "../../platform/language.js";
import { type EventRow, requirePublicEvent } from "../events/events.visibility.js";
import { requireMiscModule } from "./content-modules.js";
import { sanitizePageHtml } from "./custom-pages.sanitize.js";
import { customPages, customPageVersions } from "./custom-pages.tables.js";
import { orderedContentService } from "./ordered-content.service.js";

/* SPEC §7 custompages: an event's own pages on its public side, an ordered content list (ordered-content.service.ts). */

type Versions = Partial<Record<Language, CustomPageVersion>>;
type PageRow = typeof customPages.$inferSelect & { versions: Versions };
type PageValues = z.output<typeof customPageBody>;
type VersionRow = typeof customPageVersions.$inferSelect;

const versionView = (row: VersionRow): CustomPageVersion => ({
  title: row.title,
  slug: row.slug,
  menuTitle: row.menuTitle || row.title,
  inMenu: row.inMenu,
  body: row.body,
});

const writtenVersions = (values: PageValues) =>
  languages.flatMap((language) => {
    const version = values.versions[language];
    return version ? [{ language, ...version }] : [];
  });

/** A page has versions only in the event's languages. */
function checkLanguages(event: EventRow, values: PageValues) {
  const off = writtenVersions(values).find(({ language }) => !event.languages.includes(language));
  if (off) throw fieldError(`versions.${off.language}`, "CUSTOM_PAGE_LANGUAGE_OFF");
}

/**
 * No other page of the event has one of the page's slugs in the same language. Read under the event's row lock, which
 * every change of the event's pages takes, so the unique index behind it never fires.
 */
async function checkSlugs(executor: Executor, page: { id: string; eventId: string }, values: PageValues) {
  const [taken] = await executor
    .select({ language: customPageVersions.language })
    .from(customPageVersions)
    .where(
      and(
        eq(customPageVersions.eventId, page.eventId),
        ne(customPageVersions.pageId, page.id),
        or(
          ...writtenVersions(values).map(({ language, slug }) =>
            and(eq(customPageVersions.language, language), eq(customPageVersions.slug, slug)),
          ),
        ),
      ),
    )
    .limit(1);
  if (taken) {
    const field = `versions.${taken.language}.slug`;
    throw new AppError(409, "CUSTOM_PAGE_URL_TAKEN", { fields: { [field]: { code: "CUSTOM_PAGE_URL_TAKEN" } } });
  }
}

export const customPagesService = orderedContentService<PageRow, PageValues, CustomPage>({
  kind: "custom_page",
  table: customPages,
  notReordered: "CUSTOM_PAGES_NOT_REORDERED",
  requireModule: requireMiscModule,
  check: async (_executor, event, values) => checkLanguages(event, values),
  async related(executor, rows) {
    const versions = await executor
      .select()
      .from(customPageVersions)
      .where(
        inArray(
          customPageVersions.pageId,
          rows.map((row) => row.id),
        ),
      );
    return rows.map((row) => ({
      ...row,
      versions: Object.fromEntries(
        versions
          .filter((version) => version.pageId === row.id)
          .map((version) => [version.language, versionView(version)]),
      ),
    }));
  },
  /** Every version is written again: a language left out of the body has no page there any more. */
  async saved(executor, row, values) {
    await checkSlugs(executor, row, values);
    await executor.delete(customPageVersions).where(eq(customPageVersions.pageId, row.id));
    const written = writtenVersions(values);
    await executor.insert(customPageVersions).values(
      written.map(({ language, title, slug, menuTitle, inMenu, body }) => ({
        pageId: row.id,
        eventId: row.eventId,
        language,
        title,
        slug,
        // The menu title equal to the title is no title of its own: the menu follows the title when it changes.
        menuTitle: menuTitle === title ? "" : menuTitle,
        inMenu,
        body: sanitizePageHtml(body),
      })),
    );
  },
  view: (row) => ({
    id: row.id,
    eventId: row.eventId,
    position: row.position,
    versions: row.versions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  audited: (row) => ({ versions: row.versions }),
  columns: () => ({}),
});

/**
 * The public menu's custom pages in one language, in the organizer's order: those shown in the menu, none while the
 * event's `misc` module is off. `event` is the public event its caller has found.
 */
export async function publicMenu(
  executor: Executor,
  event: Pick<EventRow, "id" | "modules">,
  language: Language,
): Promise<CustomPageMenuEntry[]> {
  if (!event.modules.misc) return [];
  const rows = await executor
    .select({ title: customPageVersions.title, menuTitle: customPageVersions.menuTitle, slug: customPageVersions.slug })
    .from(customPageVersions)
    .innerJoin(customPages, eq(customPages.id, customPageVersions.pageId))
    .where(
      and(
        eq(customPageVersions.eventId, event.id),
        eq(customPageVersions.language, language),
        eq(customPageVersions.inMenu, true),
      ),
    )
    .orderBy(customPages.position);
  return rows.map((row) => ({ title: row.menuTitle || row.title, slug: row.slug }));
}

/**
 * A custom page as its visitors read it (`/{event}/pages/{slug}`), with the slugs of its other languages for the
 * language menu. Without the multilang module the event speaks its preferred language only, as its other pages do.
 * 404 when the event is not public, its `misc` module is off, or no page has this slug in the language.
 */
export async function getPublicCustomPage(
  context: AppContext,
  eventSlug: string,
  pageSlug: string,
  asked: Language,
): Promise<PublicCustomPage> {
  const event = await requirePublicEvent(context.db, eventSlug);
  if (!event.modules.misc) throw notFound();
  const preferred = isLanguage(event.preferredLanguage) ? event.preferredLanguage : "en";
  const language = event.modules.multilang ? asked : preferred;
  const [page] = await context.db
    .select()
    .from(customPageVersions)
    .where(
      and(
        eq(customPageVersions.eventId, event.id),
        eq(customPageVersions.language, language),
        eq(customPageVersions.slug, pageSlug),
      ),
    );
  if (!page) throw notFound();
  const others = event.modules.multilang
    ? await context.db
        .select({ language: customPageVersions.language, slug: customPageVersions.slug })
        .from(customPageVersions)
        .where(and(eq(customPageVersions.pageId, page.pageId), ne(customPageVersions.language, language)))
    : [];
  return {
    language,
    title: page.title,
    slug: page.slug,
    body: page.body,
    otherVersions: others.flatMap((other) =>
      isLanguage(other.language) && event.languages.includes(other.language)
        ? [{ language: other.language, slug: other.slug }]
        : [],
    ),
  };
}
