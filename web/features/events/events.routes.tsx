import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/** The events' pages of the signed-in back office, below /admin and /{lang}/admin (web/app/router.tsx). */
export const eventsBackOfficeRoutes: RouteObject[] = [
  {
    path: "events",
    lazy: lazyPage(
      () => import("./EventsListPage"),
      (m) => m.EventsListPage,
    ),
  },
  {
    path: "events/new",
    lazy: lazyPage(
      () => import("./EventCreatePage"),
      (m) => m.EventCreatePage,
    ),
  },
  {
    path: "events/:eventId",
    lazy: lazyPage(
      () => import("./EventEditPage"),
      (m) => m.EventEditPage,
    ),
  },
  {
    path: "events/:eventId/access",
    lazy: lazyPage(
      () => import("./EventAccessPage"),
      (m) => m.EventAccessPage,
    ),
  },
];
