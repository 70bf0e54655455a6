import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/**
 * An event's check-in for organizers (SPEC §2 "Check-in sessions", "Statistics"), pages of the signed-in back office:
 * the sessions, one session's code and live dashboard, the statistics. The staff app (web/features/checkin/staff) has
 * its own public routes.
 */
export const checkinBackOfficeRoutes: RouteObject[] = [
  {
    path: "events/:eventId/checkin",
    lazy: lazyPage(
      () => import("./CheckinSessionsPage"),
      (m) => m.CheckinSessionsPage,
    ),
  },
  {
    path: "events/:eventId/checkin/statistics",
    lazy: lazyPage(
      () => import("./CheckinStatisticsPage"),
      (m) => m.CheckinStatisticsPage,
    ),
  },
  {
    path: "events/:eventId/checkin/:sessionId",
    lazy: lazyPage(
      () => import("./CheckinSessionPage"),
      (m) => m.CheckinSessionPage,
    ),
  },
];
