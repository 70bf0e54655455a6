import { Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { CheckinSession } from "../../../contract/checkin";
import { useAdminContext } from "../../ui/admin-context";
import { useCustomFields } from "../../ui/custom-fields.queries";
import { DeleteButton } from "../../ui/DeleteButton";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { useCategories, useTickets } from "../ticketing/catalogue/catalogue.queries";
import { useCheckinSessions, useDeleteSession } from "./checkin.queries";
import { CheckinModeBadge, formatMoment } from "./checkin-format";
import { SessionFormModal } from "./SessionFormModal";

/** SPEC §2 check-in sessions of an event: each door with its mode, counts and last connection; create, edit, delete. */
export function CheckinSessionsPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const event = useEvent(eventId);
  usePageTitle(event.data ? t("checkin.sessions.pageTitle", { name: event.data.name }) : t("checkin.sessions.title"));
  const page = eventPageQueries(
    event,
    useCheckinSessions(eventId),
    useTickets(eventId),
    useCategories(eventId),
    useCustomFields(eventId),
  );
  const remove = useDeleteSession(eventId);
  // undefined: no form open; null: a new session.
  const [editing, setEditing] = useState<CheckinSession | null | undefined>(undefined);
  if (!page.answers) return page.placeholder;
  const [eventData, sessions, tickets, categories, customFields] = page.answers;
  const editable = can("events.update") && !eventData.archived;

  return (
    <Stack gap="lg">
      <EventPageHeader
        back={adminPath(`/events/${eventId}`)}
        backLabel={eventData.name}
        title={t("checkin.sessions.title")}
        eventName={eventData.name}
        actions={
          <>
            <Button component={Link} to={adminPath(`/events/${eventId}/checkin/statistics`)} variant="default">
              {t("checkin.statistics.title")}
            </Button>
            {editable && <Button onClick={() => setEditing(null)}>{t("checkin.sessions.new")}</Button>}
          </>
        }
      />
      {sessions.items.length === 0 ? (
        <Text c="gray.7">{t("checkin.sessions.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("checkin.sessions.name")}</Table.Th>
                <Table.Th scope="col">{t("checkin.form.mode")}</Table.Th>
                <Table.Th scope="col">{t("checkin.sessions.checkedIn")}</Table.Th>
                <Table.Th scope="col">{t("checkin.sessions.lastConnection")}</Table.Th>
                {editable && <Table.Th scope="col">{t("common.actions")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.items.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    <Anchor component={Link} to={adminPath(`/events/${eventId}/checkin/${session.id}`)} c="blue.8">
                      {session.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <CheckinModeBadge mode={session.mode} />
                  </Table.Td>
                  <Table.Td>
                    {t("checkin.sessions.counts", { checkedIn: session.checkedIn, expected: session.expected })}
                    {session.flagged > 0 && (
                      <Badge ml="xs" color="orange" variant="light">
                        {t("checkin.sessions.flagged", { count: session.flagged })}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {formatMoment(session.lastConnectionAt, i18n.language) ?? t("checkin.sessions.never")}
                  </Table.Td>
                  {editable && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button variant="default" size="compact-sm" onClick={() => setEditing(session)}>
                          {t("common.edit")}
                        </Button>
                        <DeleteButton
                          size="compact-sm"
                          label={t("checkin.sessions.deleteNamed", { name: session.name })}
                          question={t("checkin.sessions.confirmDelete", { name: session.name })}
                          onDelete={() => remove.mutateAsync(session.id)}
                        />
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== undefined && (
        <SessionFormModal
          eventId={eventId}
          session={editing}
          tickets={tickets.items}
          categories={categories.items}
          customFields={customFields}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}
