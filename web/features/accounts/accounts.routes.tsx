import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/** The account's pages of the signed-in back office, below /admin and /{lang}/admin (web/app/router.tsx). */
export const accountsBackOfficeRoutes: RouteObject[] = [
  {
    path: "account",
    lazy: lazyPage(
      () => import("./AccountParamsPage"),
      (m) => m.AccountParamsPage,
    ),
  },
  {
    path: "account/settings",
    lazy: lazyPage(
      () => import("./AccountSettingsPage"),
      (m) => m.AccountSettingsPage,
    ),
  },
  {
    path: "account/organizers",
    lazy: lazyPage(
      () => import("./OrganizersPage"),
      (m) => m.OrganizersPage,
    ),
  },
  {
    path: "account/teams",
    lazy: lazyPage(
      () => import("./TeamsPage"),
      (m) => m.TeamsPage,
    ),
  },
  {
    path: "account/api-keys",
    lazy: lazyPage(
      () => import("./ApiKeysPage"),
      (m) => m.ApiKeysPage,
    ),
  },
  {
    path: "account/credits",
    lazy: lazyPage(
      () => import("./CreditsPage"),
      (m) => m.CreditsPage,
    ),
  },
  {
    path: "account/fonts",
    lazy: lazyPage(
      () => import("./FontsPage"),
      (m) => m.FontsPage,
    ),
  },
  {
    path: "platform",
    lazy: lazyPage(
      () => import("./PlatformPage"),
      (m) => m.PlatformPage,
    ),
  },
];
