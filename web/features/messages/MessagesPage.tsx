import { Anchor, Badge, Group, Select, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Message } from "../../../contract/messages";
import { useAdminContext } from "../../ui/admin-context";
import { eventLoadFailure } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { PagedListStates, SearchField, usePagedSearch } from "../../ui/paged-list";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { useUnreadCount } from "../events/inbox.queries";
import { MessageModal } from "./MessageModal";
import { formatReceived } from "./message-format";
import { messagesPageSize, useMarkRead, useMessages } from "./messages.queries";

const readFilters = ["all", "unread", "read"] as const;
type ReadFilter = (typeof readFilters)[number];

/** The organizer's inbox of one event: what visitors wrote through the public contact form. */
export function MessagesPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const event = useEvent(eventId);
  usePageTitle(event.data ? t("messages.pageTitle", { name: event.data.name }) : t("messages.title"));
  const paged = usePagedSearch(messagesPageSize);
  const [filter, setFilter] = useState<ReadFilter>("all");
  const [opened, setOpened] = useState<Message | null>(null);
  const list = useMessages(eventId, {
    query: paged.query || undefined,
    unread: filter === "all" ? undefined : filter === "unread" ? "true" : "false",
    ...paged.window,
  });
  const unread = useUnreadCount(eventId);
  const markRead = useMarkRead(eventId);

  const failure = eventLoadFailure(event);
  if (failure) return failure;
  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];
  // The row as last fetched (read state), or as opened when a filter has since taken it off the page.
  const shown = opened && (items.find((message) => message.id === opened.id) ?? opened);
  const unreadCount = unread.data?.count ?? 0;
  // Opening a message reads it; a Reader only looks, leaving it unread for those who answer.
  const open = (message: Message) => {
    setOpened(message);
    if (message.readAt === null && can("events.update")) markRead.mutate({ id: message.id, read: true });
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={adminPath(`/events/${eventId}`)} size="sm" c="blue.8">
        ← {event.data?.name ?? t("messages.backToEvent")}
      </Anchor>
      <Stack gap={0}>
        <Group gap="sm" align="center">
          <Title order={1}>{t("messages.title")}</Title>
          {unreadCount > 0 && (
            <Badge size="lg" color="blue.8">
              {t("messages.unreadCount", { count: unreadCount })}
            </Badge>
          )}
        </Group>
        {event.data && <Text c="gray.7">{event.data.name}</Text>}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={720}>
        <SearchField field={paged.field} placeholder={t("messages.searchPlaceholder")} />
        <Select
          label={t("messages.filter.label")}
          data={readFilters.map((value) => ({ value, label: t(`messages.filter.${value}`) }))}
          value={filter}
          allowDeselect={false}
          onChange={(value) => {
            setFilter((value as ReadFilter | null) ?? "all");
            paged.toFirstPage();
          }}
        />
      </SimpleGrid>
      <PagedListStates
        query={list}
        emptyText={t(paged.query || filter !== "all" ? "messages.noMatch" : "messages.empty")}
        totalText={t("messages.total", { count: total })}
        paginationLabel={t("messages.pagination")}
        {...paged.pageLinks(total)}
      >
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("messages.columns.from")}</Table.Th>
                <Table.Th scope="col">{t("messages.columns.subject")}</Table.Th>
                <Table.Th scope="col">{t("messages.columns.received")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((message) => {
                const isUnread = message.readAt === null;
                return (
                  <Table.Tr key={message.id} fw={isUnread ? 700 : undefined}>
                    <Table.Td>
                      <UnstyledButton
                        onClick={() => open(message)}
                        fw="inherit"
                        c="blue.8"
                        td="underline"
                        aria-label={t(isUnread ? "messages.openUnread" : "messages.open", { name: message.name })}
                      >
                        {message.name}
                      </UnstyledButton>
                      <Text size="sm" c="gray.7" fw="inherit">
                        {message.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fw="inherit" lineClamp={1}>
                        {message.subject ?? t("messages.noSubject")}
                      </Text>
                      <Text size="sm" c="gray.7" lineClamp={1} fw={400}>
                        {message.body}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fw="inherit" size="sm" style={{ whiteSpace: "nowrap" }}>
                        {formatReceived(message.createdAt, i18n.language)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedListStates>
      <MessageModal eventId={eventId} message={shown} onClose={() => setOpened(null)} />
    </Stack>
  );
}
