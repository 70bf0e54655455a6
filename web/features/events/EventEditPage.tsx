import { Alert, Anchor, Box, Button, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import type { Event } from "../../../contract/events";
import { useAdminContext } from "../../ui/admin-context";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { EventActionsMenu } from "./EventActionsMenu";
import { EventDatesProvider } from "./EventDatesProvider";
import { EventDatesTab } from "./EventDatesTab";
import { EventDescriptionTab } from "./EventDescriptionTab";
import { EventImagesTab } from "./EventImagesTab";
import { EventInfoTab } from "./EventInfoTab";
import { EventParamsTab } from "./EventParamsTab";
import { publicPrefix } from "./EventSlugInput";
import { EventStatusBadge } from "./EventStatusBadge";
import { useToggleArchived } from "./event-archive";
import { formatEventDates } from "./event-dates";
import { useEvent } from "./events.queries";
import { MessagesButton } from "./MessagesButton";

export function EventEditPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const query = useEvent(eventId);
  usePageTitle(query.data?.name ?? t("events.edit.title"));
  const page = eventPageQueries(query);
  if (!page.answers) return page.placeholder;
  const [event] = page.answers;
  return (
    <EventDatesProvider>
      {/* Keyed by event so that moving to a copy starts its forms afresh. */}
      <EventEditor key={event.id} event={event} />
    </EventDatesProvider>
  );
}

function EventEditor({ event }: { event: Event }) {
  const { t, i18n } = useTranslation();
  const { can } = useAdminContext();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const readOnly = event.archived || !can("events.update");
  const tab = { event, readOnly };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={adminPath("/events")} size="sm" c="blue.8">
        ← {t("events.backToList")}
      </Anchor>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" align="center">
            <Title order={1} style={{ overflowWrap: "anywhere" }}>
              {event.name}
            </Title>
            <EventStatusBadge event={event} />
          </Group>
          <Box style={{ flexShrink: 0 }}>
            <EventActionsMenu event={event} withEdit={false} onDeleted={() => navigate(adminPath("/events"))} />
          </Box>
        </Group>
        <Text>{formatEventDates(event, i18n.language)}</Text>
        <Text size="sm">
          {t("events.edit.url")}{" "}
          <Text span fw={600} style={{ wordBreak: "break-all" }}>
            {publicPrefix()}
            {event.slug}
          </Text>
        </Text>
        <Text size="sm" c="gray.7">
          {t("events.edit.urlNote")}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={adminPath(`/events/${event.id}/access`)} variant="light" size="sm">
            {t("events.actions.access")}
          </Button>
          <Button component={Link} to={adminPath(`/events/${event.id}/guests`)} variant="light" size="sm">
            {t("guests.list.title")}
          </Button>
          <Button component={Link} to={adminPath(`/events/${event.id}/forms`)} variant="light" size="sm">
            {t("forms.list.title")}
          </Button>
          <Button component={Link} to={adminPath(`/events/${event.id}/custom-fields`)} variant="light" size="sm">
            {t("guests.customFields.title")}
          </Button>
          <Button component={Link} to={adminPath(`/events/${event.id}/ticketing/tickets`)} variant="light" size="sm">
            {t("ticketing.nav.ticketing")}
          </Button>
          <Button component={Link} to={adminPath(`/events/${event.id}/campaigns`)} variant="light" size="sm">
            {t("campaigns.title")}
          </Button>
          <Button component={Link} to={adminPath(`/events/${event.id}/automails`)} variant="light" size="sm">
            {t("automails.navButton")}
          </Button>
          <Button component={Link} to={adminPath(`/events/${event.id}/checkin`)} variant="light" size="sm">
            {t("checkin.sessions.title")}
          </Button>
          {event.modules.ebadge && (
            <Button component={Link} to={adminPath(`/events/${event.id}/ebadges`)} variant="light" size="sm">
              {t("ebadges.nav")}
            </Button>
          )}
          <Button component={Link} to={adminPath(`/events/${event.id}/content`)} variant="light" size="sm">
            {t("content.nav")}
          </Button>
          <Button component={Link} to={adminPath(`/events/${event.id}/shared-files`)} variant="light" size="sm">
            {t("sharedFiles.nav")}
          </Button>
          <MessagesButton eventId={event.id} />
          <Button component={Link} to={adminPath(`/events/${event.id}/statistics`)} variant="light" size="sm">
            {t("statistics.nav")}
          </Button>
          {can("audit.read") && (
            <Button component={Link} to={adminPath(`/events/${event.id}/history`)} variant="light" size="sm">
              {t("audit.event.nav")}
            </Button>
          )}
        </Group>
      </Stack>
      {event.archived ? (
        <ArchivedBanner event={event} />
      ) : (
        readOnly && (
          <Alert color="blue" variant="light">
            {t("events.edit.readOnly")}
          </Alert>
        )
      )}
      <Tabs defaultValue="info" keepMounted>
        <Tabs.List>
          <Tabs.Tab value="info">{t("events.edit.tabs.info")}</Tabs.Tab>
          <Tabs.Tab value="dates">{t("events.edit.tabs.dates")}</Tabs.Tab>
          <Tabs.Tab value="params">{t("events.edit.tabs.params")}</Tabs.Tab>
          <Tabs.Tab value="description">{t("events.edit.tabs.description")}</Tabs.Tab>
          <Tabs.Tab value="images">{t("events.edit.tabs.images")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          <EventInfoTab {...tab} />
        </Tabs.Panel>
        <Tabs.Panel value="dates">
          <EventDatesTab {...tab} />
        </Tabs.Panel>
        <Tabs.Panel value="params">
          <EventParamsTab {...tab} />
        </Tabs.Panel>
        <Tabs.Panel value="description">
          <EventDescriptionTab {...tab} />
        </Tabs.Panel>
        <Tabs.Panel value="images">
          <EventImagesTab {...tab} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ArchivedBanner({ event }: { event: Event }) {
  const { t } = useTranslation();
  const { can } = useAdminContext();
  const archive = useToggleArchived();
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t("events.edit.archivedTitle")}
      styles={{ title: { color: "var(--mantine-color-dark-8)" } }}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t("events.edit.archivedText")}</Text>
        {can("events.archive") && (
          <Button size="sm" variant="default" onClick={() => archive.toggle(event)} loading={archive.pending}>
            {t("events.actions.unarchive")}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
