import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/**
 * An event's e-badges (SPEC §2 "e-badges", §3 E-badge), pages of the signed-in back office: the list, who gets which
 * badge (a static path, so it outranks a badge's id), and one badge's designer.
 */
export const ebadgesBackOfficeRoutes: RouteObject[] = [
  {
    path: "events/:eventId/ebadges",
    lazy: lazyPage(
      () => import("./EbadgeListPage"),
      (m) => m.EbadgeListPage,
    ),
  },
  {
    path: "events/:eventId/ebadges/conditions",
    lazy: lazyPage(
      () => import("./EbadgeConditionsPage"),
      (m) => m.EbadgeConditionsPage,
    ),
  },
  {
    path: "events/:eventId/ebadges/:ebadgeId",
    lazy: lazyPage(
      () => import("./EbadgeDesignerPage"),
      (m) => m.EbadgeDesignerPage,
    ),
  },
];
