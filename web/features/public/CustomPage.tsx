import { Anchor, Stack, Text, Title, Typography } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { LoadingLine } from "../../ui/LoadingLine";
import { useLanguageScope } from "../../ui/language-scope";
import { useEventSlug, usePublicBase } from "../../ui/public-layout/public-event.queries";
import { usePageTitle } from "../../ui/usePageTitle";
import { usePublicCustomPage, useSlugInLanguage } from "./custom-page.queries";
import { EventMenu } from "./EventMenu";

/** A custom page of the event (SPEC §3 Page), `/{event}/pages/{slug}`, in the visitor's language, under its menu. */
export function CustomPage() {
  const { t } = useTranslation();
  const slug = useEventSlug();
  const base = usePublicBase();
  const { pageSlug = "" } = useParams();
  const { language } = useLanguageScope();
  const page = usePublicCustomPage(slug, pageSlug, language);
  const translated = useSlugInLanguage(slug, pageSlug, language);
  const missing = page.error instanceof ApiError && page.error.status === 404;
  usePageTitle(page.data?.title ?? (missing ? t("public.customPage.notFoundTitle") : t("app.loading")));

  if (page.isPending) return <LoadingLine />;
  if (missing && translated) return <Navigate replace to={`${base}/pages/${translated}`} />;
  return (
    <Stack gap="lg">
      <EventMenu currentPage={pageSlug} />
      {page.data ? (
        <article aria-labelledby="custom-page-title">
          <Title order={1} size="h2" id="custom-page-title" mb="md" style={{ overflowWrap: "anywhere" }}>
            {page.data.title}
          </Title>
          <Typography style={{ overflowWrap: "anywhere" }}>
            {/* Sanitized by the server on save (custom-pages.sanitize.ts): only the editor's tags and safe links. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the organizer's rich text, cleaned server-side */}
            <div dangerouslySetInnerHTML={{ __html: page.data.body }} />
          </Typography>
        </article>
      ) : (
        <Stack gap="sm">
          <Title order={1} size="h2">
            {missing ? t("public.customPage.notFoundTitle") : t("public.unavailable.errorTitle")}
          </Title>
          <Text c="gray.8">{missing ? t("public.customPage.notFoundText") : t("app.error.generic")}</Text>
          <Anchor component={Link} to={base || "/"}>
            {t("public.customPage.back")}
          </Anchor>
        </Stack>
      )}
    </Stack>
  );
}
