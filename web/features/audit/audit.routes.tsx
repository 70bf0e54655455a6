import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/**
 * The audit log and an event's history (the log narrowed to the event), pages of the signed-in back office, below
 * /admin and /{lang}/admin (web/app/router.tsx).
 */
export const auditBackOfficeRoutes: RouteObject[] = [
  {
    path: "account/audit",
    lazy: lazyPage(
      () => import("./AuditLogPage"),
      (m) => m.AuditLogPage,
    ),
  },
  {
    path: "events/:eventId/history",
    lazy: lazyPage(
      () => import("./EventHistoryPage"),
      (m) => m.EventHistoryPage,
    ),
  },
];
