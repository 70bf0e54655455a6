import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAdminPath } from "./language-scope";
import { usePageTitle } from "./usePageTitle";

export function NotFoundPage() {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  usePageTitle(t("app.notFound.title"));
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" maw={480} ta="center">
        <Text fz={64} fw={800} c="blue.7" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {t("app.notFound.title")}
        </Title>
        <Text c="dimmed">{t("app.notFound.text")}</Text>
        <Button component={Link} to={adminPath()}>
          {t("app.notFound.back")}
        </Button>
      </Stack>
    </Center>
  );
}
