import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/** An event's statistics (issue 21), a page of the signed-in back office below /admin and /{lang}/admin. */
export const statisticsBackOfficeRoutes: RouteObject[] = [
  {
    path: "events/:eventId/statistics",
    lazy: lazyPage(
      () => import("./EventStatisticsPage"),
      (m) => m.EventStatisticsPage,
    ),
  },
];
