import { Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useEventSlug } from "../../ui/public-layout/public-event.queries";
import { usePageTitle } from "../../ui/usePageTitle";
import { ContactOrganizerForm } from "./ContactOrganizerForm";

/** `/{lang}/{event}/contact`: a visitor writes to the organizer of the event of the page. */
export function ContactOrganizerPage() {
  const { t } = useTranslation();
  const slug = useEventSlug();
  usePageTitle(t("messages.contact.title"));
  return (
    <Stack gap="md" maw={640} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1}>{t("messages.contact.title")}</Title>
        <Text c="gray.7">{t("messages.contact.intro")}</Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <ContactOrganizerForm slug={slug} />
      </Paper>
    </Stack>
  );
}
