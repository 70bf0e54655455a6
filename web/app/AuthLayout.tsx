import { Anchor, Box, Center, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { AlertBanner } from "../ui/alert";
import { LanguageMenu } from "../ui/LanguageMenu";

/** The frame of the sign-in pages: a centered card on a calm background, usable on a phone first. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="space-between" px="md" py="sm">
        <Text fw={800} c="blue.8" size="lg">
          {t("app.productName")}
        </Text>
        <LanguageMenu />
      </Group>
      <Center px="md" pb="xl" pt={{ base: "md", sm: 60 }}>
        <Stack w="100%" maw={460}>
          <Paper component="main" withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
            <AlertBanner />
            <Outlet />
          </Paper>
          <Text size="xs" c="gray.7" ta="center">
            {t("app.footer")}{" "}
            <Anchor href="/api/docs" size="xs" underline="always">
              API
            </Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
