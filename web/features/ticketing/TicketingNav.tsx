import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useAdminPath } from "../../ui/language-scope";

/**
 * The ticketing pages of an event (SPEC §2 Ticketing), under `events/:eventId/ticketing/<page>`: one link each,
 * labelled by `ticketing.nav.<page>`. Every ticketing page shows it under its title.
 */
const ticketingPages = [
  // Catalogue (tickets, categories, coupons, automatic discounts), with orders right after tickets: on sale day
  // organizers live in them.
  "tickets",
  "orders",
  "coupons",
  "discounts",
  // Billing and sales, in the order organizers set them up; the billing page holds the organizer's information too.
  "billing",
  "params",
  "payment-methods",
  "office",
] as const;

export function TicketingNav({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={t("ticketing.nav.label")} gap="xs">
      {ticketingPages.map((page) => {
        const path = adminPath(`/events/${eventId}/ticketing/${page}`);
        const current = pathname === path;
        return (
          <Button
            key={page}
            component={Link}
            to={path}
            size="sm"
            variant={current ? "filled" : "light"}
            aria-current={current ? "page" : undefined}
          >
            {t(`ticketing.nav.${page}`)}
          </Button>
        );
      })}
    </Group>
  );
}
