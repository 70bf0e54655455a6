import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/**
 * An event's email campaigns (SPEC §2 "Email campaigns"), pages of the signed-in back office below /admin and
 * /{lang}/admin (web/app/router.tsx): the list, the choice of a type, and one campaign's editor. The recipients,
 * summary and statistics steps add their pages here.
 */
export const campaignsBackOfficeRoutes: RouteObject[] = [
  {
    path: "events/:eventId/campaigns",
    lazy: lazyPage(
      () => import("./CampaignListPage"),
      (m) => m.CampaignListPage,
    ),
  },
  {
    path: "events/:eventId/campaigns/new",
    lazy: lazyPage(
      () => import("./NewCampaignPage"),
      (m) => m.NewCampaignPage,
    ),
  },
  {
    path: "events/:eventId/automails",
    lazy: lazyPage(
      () => import("./AutoMailsPage"),
      (m) => m.AutoMailsPage,
    ),
  },
  {
    path: "events/:eventId/campaigns/:campaignId",
    lazy: lazyPage(
      () => import("./CampaignEditorPage"),
      (m) => m.CampaignEditorPage,
    ),
  },
  {
    path: "events/:eventId/campaigns/:campaignId/recipients",
    lazy: lazyPage(
      () => import("./CampaignRecipientsPage"),
      (m) => m.CampaignRecipientsPage,
    ),
  },
  {
    path: "events/:eventId/campaigns/:campaignId/summary",
    lazy: lazyPage(
      () => import("./CampaignSummaryPage"),
      (m) => m.CampaignSummaryPage,
    ),
  },
  {
    path: "events/:eventId/campaigns/:campaignId/statistics",
    lazy: lazyPage(
      () => import("./CampaignStatisticsPage"),
      (m) => m.CampaignStatisticsPage,
    ),
  },
];
