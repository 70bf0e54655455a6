// The types of `virtual:endpoint-routes` (web/api/endpoint-routes.plugin.ts): the route table of every group declared in
// contract/*.endpoints.ts, typed by the declarations themselves. A new endpoints file is added here.
declare module "virtual:endpoint-routes" {
  type Contract = typeof import("../../contract/accounts.endpoints") &
    typeof import("../../contract/audit.endpoints") &
    typeof import("../../contract/auth.endpoints") &
    typeof import("../../contract/auto-mails.endpoints") &
    typeof import("../../contract/campaign-recipients.endpoints") &
    typeof import("../../contract/campaign-statistics.endpoints") &
    typeof import("../../contract/campaign-tracking.endpoints") &
    typeof import("../../contract/campaigns.endpoints") &
    typeof import("../../contract/captcha.endpoints") &
    typeof import("../../contract/checkin-scans.endpoints") &
    typeof import("../../contract/checkin.endpoints") &
    typeof import("../../contract/credits.endpoints") &
    typeof import("../../contract/custom-pages.endpoints") &
    typeof import("../../contract/documents.endpoints") &
    typeof import("../../contract/ebadges.endpoints") &
    typeof import("../../contract/error-mails.endpoints") &
    typeof import("../../contract/events.endpoints") &
    typeof import("../../contract/fonts.endpoints") &
    typeof import("../../contract/forms.endpoints") &
    typeof import("../../contract/guest-duplicates.endpoints") &
    typeof import("../../contract/guest-export.endpoints") &
    typeof import("../../contract/guest-imports.endpoints") &
    typeof import("../../contract/guest-recommendations.endpoints") &
    typeof import("../../contract/guests.endpoints") &
    typeof import("../../contract/images.endpoints") &
    typeof import("../../contract/mail-history.endpoints") &
    typeof import("../../contract/messages.endpoints") &
    typeof import("../../contract/partners.endpoints") &
    typeof import("../../contract/payments.endpoints") &
    typeof import("../../contract/photos.endpoints") &
    typeof import("../../contract/programs.endpoints") &
    typeof import("../../contract/public-forms.endpoints") &
    typeof import("../../contract/public.endpoints") &
    typeof import("../../contract/senders.endpoints") &
    typeof import("../../contract/shared-files.endpoints") &
    typeof import("../../contract/speakers.endpoints") &
    typeof import("../../contract/statistics.endpoints") &
    typeof import("../../contract/ticketing-billing.endpoints") &
    typeof import("../../contract/ticketing-catalogue.endpoints") &
    typeof import("../../contract/ticketing-invoices.endpoints") &
    typeof import("../../contract/ticketing-orders.endpoints") &
    typeof import("../../contract/ticketing-shop.endpoints") &
    typeof import("../../contract/ticketing.endpoints");
  const routes: {
    [Name in keyof Contract as Contract[Name] extends import("../../contract/endpoint").EndpointGroup
      ? Name
      : never]: import("./routes").RouteGroup<Contract[Name] & import("../../contract/endpoint").EndpointGroup>;
  };
  export default routes;
}
