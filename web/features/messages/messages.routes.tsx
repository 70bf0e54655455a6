import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/** The event's inbox, a page of the signed-in back office, below /admin and /{lang}/admin (web/app/router.tsx). */
export const messagesBackOfficeRoutes: RouteObject[] = [
  {
    path: "events/:eventId/messages",
    lazy: lazyPage(
      () => import("./MessagesPage"),
      (m) => m.MessagesPage,
    ),
  },
];

/** The contact form of an event's public side, below /{lang}/{event} and /{event} (web/app/router.tsx). */
export const messagesPublicRoutes: RouteObject[] = [
  {
    path: "contact",
    lazy: lazyPage(
      () => import("./ContactOrganizerPage"),
      (m) => m.ContactOrganizerPage,
    ),
  },
];
