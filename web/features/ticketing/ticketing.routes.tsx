import type { RouteObject } from "react-router";
import { lazyPage } from "../../ui/lazy-page";

/** The ticketing pages of the signed-in back office, below /admin and /{lang}/admin (web/app/router.tsx). */
export const ticketingBackOfficeRoutes: RouteObject[] = [
  {
    path: "events/:eventId/ticketing/tickets",
    lazy: lazyPage(
      () => import("./catalogue/TicketsPage"),
      (m) => m.TicketsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/orders",
    lazy: lazyPage(
      () => import("./orders/OrdersPage"),
      (m) => m.OrdersPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/orders/:orderId",
    lazy: lazyPage(
      () => import("./orders/OrderDetailPage"),
      (m) => m.OrderDetailPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/coupons",
    lazy: lazyPage(
      () => import("./catalogue/CouponsPage"),
      (m) => m.CouponsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/discounts",
    lazy: lazyPage(
      () => import("./catalogue/DiscountsPage"),
      (m) => m.DiscountsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/billing",
    lazy: lazyPage(
      () => import("./billing/BillingInfoPage"),
      (m) => m.BillingInfoPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/params",
    lazy: lazyPage(
      () => import("./billing/TicketingParamsPage"),
      (m) => m.TicketingParamsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/payment-methods",
    lazy: lazyPage(
      () => import("./billing/PaymentMethodsPage"),
      (m) => m.PaymentMethodsPage,
    ),
  },
  {
    path: "events/:eventId/ticketing/office",
    lazy: lazyPage(
      () => import("./billing/TicketOfficePage"),
      (m) => m.TicketOfficePage,
    ),
  },
];

/** The ticket shop of an event's public side, below /{lang}/{event} and /{event} (web/app/router.tsx). */
export const ticketingPublicRoutes: RouteObject[] = [
  {
    path: "shop",
    lazy: lazyPage(
      () => import("./shop/ShopPage"),
      (m) => m.ShopPage,
    ),
  },
];
