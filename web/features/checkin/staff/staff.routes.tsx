import { Outlet, type RouteObject } from "react-router";
import { type Language, languages } from "../../../../contract/languages";
import { browserLanguage } from "../../../i18n/i18n";
import { LanguageScope } from "../../../ui/language-scope";
import { lazyPage } from "../../../ui/lazy-page";

/**
 * The staff's check-in app, public (a device joins with an access code, not an account): /checkin to join, and
 * /checkin/scan to scan, in the browser's language or the path's (/fr/checkin). "checkin" is a reserved event URL,
 * so no event page is ever hidden behind these.
 */
function staffRoutes(language: Language | undefined): RouteObject {
  const prefix = language ? `/${language}` : "";
  return {
    path: `${prefix}/checkin`,
    element: (
      <LanguageScope language={language ?? browserLanguage()} adminBase={`${prefix}/admin`}>
        <Outlet />
      </LanguageScope>
    ),
    children: [
      {
        index: true,
        lazy: lazyPage(
          () => import("./JoinPage"),
          (m) => m.JoinPage,
        ),
      },
      {
        path: "scan",
        lazy: lazyPage(
          () => import("./ScanPage"),
          (m) => m.ScanPage,
        ),
      },
    ],
  };
}

export const checkinStaffRoutes: RouteObject[] = [...languages.map(staffRoutes), staffRoutes(undefined)];
