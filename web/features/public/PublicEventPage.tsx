import { Anchor, Button, Card, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { PublicEvent } from "../../../contract/public";
import { useLanguageScope } from "../../ui/language-scope";
import { usePublicEventContext } from "../../ui/public-layout/PublicLayout";
import { useEventSlug, useInvitation, usePublicBase } from "../../ui/public-layout/public-event.queries";
import { usePageTitle } from "../../ui/usePageTitle";
import { useTicketOffice } from "../ticketing/shop/shop.queries";
import { AccountFonts } from "./AccountFonts";
import { EventContent } from "./content/EventContent";
import { EventCover } from "./EventCover";
import { EventMenu } from "./EventMenu";
import { EventShareActions } from "./EventShareActions";
import { formatEventDates, mapUrl } from "./event-format";

const socialNames: Record<string, string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  instagram: "Instagram",
};

/** SPEC §2 "Public event page": what the event is, when and where, and the way to register. */
export function PublicEventPage() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const event = usePublicEventContext();
  const base = usePublicBase();
  const { invitation } = useInvitation(useEventSlug());
  usePageTitle(event.name);

  return (
    <AccountFonts fonts={event.fonts}>
      <Stack gap="lg">
        <EventMenu />
        <EventCover event={event} />
        <Stack gap="xs">
          <Title order={1} size="h2">
            {event.name}
          </Title>
          <Text fw={600} c="gray.8">
            {formatEventDates(event, language)}
          </Text>
          {invitation?.firstName && (
            <Text size="lg">{t("public.event.greeting", { firstName: invitation.firstName })}</Text>
          )}
        </Stack>

        {/* The actions first, each as wide as the others, large enough for a thumb. */}
        <Stack gap="sm">
          <BuyTicketsButton base={base} />
          <RegisterButton event={event} base={base} />
          <EventShareActions event={event} base={base} />
        </Stack>
        <Venue event={event} />

        {event.description && (
          <section aria-labelledby="event-about">
            <Title order={2} size="h4" id="event-about" mb="xs">
              {t("public.event.about")}
            </Title>
            {/* Organizers write plain text: shown as text, line breaks kept, never parsed as HTML. */}
            <Text style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{event.description}</Text>
          </section>
        )}

        <EventContent />
        <EventPages event={event} base={base} />
        <SocialLinks urls={event.socialUrls} />
      </Stack>
    </AccountFonts>
  );
}

/** Shown only while the ticket office is open: the shop would have nothing to sell otherwise. */
function BuyTicketsButton({ base }: { base: string }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const office = useTicketOffice(useEventSlug(), language);
  if (office.data?.state !== "open") return null;
  return (
    <Button component={Link} to={`${base}/shop`} size="lg" fullWidth>
      {t("ticketing.shop.buyTickets")}
    </Button>
  );
}

function RegisterButton({ event, base }: { event: PublicEvent; base: string }) {
  const { t } = useTranslation();
  // A personal registration link's invitation goes on to the form, which it pre-fills.
  const invitation = new URLSearchParams(useLocation().search).get("invitation");
  if (event.modules.registration) {
    const search = invitation ? `?${new URLSearchParams({ invitation })}` : "";
    return (
      <Button component={Link} to={`${base}/register${search}`} size="lg" fullWidth>
        {t("public.event.register")}
      </Button>
    );
  }
  return (
    <Stack gap={4}>
      <Button size="lg" fullWidth disabled aria-describedby="registration-closed">
        {t("public.event.register")}
      </Button>
      <Text id="registration-closed" size="sm" c="gray.7" ta="center">
        {t("public.event.registrationClosed")}
      </Text>
    </Stack>
  );
}

function Venue({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const map = mapUrl(event);
  const lines = [event.venueName, event.address, event.country].filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="event-venue">
      <Title order={2} size="h4" id="event-venue" mb="xs">
        {t("public.event.venue")}
      </Title>
      {lines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {map && (
        <Anchor href={map} target="_blank" rel="noopener noreferrer" mt="xs" display="inline-block">
          {t("public.event.map")}
        </Anchor>
      )}
    </Card>
  );
}

/** Links to the event's other public pages, only those the event has. */
function EventPages({ event, base }: { event: PublicEvent; base: string }) {
  const { t } = useTranslation();
  const { modules } = event;
  const pages = [
    modules.memberArea && { to: `${base}/member`, label: t("public.event.memberArea") },
    modules.attendees && { to: `${base}/attendees`, label: t("public.event.attendees") },
    modules.survey && { to: `${base}/survey`, label: t("public.event.survey") },
    modules.contact && { to: `${base}/contact`, label: t("public.event.contact") },
  ].filter((page): page is { to: string; label: string } => Boolean(page));
  if (pages.length === 0) return null;
  return (
    <nav aria-label={t("public.event.pages")}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {pages.map((page) => (
          <Button key={page.to} component={Link} to={page.to} variant="light" fullWidth>
            {page.label}
          </Button>
        ))}
      </SimpleGrid>
    </nav>
  );
}

function SocialLinks({ urls }: { urls: Record<string, string> }) {
  const { t } = useTranslation();
  const links = Object.entries(urls).filter(([network, url]) => socialNames[network] && url);
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="event-social">
      <Title order={2} size="h4" id="event-social" mb="xs">
        {t("public.event.social")}
      </Title>
      <List listStyleType="none" spacing={4}>
        {links.map(([network, url]) => (
          <List.Item key={network}>
            <Anchor href={url} target="_blank" rel="noopener noreferrer">
              {socialNames[network]}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </section>
  );
}
