import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import axe from "axe-core";
import type { Language } from "../contract/common";
import { type AccessibilityContent, createAccessibilityContent } from "./accessibility-content";
import { catalogueText } from "./catalogue";

/**
 * WCAG 2.1 AA on every page (issue 17): each route of the web app (web/app/router.tsx) is opened with real content,
 * in French, English and Spanish on a desktop and in Spanish on a phone, and axe-core checks it. Any serious or critical
 * violation fails the journey, listed by page, rule and element. A route added to the router without a visit here
 * fails the first test: new pages join the journey.
 */

type Text = ReturnType<typeof catalogueText>;
type Who = "organizer" | "visitor";

/** One more look at a page after an action: another tab, a picked file, a page whose code failed to load. */
type State = { name: string; show(page: Page, t: Text): Promise<void> };

type Visit = {
  /** The page component router.tsx loads for the route (its module's name). */
  page: string;
  /** The route's path as router.tsx writes it: "" for an index route. */
  route: string;
  /** The organizer signed in to the back office, or a visitor of the public pages and sign-in pages. */
  as: Who;
  url(content: AccessibilityContent, language: Language): string;
  states?: State[];
};

const admin = (path: string) => (_content: AccessibilityContent, language: Language) => `/${language}/admin${path}`;
const event = (path: string) => (content: AccessibilityContent, language: Language) =>
  `/${language}/admin/events/${content.eventId}${path}`;
const publicPage = (path: string) => (content: AccessibilityContent, language: Language) =>
  `/${language}/${content.slug}${path}`;
const tab = (key: string): State => ({
  name: `tab ${key}`,
  show: async (page, t) => {
    await page.getByRole("tab", { name: t(key) }).click();
    await expect(page.getByRole("tab", { name: t(key) })).toHaveAttribute("aria-selected", "true");
  },
});

/** Every page of the router, in one list: a new route adds its visit here. */
const visits: Visit[] = [
  // Sign-in pages (SPEC §2).
  {
    page: "SignInPage",
    route: "",
    as: "visitor",
    url: admin(""),
    states: [
      {
        // The router's error page, as shown when a page's code cannot be downloaded.
        name: "ErrorPage: a page's code failed to load",
        show: async (page, t) => {
          await page.route(/\.js$/, (route) => route.abort());
          await page.getByRole("link", { name: t("auth.signIn.forgotPassword") }).click();
          await expect(page.getByRole("heading", { level: 1, name: t("app.error.title") })).toBeVisible();
          await page.unroute(/\.js$/);
        },
      },
    ],
  },
  { page: "SignInPage", route: "/:event/admin", as: "visitor", url: (c, l) => `/${l}/${c.slug}/admin` },
  { page: "SignInPage", route: "/ (sends to the sign-in page)", as: "visitor", url: () => "/" },
  { page: "SignInPage", route: "/admin (no language)", as: "visitor", url: () => "/admin" },
  { page: "ForgotPasswordPage", route: "forgot-password", as: "visitor", url: admin("/forgot-password") },
  {
    page: "ForgotPasswordSuccessPage",
    route: "forgot-password-success",
    as: "visitor",
    url: admin("/forgot-password-success"),
  },
  { page: "ResetPasswordPage", route: "reset-password", as: "visitor", url: admin("/reset-password?token=a11y") },
  {
    page: "ResetPasswordSuccessPage",
    route: "reset-password-success",
    as: "visitor",
    url: admin("/reset-password-success"),
  },
  { page: "RegisterAdminPage", route: "register-admin", as: "visitor", url: admin("/register-admin") },
  {
    page: "RegisterAdminPage",
    route: "register-admin?token (invitation)",
    as: "visitor",
    url: (c, l) => `/${l}/admin/register-admin?token=${c.invitationToken}`,
  },
  { page: "RegisterSuccessPage", route: "register-success", as: "organizer", url: admin("/register-success") },
  {
    page: "VerifySenderPage",
    route: "verify-sender",
    as: "visitor",
    url: (c, l) => `/${l}/admin/verify-sender?token=${c.senderVerificationToken}`,
  },
  {
    page: "SendingTokenPage",
    route: "sending-token",
    as: "visitor",
    url: admin("/sending-token?challenge=a11y-challenge"),
  },

  // The back office.
  { page: "EventsListPage", route: "events", as: "organizer", url: admin("/events") },
  { page: "EventCreatePage", route: "events/new", as: "organizer", url: admin("/events/new") },
  {
    page: "EventEditPage",
    route: "events/:eventId",
    as: "organizer",
    url: event(""),
    states: [tab("events.edit.tabs.dates"), tab("events.edit.tabs.params"), tab("events.edit.tabs.description")],
  },
  { page: "EventAccessPage", route: "events/:eventId/access", as: "organizer", url: event("/access") },
  { page: "GuestListPage", route: "events/:eventId/guests", as: "organizer", url: event("/guests") },
  {
    page: "GuestImportPage",
    route: "events/:eventId/guests/import",
    as: "organizer",
    url: event("/guests/import"),
    states: [
      {
        name: "a file picked",
        show: async (page, t) => {
          const file = { name: "guests.csv", mimeType: "text/csv", buffer: Buffer.from("email\nada@example.test\n") };
          await page.locator('input[type="file"]').setInputFiles(file);
          await expect(page.getByRole("button", { name: t("guests.import.upload.file") })).toContainText("guests.csv");
        },
      },
    ],
  },
  {
    page: "DuplicatesPage",
    route: "events/:eventId/guests/duplicates",
    as: "organizer",
    url: event("/guests/duplicates"),
  },
  {
    page: "RecommendationsPage",
    route: "events/:eventId/guests/recommendations",
    as: "organizer",
    url: event("/guests/recommendations"),
  },
  {
    page: "GuestDetailPage",
    route: "events/:eventId/guests/:guestId",
    as: "organizer",
    url: (c, l) => event(`/guests/${c.guestId}`)(c, l),
    states: [tab("guests.detail.tabs.companions"), tab("guests.detail.tabs.orders"), tab("guests.detail.tabs.edit")],
  },
  { page: "MessagesPage", route: "events/:eventId/messages", as: "organizer", url: event("/messages") },
  {
    page: "AutoMailsPage",
    route: "events/:eventId/automails",
    as: "organizer",
    url: event("/automails"),
    states: [
      {
        name: "the test send dialog",
        show: async (page, t) => {
          await page
            .getByRole("button", { name: t("automails.test.button") })
            .first()
            .click();
          const dialog = page.getByRole("dialog", { name: t("automails.test.title") });
          await expect(dialog).toBeVisible();
          // The dialog fades in: axe reads colors blended with the page until its opacity reaches 1.
          await expect(dialog).toHaveCSS("opacity", "1");
        },
      },
    ],
  },
  { page: "CheckinSessionsPage", route: "events/:eventId/checkin", as: "organizer", url: event("/checkin") },
  {
    page: "CheckinStatisticsPage",
    route: "events/:eventId/checkin/statistics",
    as: "organizer",
    url: event("/checkin/statistics"),
  },
  {
    page: "EventStatisticsPage",
    route: "events/:eventId/statistics",
    as: "organizer",
    url: event("/statistics"),
  },
  { page: "EventHistoryPage", route: "events/:eventId/history", as: "organizer", url: event("/history") },
  // The content layout's index leads to its first tab; each kind's page is a child route of the layout.
  { page: "SpeakersPage", route: "events/:eventId/content", as: "organizer", url: event("/content") },
  { page: "SpeakersPage", route: "speakers", as: "organizer", url: event("/content/speakers") },
  { page: "PartnersPage", route: "partners", as: "organizer", url: event("/content/partners") },
  {
    page: "ProgramPage",
    route: "program",
    as: "organizer",
    url: event("/content/program"),
    states: [
      {
        name: "a section's editor",
        show: async (page, t) => {
          await page.getByRole("button", { name: t("content.list.editNamed", { name: "Opening keynote" }) }).click();
          await expect(page.getByRole("dialog")).toBeVisible();
        },
      },
    ],
  },
  {
    page: "CustomPagesPage",
    route: "pages",
    as: "organizer",
    url: event("/content/pages"),
    states: [
      {
        name: "the page editor",
        show: async (page, t) => {
          await page.getByRole("button", { name: t("content.pages.add") }).click();
          await expect(page.getByRole("toolbar", { name: t("content.pages.editor.toolbar") })).toBeVisible();
        },
      },
    ],
  },
  { page: "DocumentsPage", route: "documents", as: "organizer", url: event("/content/documents") },
  { page: "PhotosPage", route: "photos", as: "organizer", url: event("/content/photos") },
  { page: "SharedFilesPage", route: "events/:eventId/shared-files", as: "organizer", url: event("/shared-files") },
  {
    page: "CheckinSessionPage",
    route: "events/:eventId/checkin/:sessionId",
    as: "organizer",
    url: (c, l) => event(`/checkin/${c.checkinSessionId}`)(c, l),
  },
  { page: "EbadgeListPage", route: "events/:eventId/ebadges", as: "organizer", url: event("/ebadges") },
  {
    page: "EbadgeConditionsPage",
    route: "events/:eventId/ebadges/conditions",
    as: "organizer",
    url: event("/ebadges/conditions"),
  },
  {
    page: "EbadgeDesignerPage",
    route: "events/:eventId/ebadges/:ebadgeId",
    as: "organizer",
    url: (c, l) => event(`/ebadges/${c.ebadgeId}`)(c, l),
  },
  { page: "CampaignListPage", route: "events/:eventId/campaigns", as: "organizer", url: event("/campaigns") },
  { page: "NewCampaignPage", route: "events/:eventId/campaigns/new", as: "organizer", url: event("/campaigns/new") },
  {
    page: "CampaignEditorPage",
    route: "events/:eventId/campaigns/:campaignId",
    as: "organizer",
    url: (c, l) => event(`/campaigns/${c.draftCampaignId}`)(c, l),
  },
  {
    page: "CampaignRecipientsPage",
    route: "events/:eventId/campaigns/:campaignId/recipients",
    as: "organizer",
    url: (c, l) => event(`/campaigns/${c.draftCampaignId}/recipients`)(c, l),
  },
  {
    page: "CampaignSummaryPage",
    route: "events/:eventId/campaigns/:campaignId/summary",
    as: "organizer",
    url: (c, l) => event(`/campaigns/${c.draftCampaignId}/summary`)(c, l),
    states: [
      {
        name: "scheduling at a date",
        show: async (page, t) => {
          await page.getByRole("radio", { name: t("campaignSummary.later") }).check();
          await expect(page.getByRole("button", { name: t("campaignSummary.schedule") })).toBeVisible();
        },
      },
    ],
  },
  {
    page: "CampaignStatisticsPage",
    route: "events/:eventId/campaigns/:campaignId/statistics",
    as: "organizer",
    url: (c, l) => event(`/campaigns/${c.campaignId}/statistics`)(c, l),
  },
  { page: "CustomFieldsPage", route: "events/:eventId/custom-fields", as: "organizer", url: event("/custom-fields") },
  { page: "FormsListPage", route: "events/:eventId/forms", as: "organizer", url: event("/forms") },
  { page: "FormCreatePage", route: "events/:eventId/forms/new", as: "organizer", url: event("/forms/new") },
  {
    page: "FormBuilderPage",
    route: "events/:eventId/forms/:formId",
    as: "organizer",
    url: (c, l) => event(`/forms/${c.formId}`)(c, l),
  },
  {
    page: "FormStatisticsPage",
    route: "events/:eventId/forms/:formId/statistics",
    as: "organizer",
    url: (c, l) => event(`/forms/${c.formId}/statistics`)(c, l),
  },
  {
    page: "TicketsPage",
    route: "events/:eventId/ticketing/tickets",
    as: "organizer",
    url: event("/ticketing/tickets"),
  },
  { page: "OrdersPage", route: "events/:eventId/ticketing/orders", as: "organizer", url: event("/ticketing/orders") },
  {
    page: "OrderDetailPage",
    route: "events/:eventId/ticketing/orders/:orderId",
    as: "organizer",
    url: (c, l) => event(`/ticketing/orders/${c.orderId}`)(c, l),
  },
  {
    page: "CouponsPage",
    route: "events/:eventId/ticketing/coupons",
    as: "organizer",
    url: event("/ticketing/coupons"),
  },
  {
    page: "DiscountsPage",
    route: "events/:eventId/ticketing/discounts",
    as: "organizer",
    url: event("/ticketing/discounts"),
  },
  {
    page: "BillingInfoPage",
    route: "events/:eventId/ticketing/billing",
    as: "organizer",
    url: event("/ticketing/billing"),
  },
  {
    page: "TicketingParamsPage",
    route: "events/:eventId/ticketing/params",
    as: "organizer",
    url: event("/ticketing/params"),
  },
  {
    page: "PaymentMethodsPage",
    route: "events/:eventId/ticketing/payment-methods",
    as: "organizer",
    url: event("/ticketing/payment-methods"),
  },
  {
    page: "TicketOfficePage",
    route: "events/:eventId/ticketing/office",
    as: "organizer",
    url: event("/ticketing/office"),
  },
  { page: "AccountParamsPage", route: "account", as: "organizer", url: admin("/account") },
  { page: "AccountSettingsPage", route: "account/settings", as: "organizer", url: admin("/account/settings") },
  { page: "OrganizersPage", route: "account/organizers", as: "organizer", url: admin("/account/organizers") },
  { page: "TeamsPage", route: "account/teams", as: "organizer", url: admin("/account/teams") },
  { page: "ApiKeysPage", route: "account/api-keys", as: "organizer", url: admin("/account/api-keys") },
  { page: "CreditsPage", route: "account/credits", as: "organizer", url: admin("/account/credits") },
  { page: "FontsPage", route: "account/fonts", as: "organizer", url: admin("/account/fonts") },
  { page: "SendersPage", route: "account/senders", as: "organizer", url: admin("/account/senders") },
  { page: "MailHistoryPage", route: "account/mails", as: "organizer", url: admin("/account/mails") },
  { page: "AuditLogPage", route: "account/audit", as: "organizer", url: admin("/account/audit") },
  { page: "PlatformPage", route: "platform", as: "organizer", url: admin("/platform") },
  { page: "NotFoundPage", route: "* (back office)", as: "organizer", url: admin("/no-such-page") },

  // The public side of the event.
  { page: "PublicEventPage", route: "", as: "visitor", url: publicPage("") },
  { page: "PublicEventPage", route: "/:event (no language)", as: "visitor", url: (c) => `/${c.slug}` },
  { page: "MemberAreaPage", route: "member", as: "visitor", url: publicPage("/member") },
  { page: "AttendeesPage", route: "attendees", as: "visitor", url: publicPage("/attendees") },
  { page: "RegistrationPage", route: "register", as: "visitor", url: publicPage("/register") },
  { page: "SurveyPage", route: "survey", as: "visitor", url: publicPage("/survey") },
  { page: "ContactOrganizerPage", route: "contact", as: "visitor", url: publicPage("/contact") },
  { page: "ShopPage", route: "shop", as: "visitor", url: publicPage("/shop") },
  { page: "CustomPage", route: ":pageSlug", as: "visitor", url: publicPage("/pages/practical") },
  { page: "NotFoundPage", route: "* (public)", as: "visitor", url: publicPage("/no-such-page") },
  // The staff's check-in app (a phone without a joined session: the scan page sends it to the join page).
  { page: "JoinPage", route: "/checkin", as: "visitor", url: (_c, l) => `/${l}/checkin?code=ABCD2345` },
  { page: "ScanPage", route: "scan", as: "visitor", url: (_c, l) => `/${l}/checkin/scan` },
  // An unknown event: the router's last "*" is out of reach, as /:lang/:event and /:event take any other path.
  { page: "PublicEventPage", route: "* (no such event)", as: "visitor", url: (_c, l) => `/${l}/no-such-event` },
];

/** web/app/router.tsx and the route arrays it composes, one per feature (web/features/<feature>/<feature>.routes.tsx). */
function routerSources() {
  const web = new URL("../web/", import.meta.url);
  const features = readdirSync(new URL("features/", web), { recursive: true, encoding: "utf8" });
  return [
    "app/router.tsx",
    ...features.filter((file) => file.endsWith(".routes.tsx")).map((file) => `features/${file}`),
  ]
    .map((file) => readFileSync(new URL(file, web), "utf8"))
    .join("\n");
}

test("every route of the router has its visit in the accessibility journey", () => {
  const router = routerSources();
  const paths = [...router.matchAll(/\bpath: "([^"]*)"/g)].map((match) => match[1] ?? "");
  // The pages the router loads (its layouts are loaded too, and shown around every page).
  const pages = [...router.matchAll(/import\("[^"]*\/(\w+Page)"\)/g)].map((match) => match[1] ?? "");
  expect(paths.length, "paths read from the router's files").toBeGreaterThan(20);
  expect(pages.length, "page modules read from the router's files").toBeGreaterThan(20);
  const visited = new Set(visits.map((visit) => visit.route.split(" ")[0]));
  expect(
    paths.filter((path) => !visited.has(path)),
    "routes of router.tsx without a visit",
  ).toEqual([]);
  const visitedPages = new Set(visits.map((visit) => visit.page));
  expect(
    pages.filter((page) => !visitedPages.has(page)),
    "pages of router.tsx without a visit",
  ).toEqual([]);
});

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const locales: Record<Language, string> = { fr: "fr-FR", en: "en-GB", es: "es-ES" };
/**
 * Every page in each language on a desktop, and on a phone in Spanish: the texts (their names, labels and languages)
 * differ by language, and the layouts by screen, where Spanish's longer texts are the most crowded. A layout is the
 * same in every language: a phone run per language would check the same layouts again, for a third of the
 * journeys' time.
 */
const runs: { language: Language; screen: keyof typeof viewports }[] = [
  { language: "en", screen: "desktop" },
  { language: "fr", screen: "desktop" },
  { language: "es", screen: "desktop" },
  { language: "es", screen: "phone" },
];

let content: AccessibilityContent;

test.describe("every page with axe-core", () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    content = await createAccessibilityContent(request, randomBytes(4).toString("hex"));
    await request.dispose();
  });

  for (const { language, screen } of runs) {
    test(`axe-core finds no serious or critical violation: ${language}, ${screen}`, async ({ browser }) => {
      test.setTimeout(600_000);
      const t = catalogueText(language);
      const pages = {
        organizer: await openAs(browser, "organizer", language, screen),
        visitor: await openAs(browser, "visitor", language, screen),
      };
      const found: string[] = [];
      for (const visit of visits) {
        const page = pages[visit.as];
        const url = visit.url(content, language);
        await test.step(`${visit.page} ${url}`, async () => {
          await page.goto(url);
          await pageReady(page, language);
          found.push(...(await violations(page, `${url}`)));
          for (const state of visit.states ?? []) {
            await state.show(page, t);
            await pageReady(page, language);
            found.push(...(await violations(page, `${url} (${state.name})`)));
          }
        });
      }
      await pages.organizer.context().close();
      await pages.visitor.context().close();
      expect(found, `serious or critical axe-core violations (${language}, ${screen}):\n${found.join("\n")}`).toEqual(
        [],
      );
    });
  }
});

/** A browser of the run's screen and language: the organizer's carries their session, the visitor's a member's. */
async function openAs(browser: Browser, who: Who, language: Language, screen: keyof typeof viewports) {
  const context = await browser.newContext({
    viewport: viewports[screen],
    locale: locales[language],
    reducedMotion: "reduce",
  });
  const sessions =
    who === "organizer" ? { "ep.session": content.token } : { [`ep.member.${content.slug}`]: content.memberSession };
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, sessions);
  return context.newPage();
}

/** Loaded: a main heading shows, nothing is loading, and the page has a title and its language. */
async function pageReady(page: Page, language: Language) {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('[role="progressbar"][aria-busy="true"]:visible')).toHaveCount(0);
  await expect(page).toHaveTitle(/\S/);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/** axe-core's serious and critical violations of WCAG 2.1 A and AA on the page, one line per rule and element. */
async function violations(page: Page, where: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (values) => window.axe.run(document, { runOnly: { type: "tag", values }, resultTypes: ["violations"] }),
    tags,
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where} — ${violation.id} (${violation.impact}): ${node.target.join(" ")} — ${node.failureSummary?.split("\n").slice(1).join(" ").trim()}`,
      ),
    );
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
