import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type EventFilter, type EventSort, eventSorts } from "../../../contract/event-list";
import type { EventSummary } from "../../../contract/events";
import { useAdminContext } from "../../ui/admin-context";
import { LoadingLine } from "../../ui/LoadingLine";
import { useAdminPath } from "../../ui/language-scope";
import { PageLinks } from "../../ui/PageLinks";
import { usePageTitle } from "../../ui/usePageTitle";
import { EventActionsMenu } from "./EventActionsMenu";
import { EventStatusBadge } from "./EventStatusBadge";
import { formatEventDates } from "./event-dates";
import { eventsPageSize, useEventListParams } from "./event-list-params";
import { useEventList } from "./events.queries";

export function EventsListPage() {
  const { t } = useTranslation();
  const { can } = useAdminContext();
  const adminPath = useAdminPath();
  usePageTitle(t("events.list.title"));
  const [params, update] = useEventListParams();
  const list = useEventList({
    filter: params.filter,
    sort: params.sort,
    query: params.query || undefined,
    limit: eventsPageSize,
    offset: (params.page - 1) * eventsPageSize,
  });
  const pages = Math.ceil((list.data?.total ?? 0) / eventsPageSize);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>{t("events.list.title")}</Title>
        {can("events.create") && (
          <Button component={Link} to={adminPath("/events/new")}>
            {t("events.list.create")}
          </Button>
        )}
      </Group>
      <EventListControls />
      {list.isFetching && <LoadingLine />}
      {list.isPending ? null : list.isError ? (
        <Alert color="red" role="alert" variant="light">
          {list.error.message}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <EmptyEvents
          filtered={params.filter !== "all" || params.query !== ""}
          onReset={() => update({ filter: "all", query: "" })}
        />
      ) : (
        <>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("events.list.title")}>
            {list.data.items.map((event) => (
              <EventListItem key={event.id} event={event} />
            ))}
          </Stack>
          <PageLinks
            label={t("events.list.pagination")}
            pages={pages}
            page={params.page}
            onChange={(page) => update({ page })}
            pageLabel={(page) => t("events.list.page", { page })}
          />
        </>
      )}
    </Stack>
  );
}

/** Filter, sort and search, all kept in the address. */
function EventListControls() {
  const { t } = useTranslation();
  const { can } = useAdminContext();
  const [params, update] = useEventListParams();
  const [query, setQuery] = useState(params.query);
  // The address may change under the input (back button, "show all"): follow it unless it is our own echo.
  useEffect(() => setQuery((typed) => (typed.trim() === params.query ? typed : params.query)), [params.query]);
  // Typing replaces the address rather than adding a history entry per keystroke.
  const search = useDebouncedCallback((value: string) => update({ query: value.trim() }, { replace: true }), 350);
  const filters: EventFilter[] = ["all", "in_progress", "upcoming", "past"];
  // Editors and readers lose archived events (SPEC §6), so they get no filter that is always empty.
  if (can("events.openArchived")) filters.push("archived");
  const filterData = filters.map((value) => ({ value, label: t(`events.list.filters.${value}`) }));
  const setFilter = (value: string | null) => value && update({ filter: value as EventFilter });

  return (
    <Stack gap="sm">
      <SegmentedControl
        visibleFrom="md"
        data={filterData}
        value={params.filter}
        onChange={setFilter}
        aria-label={t("events.list.filterLabel")}
        style={{ alignSelf: "flex-start" }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          hiddenFrom="md"
          label={t("events.list.filterLabel")}
          data={filterData}
          value={params.filter}
          onChange={setFilter}
          allowDeselect={false}
        />
        <TextInput
          type="search"
          label={t("common.search")}
          placeholder={t("events.list.searchPlaceholder")}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            search(event.currentTarget.value);
          }}
        />
        <Select
          label={t("events.list.sortLabel")}
          data={eventSorts.map((value) => ({ value, label: t(`events.list.sorts.${value}`) }))}
          value={params.sort}
          onChange={(value) => value && update({ sort: value as EventSort })}
          allowDeselect={false}
        />
      </SimpleGrid>
    </Stack>
  );
}

function EventListItem({ event }: { event: EventSummary }) {
  const { t, i18n } = useTranslation();
  const adminPath = useAdminPath();
  return (
    <Card component="li" withBorder padding="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Anchor component={Link} to={adminPath(`/events/${event.id}`)} fw={700} size="lg" c="blue.8">
            {event.name}
          </Anchor>
          <Text size="sm">{formatEventDates(event, i18n.language)}</Text>
          {event.venueName && (
            <Text size="sm" c="gray.7">
              {event.venueName}
            </Text>
          )}
          <Text size="xs" c="gray.7" style={{ wordBreak: "break-all" }}>
            {t("events.list.url", { url: `${window.location.host}/${event.slug}` })}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end" style={{ flexShrink: 0 }}>
          <EventStatusBadge event={event} />
          <EventActionsMenu event={event} />
        </Stack>
      </Group>
    </Card>
  );
}

function EmptyEvents({ filtered, onReset }: { filtered: boolean; onReset(): void }) {
  const { t } = useTranslation();
  const { can } = useAdminContext();
  const adminPath = useAdminPath();
  const canCreate = can("events.create");
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" ta="center" gap="sm">
        <Title order={2} size="h3">
          {t(filtered ? "events.list.noMatch.title" : "events.list.empty.title")}
        </Title>
        <Text c="gray.7" maw={460}>
          {filtered
            ? t("events.list.noMatch.text")
            : t(canCreate ? "events.list.empty.text" : "events.list.empty.textReadOnly")}
        </Text>
        {filtered ? (
          <Button variant="light" onClick={onReset}>
            {t("events.list.noMatch.reset")}
          </Button>
        ) : (
          canCreate && (
            <Button component={Link} to={adminPath("/events/new")}>
              {t("events.list.create")}
            </Button>
          )
        )}
      </Stack>
    </Card>
  );
}
