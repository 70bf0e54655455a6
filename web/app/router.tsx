import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { type Language, languages } from "../../contract/languages";
import { accountsBackOfficeRoutes } from "../features/accounts/accounts.routes";
import { auditBackOfficeRoutes } from "../features/audit/audit.routes";
import { authRoutes } from "../features/auth/auth.routes";
import { campaignsBackOfficeRoutes } from "../features/campaigns/campaigns.routes";
import { sendersAuthRoutes, sendersBackOfficeRoutes } from "../features/campaigns/senders/senders.routes";
import { checkinBackOfficeRoutes } from "../features/checkin/checkin.routes";
import { checkinStaffRoutes } from "../features/checkin/staff/staff.routes";
import { contentBackOfficeRoutes } from "../features/content/content.routes";
import { sharedFilesBackOfficeRoutes } from "../features/content/shared-files/shared-files.routes";
import { ebadgesBackOfficeRoutes } from "../features/ebadges/ebadges.routes";
import { eventsBackOfficeRoutes } from "../features/events/events.routes";
import { formsBackOfficeRoutes, formsPublicRoutes } from "../features/forms/forms.routes";
import { guestsBackOfficeRoutes } from "../features/guests/guests.routes";
import { messagesBackOfficeRoutes, messagesPublicRoutes } from "../features/messages/messages.routes";
import { PublicScope } from "../features/public/PublicScope";
import { publicRoutes } from "../features/public/public.routes";
import { statisticsBackOfficeRoutes } from "../features/statistics/statistics.routes";
import { ticketingBackOfficeRoutes, ticketingPublicRoutes } from "../features/ticketing/ticketing.routes";
import { browserLanguage } from "../i18n/i18n";
import { AlertProvider } from "../ui/alert";
import { loadCatalogue } from "../ui/catalogues";
import { LoadingLine } from "../ui/LoadingLine";
import { LanguageScope } from "../ui/language-scope";
import { lazyPage } from "../ui/lazy-page";
import { NotFoundPage } from "../ui/NotFoundPage";
import { domainEventSlug } from "../ui/public-layout/event-domain";
import { ErrorPage } from "./ErrorPage";

// Layouts are chunks too: a guest on an event's page never fetches the back office's frame, nor an organizer the
// public pages'.
const authLayout = lazyPage(
  () => import("./AuthLayout"),
  (m) => m.AuthLayout,
);
const adminLayoutChunk = lazyPage(
  () => import("./AdminLayout"),
  (m) => m.AdminLayout,
);
/** The back office's frame, with its language's organizer texts fetched beside it, not after it (it waits for them). */
const adminLayout = (language: Language) => () => {
  void loadCatalogue(language, "organizer");
  return adminLayoutChunk();
};

/** The signed-in back office. Paths beyond SPEC §2's are ours ("Other route paths: not shown"). */
const backOfficePages: RouteObject[] = [
  ...eventsBackOfficeRoutes,
  ...guestsBackOfficeRoutes,
  ...messagesBackOfficeRoutes,
  ...campaignsBackOfficeRoutes,
  ...ebadgesBackOfficeRoutes,
  ...checkinBackOfficeRoutes,
  ...statisticsBackOfficeRoutes,
  ...contentBackOfficeRoutes,
  ...sharedFilesBackOfficeRoutes,
  ...formsBackOfficeRoutes,
  ...ticketingBackOfficeRoutes,
  ...accountsBackOfficeRoutes,
  ...auditBackOfficeRoutes,
  ...sendersBackOfficeRoutes,
  { path: "*", element: <NotFoundPage /> },
];

/**
 * The public side of an event (SPEC §2 "Public event page"), under `/{lang}/{event}` and `/{event}`. A static child
 * outranks the `/:lang/:event` pattern, so `/{event}/member` is the member area, not an event named "member".
 */
const publicEventPages: RouteObject[] = [
  ...publicRoutes,
  ...formsPublicRoutes,
  ...messagesPublicRoutes,
  ...ticketingPublicRoutes,
  { path: "*", element: <NotFoundPage /> },
];

/**
 * `/{event}/admin` and `/{lang}/admin` are more specific than these, so the sign-in pages keep their paths. On an
 * event's own domain the event's pages sit at `/{lang}` and `/` (a page's static path outranks `/:lang`).
 */
export const publicEventRoutes = (): RouteObject[] =>
  (domainEventSlug() ? ["/:lang", "/"] : ["/:lang/:event", "/:event"]).map((path) => ({
    path,
    element: <PublicScope />,
    errorElement: <ErrorPage />,
    children: [
      {
        lazy: lazyPage(
          () => import("../ui/public-layout/PublicLayout"),
          (m) => m.PublicLayout,
        ),
        children: publicEventPages,
      },
    ],
  }));

/**
 * The routes of one language prefix ("/fr", or "" when the path names none): the admin pages, and the event entry
 * /{lang}/{event}/admin that shows the sign-in page (it reads the `event` route parameter).
 */
function languageRoutes(language: Language | undefined): RouteObject[] {
  const prefix = language ? `/${language}` : "";
  const scopeLanguage = language ?? browserLanguage();
  const scoped = (path: string, children: RouteObject[]): RouteObject => ({
    path,
    element: (
      <LanguageScope language={scopeLanguage} adminBase={`${prefix}/admin`}>
        <AlertProvider>
          <Outlet />
        </AlertProvider>
      </LanguageScope>
    ),
    errorElement: <ErrorPage />,
    children,
  });
  const [signIn] = authRoutes;
  return [
    scoped(`${prefix}/admin`, [
      { lazy: authLayout, children: [...authRoutes, ...sendersAuthRoutes] },
      { lazy: adminLayout(scopeLanguage), children: backOfficePages },
    ]),
    scoped(`${prefix}/:event/admin`, [{ lazy: authLayout, children: signIn ? [signIn] : [] }]),
  ];
}

export const router = createBrowserRouter([
  {
    HydrateFallback: LoadingLine,
    errorElement: <ErrorPage />,
    children: [
      // On an event's own domain, the root is the event's page.
      ...(domainEventSlug() ? [] : [{ path: "/", element: <Navigate to={`/${browserLanguage()}/admin`} replace /> }]),
      ...languages.flatMap(languageRoutes),
      ...languageRoutes(undefined),
      ...checkinStaffRoutes,
      ...publicEventRoutes(),
      {
        path: "*",
        element: (
          <LanguageScope language={browserLanguage()} adminBase="/admin">
            <NotFoundPage />
          </LanguageScope>
        ),
      },
    ],
  },
]);
