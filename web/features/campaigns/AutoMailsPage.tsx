import { Code, List, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { autoMailMergeTags } from "../../../contract/auto-mails";
import { type Language, languages } from "../../../contract/common";
import { useAdminContext } from "../../ui/admin-context";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { AutoMailCard } from "./AutoMailCard";
import { useAutoMails } from "./automails.queries";

/**
 * SPEC §2 "auto-mail settings" of an event: the confirmation after a registration, the reminder before the event and
 * the thank-you after it, each switched on or off and written per language of the event.
 */
export function AutoMailsPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const event = useEvent(eventId);
  const automails = useAutoMails(eventId);
  usePageTitle(event.data ? t("automails.pageTitle", { name: event.data.name }) : t("automails.title"));
  const { answers, placeholder } = eventPageQueries(event, automails);

  const eventLanguages = answers?.[0].languages.filter((code): code is Language => languages.includes(code)) ?? [];
  const tabs = eventLanguages.length > 0 ? eventLanguages : [...languages];
  const canEdit = can("events.update") && !answers?.[0].archived;
  return (
    <Stack gap="lg">
      <EventPageHeader
        back={adminPath(`/events/${eventId}`)}
        backLabel={event.data?.name ?? t("automails.backToEvent")}
        title={t("automails.title")}
        eventName={event.data?.name}
      />
      <Text maw={720}>{t("automails.intro")}</Text>
      <Stack gap={4} component="section" aria-labelledby="automails-tags">
        <Title order={2} size="h4" id="automails-tags">
          {t("automails.tags.title")}
        </Title>
        <List size="sm" spacing={2}>
          {autoMailMergeTags.map((tag) => (
            <List.Item key={tag}>
              <Code>{`{{${tag}}}`}</Code> {t(`automails.tags.${tag}`)}
            </List.Item>
          ))}
        </List>
      </Stack>
      {placeholder ??
        answers[1].items.map((mail) => (
          <AutoMailCard
            key={`${mail.kind} ${mail.updatedAt ?? ""}`}
            eventId={eventId}
            mail={mail}
            languages={tabs}
            canEdit={canEdit}
          />
        ))}
    </Stack>
  );
}
