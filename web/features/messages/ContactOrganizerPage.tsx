import { Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { usePageTitle } from "../../ui/usePageTitle";
import { ContactOrganizerForm } from "./ContactOrganizerForm";

/** `/{lang}/{event}/contact`: a visitor writes to the organizer of the event named by the `event` route parameter. */
export function ContactOrganizerPage() {
  const { t } = useTranslation();
  const { event = "" } = useParams();
  usePageTitle(t("messages.contact.title"));
  return (
    <Stack gap="md" maw={640} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1}>{t("messages.contact.title")}</Title>
        <Text c="gray.7">{t("messages.contact.intro")}</Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <ContactOrganizerForm slug={event} />
      </Paper>
    </Stack>
  );
}
