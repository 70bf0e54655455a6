import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Navigate, Outlet, useLocation, useOutletContext, useParams } from "react-router";
import type { Language } from "../../../contract/common";
import type { PublicEvent } from "../../../contract/public";
import { ApiError } from "../../api/client";
import { AlertBanner } from "../alert";
import { LanguageMenu } from "../LanguageMenu";
import { LoadingLine } from "../LoadingLine";
import { useLanguageScope } from "../language-scope";
import { BrandedTitle, usePageTitle } from "../usePageTitle";
import { useEventSlug, usePublicBase, usePublicEvent } from "./public-event.queries";

/** The public event of the page, loaded once by the layout for every page under it. */
export const usePublicEventContext = () => useOutletContext<PublicEvent>();

/**
 * The frame of an event's public pages, phone first: the event's name, its languages, the pages, and a footer naming
 * the platform unless the event is white-labelled. An event without its multilang module speaks only its preferred
 * language: a page asked in another moves to it, so a shared link in another language still opens.
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const slug = useEventSlug();
  const { language } = useLanguageScope();
  const base = usePublicBase();
  const event = usePublicEvent(slug, language);
  const pathFor = useLanguagePath();

  if (event.isPending) return <LoadingLine />;
  if (event.isError)
    return <EventUnavailable notFound={event.error instanceof ApiError && event.error.status === 404} />;
  const { multilang, preferredLanguage } = event.data;
  if (!multilang && language !== preferredLanguage) return <Navigate replace to={pathFor(preferredLanguage)} />;
  return (
    <BrandedTitle value={!event.data.whiteLabel}>
      <Box mih="100vh" bg="gray.0" style={{ display: "flex", flexDirection: "column" }}>
        <Box component="header" bg="white" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
          <Container size="sm" px="md" py="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Anchor component={Link} to={base || "/"} fw={700} c="blue.8" underline="never" lineClamp={1}>
                {event.data.name}
              </Anchor>
              {multilang && <EventLanguageMenu languages={event.data.languages} />}
            </Group>
          </Container>
        </Box>
        <Container component="main" size="sm" px="md" py="lg" w="100%" style={{ flex: 1 }}>
          <AlertBanner />
          <Outlet context={event.data} />
        </Container>
        {!event.data.whiteLabel && (
          <Box component="footer" py="md">
            <Text size="xs" c="gray.7" ta="center">
              {t("public.layout.poweredBy", { product: t("app.productName") })}
            </Text>
          </Box>
        )}
      </Box>
    </BrandedTitle>
  );
}

/** The current page and its query in another language. */
function useLanguagePath() {
  const location = useLocation();
  const base = usePublicBase();
  const { event } = useParams();
  // `/de/gala/member`, `/gala/member` and, on the event's own domain (no event in the path), `/member` keep `/member`.
  const page = location.pathname.slice(base.length).replace(/\/$/, "");
  const eventPath = event === undefined ? "" : `/${event}`;
  return (language: Language) => `/${language}${eventPath}${page}${location.search}`;
}

/** The event's languages (and the page's own, when the event does not offer it), keeping the page and its query. */
function EventLanguageMenu({ languages }: { languages: Language[] }) {
  const { language } = useLanguageScope();
  const pathFor = useLanguagePath();
  const offered = languages.includes(language) ? languages : [language, ...languages];
  if (offered.length < 2) return null;
  return <LanguageMenu languages={offered} pathFor={pathFor} />;
}

function EventUnavailable({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation();
  const title = notFound ? t("public.unavailable.notFoundTitle") : t("public.unavailable.errorTitle");
  usePageTitle(title);
  return (
    <Container size="sm" px="md" py="xl">
      <Stack align="center" ta="center" mt="xl">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="gray.8">{notFound ? t("public.unavailable.notFoundText") : t("app.error.generic")}</Text>
        {!notFound && <Button onClick={() => window.location.reload()}>{t("app.error.refresh")}</Button>}
      </Stack>
    </Container>
  );
}
