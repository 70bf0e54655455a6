import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/** The event's own pages on its public side, below /{lang}/{event} and /{event} (web/app/router.tsx). */
export const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import("./PublicEventPage"),
      (m) => m.PublicEventPage,
    ),
  },
  {
    path: "member",
    lazy: lazyPage(
      () => import("./MemberAreaPage"),
      (m) => m.MemberAreaPage,
    ),
  },
  {
    // A custom page of the event, by its slug in the page's language (contract/events.ts publicEventItemPages).
    path: "pages",
    children: [
      {
        path: ":pageSlug",
        lazy: lazyPage(
          () => import("./CustomPage"),
          (m) => m.CustomPage,
        ),
      },
    ],
  },
  {
    path: "attendees",
    lazy: lazyPage(
      () => import("./AttendeesPage"),
      (m) => m.AttendeesPage,
    ),
  },
];
