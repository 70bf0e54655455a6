import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/** The forms' pages of the signed-in back office, below /admin and /{lang}/admin (web/app/router.tsx). */
export const formsBackOfficeRoutes: RouteObject[] = [
  {
    path: "events/:eventId/forms",
    lazy: lazyPage(
      () => import("./FormsListPage"),
      (m) => m.FormsListPage,
    ),
  },
  {
    path: "events/:eventId/forms/new",
    lazy: lazyPage(
      () => import("./FormCreatePage"),
      (m) => m.FormCreatePage,
    ),
  },
  {
    path: "events/:eventId/forms/:formId",
    lazy: lazyPage(
      () => import("./FormBuilderPage"),
      (m) => m.FormBuilderPage,
    ),
  },
  {
    path: "events/:eventId/forms/:formId/statistics",
    lazy: lazyPage(
      () => import("./FormStatisticsPage"),
      (m) => m.FormStatisticsPage,
    ),
  },
];

/** The registration and survey forms of an event's public side, below /{lang}/{event} and /{event} (router.tsx). */
export const formsPublicRoutes: RouteObject[] = [
  {
    path: "register",
    lazy: lazyPage(
      () => import("./public/RegistrationPage"),
      (m) => m.RegistrationPage,
    ),
  },
  {
    path: "survey",
    lazy: lazyPage(
      () => import("./public/SurveyPage"),
      (m) => m.SurveyPage,
    ),
  },
];
