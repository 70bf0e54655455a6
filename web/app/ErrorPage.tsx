import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { ChunkLoadError } from "../ui/lazy-page";
import { usePageTitle } from "../ui/usePageTitle";
import { reportError } from "./error-reporting";

/** The generic error page (SPEC §8): one sentence, one button that reloads the page. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunkFailed = error instanceof ChunkLoadError;
  const message = chunkFailed ? t("app.error.chunk") : t("app.error.generic");
  usePageTitle(t("app.error.title"));
  useEffect(() => {
    if (!chunkFailed) reportError(error);
  }, [error, chunkFailed]);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={480} ta="center">
        <Title order={1} size="h2">
          {t("app.error.title")}
        </Title>
        <Text>{message}</Text>
        <Button onClick={() => window.location.reload()}>{t("app.error.refresh")}</Button>
      </Stack>
    </Center>
  );
}
