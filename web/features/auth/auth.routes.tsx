import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/**
 * The sign-in pages of SPEC §2, at the same child paths under /admin and /{lang}/admin. The first, the sign-in page,
 * is also /{event}/admin's.
 */
export const authRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import("./SignInPage"),
      (m) => m.SignInPage,
    ),
  },
  {
    path: "forgot-password",
    lazy: lazyPage(
      () => import("./ForgotPasswordPage"),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: "forgot-password-success",
    lazy: lazyPage(
      () => import("./ForgotPasswordSuccessPage"),
      (m) => m.ForgotPasswordSuccessPage,
    ),
  },
  {
    path: "reset-password",
    lazy: lazyPage(
      () => import("./ResetPasswordPage"),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: "reset-password-success",
    lazy: lazyPage(
      () => import("./ResetPasswordSuccessPage"),
      (m) => m.ResetPasswordSuccessPage,
    ),
  },
  {
    path: "register-admin",
    lazy: lazyPage(
      () => import("./RegisterAdminPage"),
      (m) => m.RegisterAdminPage,
    ),
  },
  {
    path: "register-success",
    lazy: lazyPage(
      () => import("./RegisterSuccessPage"),
      (m) => m.RegisterSuccessPage,
    ),
  },
  {
    path: "sending-token",
    lazy: lazyPage(
      () => import("./SendingTokenPage"),
      (m) => m.SendingTokenPage,
    ),
  },
];
