import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/** The guests' pages of the signed-in back office, below /admin and /{lang}/admin (web/app/router.tsx). */
export const guestsBackOfficeRoutes: RouteObject[] = [
  {
    path: "events/:eventId/guests",
    lazy: lazyPage(
      () => import("./GuestListPage"),
      (m) => m.GuestListPage,
    ),
  },
  {
    path: "events/:eventId/guests/import",
    lazy: lazyPage(
      () => import("./import/GuestImportPage"),
      (m) => m.GuestImportPage,
    ),
  },
  {
    path: "events/:eventId/guests/duplicates",
    lazy: lazyPage(
      () => import("./duplicates/DuplicatesPage"),
      (m) => m.DuplicatesPage,
    ),
  },
  {
    path: "events/:eventId/guests/recommendations",
    lazy: lazyPage(
      () => import("./recommendations/RecommendationsPage"),
      (m) => m.RecommendationsPage,
    ),
  },
  {
    path: "events/:eventId/guests/:guestId",
    lazy: lazyPage(
      () => import("./GuestDetailPage"),
      (m) => m.GuestDetailPage,
    ),
  },
  {
    path: "events/:eventId/custom-fields",
    lazy: lazyPage(
      () => import("./CustomFieldsPage"),
      (m) => m.CustomFieldsPage,
    ),
  },
];
