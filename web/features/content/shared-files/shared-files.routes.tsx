import type { RouteObject } from "react-router";
import { lazyPage } from "../../../ui/lazy-page";

/**
 * An event's shared files (issue 21), a page of its own beside the content layout: a file is for one guest, not for
 * the public page the content tabs fill. Below /admin and /{lang}/admin.
 */
export const sharedFilesBackOfficeRoutes: RouteObject[] = [
  {
    path: "events/:eventId/shared-files",
    lazy: lazyPage(
      () => import("./SharedFilesPage"),
      (m) => m.SharedFilesPage,
    ),
  },
];
