import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/** The audit log, a page of the signed-in back office, below /admin and /{lang}/admin (web/app/router.tsx). */
export const auditBackOfficeRoutes: RouteObject[] = [
  {
    path: "account/audit",
    lazy: lazyPage(
      () => import("./AuditLogPage"),
      (m) => m.AuditLogPage,
    ),
  },
];
