import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { type Language, languages } from "../../contract/languages";
import { PublicScope } from "../features/public/PublicScope";
import { browserLanguage } from "../i18n/i18n";
import { AlertProvider } from "../ui/alert";
import { LoadingLine } from "../ui/LoadingLine";
import { LanguageScope } from "../ui/language-scope";
import { lazyPage } from "../ui/lazy-page";
import { NotFoundPage } from "../ui/NotFoundPage";
import { ErrorPage } from "./ErrorPage";

// Layouts are chunks too: a guest on an event's page never fetches the back office's frame, nor an organizer the
// public pages'.
const authLayout = lazyPage(
  () => import("./AuthLayout"),
  (m) => m.AuthLayout,
);
const adminLayout = lazyPage(
  () => import("./AdminLayout"),
  (m) => m.AdminLayout,
);

/** The sign-in pages of SPEC §2, at the same child paths under /admin and /{lang}/admin. */
const authPages: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import("../features/auth/SignInPage"),
      (m) => m.SignInPage,
    ),
  },
  {
    path: "forgot-password",
    lazy: lazyPage(
      () => import("../features/auth/ForgotPasswordPage"),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: "forgot-password-success",
    lazy: lazyPage(
      () => import("../features/auth/ForgotPasswordSuccessPage"),
      (m) => m.ForgotPasswordSuccessPage,
    ),
  },
  {
    path: "reset-password",
    lazy: lazyPage(
      () => import("../features/auth/ResetPasswordPage"),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: "reset-password-success",
    lazy: lazyPage(
      () => import("../features/auth/ResetPasswordSuccessPage"),
      (m) => m.ResetPasswordSuccessPage,
    ),
  },
  {
    path: "register-admin",
    lazy: lazyPage(
      () => import("../features/auth/RegisterAdminPage"),
      (m) => m.RegisterAdminPage,
    ),
  },
  {
    path: "register-success",
    lazy: lazyPage(
      () => import("../features/auth/RegisterSuccessPage"),
      (m) => m.RegisterSuccessPage,
    ),
  },
  {
    path: "sending-token",
    lazy: lazyPage(
      () => import("../features/auth/SendingTokenPage"),
      (m) => m.SendingTokenPage,
    ),
  },
];

/** The signed-in back office. Paths beyond SPEC §2's are ours ("Other route paths: not shown"). */
const backOfficePages: RouteObject[] = [
  {
    path: "events",
    lazy: lazyPage(
      () => import("../features/events/EventsListPage"),
      (m) => m.EventsListPage,
    ),
  },
  {
    path: "events/new",
    lazy: lazyPage(
      () => import("../features/events/EventCreatePage"),
      (m) => m.EventCreatePage,
    ),
  },
  {
    path: "events/:eventId",
    lazy: lazyPage(
      () => import("../features/events/EventEditPage"),
      (m) => m.EventEditPage,
    ),
  },
  {
    path: "events/:eventId/access",
    lazy: lazyPage(
      () => import("../features/events/EventAccessPage"),
      (m) => m.EventAccessPage,
    ),
  },
  {
    path: "events/:eventId/guests",
    lazy: lazyPage(
      () => import("../features/guests/GuestListPage"),
      (m) => m.GuestListPage,
    ),
  },
  {
    path: "events/:eventId/guests/import",
    lazy: lazyPage(
      () => import("../features/guests/import/GuestImportPage"),
      (m) => m.GuestImportPage,
    ),
  },
  {
    path: "events/:eventId/guests/duplicates",
    lazy: lazyPage(
      () => import("../features/guests/duplicates/DuplicatesPage"),
      (m) => m.DuplicatesPage,
    ),
  },
  {
    path: "events/:eventId/guests/recommendations",
    lazy: lazyPage(
      () => import("../features/guests/recommendations/RecommendationsPage"),
      (m) => m.RecommendationsPage,
    ),
  },
  {
    path: "events/:eventId/guests/:guestId",
    lazy: lazyPage(
      () => import("../features/guests/GuestDetailPage"),
      (m) => m.GuestDetailPage,
    ),
  },
  {
    path: "events/:eventId/messages",
    lazy: lazyPage(
      () => import("../features/messages/MessagesPage"),
      (m) => m.MessagesPage,
    ),
  },
  {
    path: "events/:eventId/custom-fields",
    lazy: lazyPage(
      () => import("../features/guests/CustomFieldsPage"),
      (m) => m.CustomFieldsPage,
    ),
  },
  {
    path: "events/:eventId/forms",
    lazy: lazyPage(
      () => import("../features/forms/FormsListPage"),
      (m) => m.FormsListPage,
    ),
  },
  {
    path: "events/:eventId/forms/new",
    lazy: lazyPage(
      () => import("../features/forms/FormCreatePage"),
      (m) => m.FormCreatePage,
    ),
  },
  {
    path: "events/:eventId/forms/:formId",
    lazy: lazyPage(
      () => import("../features/forms/FormBuilderPage"),
      (m) => m.FormBuilderPage,
    ),
  },
  {
    path: "events/:eventId/forms/:formId/statistics",
    lazy: lazyPage(
      () => import("../features/forms/FormStatisticsPage"),
      (m) => m.FormStatisticsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/tickets",
    lazy: lazyPage(
      () => import("../features/ticketing/catalogue/TicketsPage"),
      (m) => m.TicketsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/orders",
    lazy: lazyPage(
      () => import("../features/ticketing/orders/OrdersPage"),
      (m) => m.OrdersPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/orders/:orderId",
    lazy: lazyPage(
      () => import("../features/ticketing/orders/OrderDetailPage"),
      (m) => m.OrderDetailPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/coupons",
    lazy: lazyPage(
      () => import("../features/ticketing/catalogue/CouponsPage"),
      (m) => m.CouponsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/discounts",
    lazy: lazyPage(
      () => import("../features/ticketing/catalogue/DiscountsPage"),
      (m) => m.DiscountsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/billing",
    lazy: lazyPage(
      () => import("../features/ticketing/billing/BillingInfoPage"),
      (m) => m.BillingInfoPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/params",
    lazy: lazyPage(
      () => import("../features/ticketing/billing/TicketingParamsPage"),
      (m) => m.TicketingParamsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/payment-methods",
    lazy: lazyPage(
      () => import("../features/ticketing/billing/PaymentMethodsPage"),
      (m) => m.PaymentMethodsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/office",
    lazy: lazyPage(
      () => import("../features/ticketing/billing/TicketOfficePage"),
      (m) => m.TicketOfficePage,
    ),
  },
  {
    path: "account",
    lazy: lazyPage(
      () => import("../features/accounts/AccountParamsPage"),
      (m) => m.AccountParamsPage,
    ),
  },
  {
    path: "account/settings",
    lazy: lazyPage(
      () => import("../features/accounts/AccountSettingsPage"),
      (m) => m.AccountSettingsPage,
    ),
  },
  {
    path: "account/organizers",
    lazy: lazyPage(
      () => import("../features/accounts/OrganizersPage"),
      (m) => m.OrganizersPage,
    ),
  },
  {
    path: "account/teams",
    lazy: lazyPage(
      () => import("../features/accounts/TeamsPage"),
      (m) => m.TeamsPage,
    ),
  },
  {
    path: "account/api-keys",
    lazy: lazyPage(
      () => import("../features/accounts/ApiKeysPage"),
      (m) => m.ApiKeysPage,
    ),
  },
  {
    path: "account/audit",
    lazy: lazyPage(
      () => import("../features/audit/AuditLogPage"),
      (m) => m.AuditLogPage,
    ),
  },
  {
    path: "platform",
    lazy: lazyPage(
      () => import("../features/accounts/PlatformPage"),
      (m) => m.PlatformPage,
    ),
  },
  { path: "*", element: <NotFoundPage /> },
];

/**
 * The public side of an event (SPEC §2 "Public event page"), under `/{lang}/{event}` and `/{event}`. A static child
 * outranks the `/:lang/:event` pattern, so `/{event}/member` is the member area, not an event named "member".
 */
const publicEventPages: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import("../features/public/PublicEventPage"),
      (m) => m.PublicEventPage,
    ),
  },
  {
    path: "member",
    lazy: lazyPage(
      () => import("../features/public/MemberAreaPage"),
      (m) => m.MemberAreaPage,
    ),
  },
  {
    path: "attendees",
    lazy: lazyPage(
      () => import("../features/public/AttendeesPage"),
      (m) => m.AttendeesPage,
    ),
  },
  {
    path: "register",
    lazy: lazyPage(
      () => import("../features/forms/public/RegistrationPage"),
      (m) => m.RegistrationPage,
    ),
  },
  {
    path: "survey",
    lazy: lazyPage(
      () => import("../features/forms/public/SurveyPage"),
      (m) => m.SurveyPage,
    ),
  },
  {
    path: "contact",
    lazy: lazyPage(
      () => import("../features/messages/ContactOrganizerPage"),
      (m) => m.ContactOrganizerPage,
    ),
  },
  {
    path: "shop",
    lazy: lazyPage(
      () => import("../features/ticketing/shop/ShopPage"),
      (m) => m.ShopPage,
    ),
  },
  { path: "*", element: <NotFoundPage /> },
];

/** `/{event}/admin` and `/{lang}/admin` are more specific than these, so the sign-in pages keep their paths. */
export const publicEventRoutes: RouteObject[] = ["/:lang/:event", "/:event"].map((path) => ({
  path,
  element: <PublicScope />,
  errorElement: <ErrorPage />,
  children: [
    {
      lazy: lazyPage(
        () => import("../features/public/PublicLayout"),
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
  const scoped = (path: string, children: RouteObject[]): RouteObject => ({
    path,
    element: (
      <LanguageScope language={language ?? browserLanguage()} adminBase={`${prefix}/admin`}>
        <AlertProvider>
          <Outlet />
        </AlertProvider>
      </LanguageScope>
    ),
    errorElement: <ErrorPage />,
    children,
  });
  const [signIn] = authPages;
  return [
    scoped(`${prefix}/admin`, [
      { lazy: authLayout, children: authPages },
      { lazy: adminLayout, children: backOfficePages },
    ]),
    scoped(`${prefix}/:event/admin`, [{ lazy: authLayout, children: signIn ? [signIn] : [] }]),
  ];
}

export const router = createBrowserRouter([
  {
    HydrateFallback: LoadingLine,
    errorElement: <ErrorPage />,
    children: [
      { path: "/", element: <Navigate to={`/${browserLanguage()}/admin`} replace /> },
      ...languages.flatMap(languageRoutes),
      ...languageRoutes(undefined),
      ...publicEventRoutes,
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
