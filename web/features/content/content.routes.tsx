import { Navigate, type RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/**
 * An event's content (issue 21), below /admin and /{lang}/admin: one layout (the event's header and a tab per kind,
 * ContentLayout's `contentTabs`) whose children are the kinds' pages, `events/:eventId/content/<kind>`.
 */
export const contentBackOfficeRoutes: RouteObject[] = [
  {
    path: "events/:eventId/content",
    lazy: lazyPage(
      () => import("./ContentLayout"),
      (m) => m.ContentLayout,
    ),
    children: [
      // Speakers are the first tab, and a kind every event may use (the misc module does not hide them).
      { index: true, element: <Navigate to="speakers" replace /> },
      {
        path: "speakers",
        lazy: lazyPage(
          () => import("./speakers/SpeakersPage"),
          (m) => m.SpeakersPage,
        ),
      },
      {
        path: "partners",
        lazy: lazyPage(
          () => import("./partners/PartnersPage"),
          (m) => m.PartnersPage,
        ),
      },
      {
        path: "program",
        lazy: lazyPage(
          () => import("./program/ProgramPage"),
          (m) => m.ProgramPage,
        ),
      },
      {
        path: "documents",
        lazy: lazyPage(
          () => import("./documents/DocumentsPage"),
          (m) => m.DocumentsPage,
        ),
      },
      {
        path: "photos",
        lazy: lazyPage(
          () => import("./photos/PhotosPage"),
          (m) => m.PhotosPage,
        ),
      },
      {
        path: "pages",
        lazy: lazyPage(
          () => import("./pages/CustomPagesPage"),
          (m) => m.CustomPagesPage,
        ),
      },
    ],
  },
];
