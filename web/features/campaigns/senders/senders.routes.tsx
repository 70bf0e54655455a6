import type { RouteObject } from "react-router";
import { lazyPage } from "../../../ui/lazy-page";

/** The account's senders and rejected addresses, and its mail history, under /admin/account. */
export const sendersBackOfficeRoutes: RouteObject[] = [
  {
    path: "account/senders",
    lazy: lazyPage(
      () => import("./SendersPage"),
      (m) => m.SendersPage,
    ),
  },
  {
    path: "account/mails",
    lazy: lazyPage(
      () => import("./MailHistoryPage"),
      (m) => m.MailHistoryPage,
    ),
  },
];

/** The page a sender's verification link opens, in the sign-in frame (no session needed). */
export const sendersAuthRoutes: RouteObject[] = [
  {
    path: "verify-sender",
    lazy: lazyPage(
      () => import("./VerifySenderPage"),
      (m) => m.VerifySenderPage,
    ),
  },
];
