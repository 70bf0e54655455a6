import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  MultiSelect,
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
import { Link, useParams } from "react-router";
import { guestStatuses, mailStatuses } from "../../../contract/guests";
import { useAdminContext } from "../../ui/admin-context";
import { useCustomFields } from "../../ui/custom-fields.queries";
import { eventLoadFailure } from "../../ui/event-page-queries";
import { LoadingLine } from "../../ui/LoadingLine";
import { useAdminPath } from "../../ui/language-scope";
import { PageLinks } from "../../ui/PageLinks";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { AddGuestModal } from "./AddGuestModal";
import { GuestColumnsMenu, useCustomColumns } from "./GuestColumnsMenu";
import { GuestExportMenu } from "./GuestExportMenu";
import { type GuestSelection, GuestSelectionBar, selectionTarget } from "./GuestSelectionBar";
import { GuestTable } from "./GuestTable";
import { guestsPageSize, isFiltered, toApiFilter, useGuestListState } from "./guest-list-params";
import { useGuestListPage } from "./guests.queries";

const noSelection: GuestSelection = { selected: new Set(), allMatching: false };

export function GuestListPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const { can } = useAdminContext();
  const adminPath = useAdminPath();
  const event = useEvent(eventId);
  usePageTitle(event.data ? t("guests.list.pageTitle", { name: event.data.name }) : t("guests.list.title"));
  const [state, update] = useGuestListState();
  const filter = toApiFilter(state);
  const list = useGuestListPage(
    eventId,
    { ...filter, sort: state.sort, direction: state.direction },
    state.page,
    guestsPageSize,
  );
  const fields = useCustomFields(eventId);
  const [shownColumns, setShownColumns] = useCustomColumns(eventId);
  const [selection, setSelection] = useState(noSelection);
  const [adding, setAdding] = useState(false);
  const filterKey = JSON.stringify(filter);
  // A selection belongs to the filter it was made under.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filter's content.
  useEffect(() => setSelection(noSelection), [filterKey]);

  const failure = eventLoadFailure(event);
  if (failure) return failure;
  const editable = can("events.update");
  const guests = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.ceil(total / guestsPageSize);
  const customColumns = (fields.data ?? []).filter((field) => shownColumns.includes(field.id));
  const selectedCount = selection.allMatching ? total : selection.selected.size;

  const toggle = (id: string) =>
    setSelection(({ selected }) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return { selected: next, allMatching: false };
    });
  const togglePage = () =>
    setSelection((current) =>
      current.allMatching || guests.every((guest) => current.selected.has(guest.id))
        ? noSelection
        : { selected: new Set(guests.map((guest) => guest.id)), allMatching: false },
    );

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={adminPath(`/events/${eventId}`)} size="sm" c="blue.8">
        ← {event.data?.name ?? t("guests.backToEvent")}
      </Anchor>
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Title order={1}>{t("guests.list.title")}</Title>
          {event.data && <Text c="gray.7">{event.data.name}</Text>}
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={adminPath(`/events/${eventId}/custom-fields`)} variant="default">
            {t("guests.customFields.title")}
          </Button>
          <Button component={Link} to={adminPath(`/events/${eventId}/guests/duplicates`)} variant="default">
            {t("guests.duplicates.button")}
          </Button>
          <Button component={Link} to={adminPath(`/events/${eventId}/guests/recommendations`)} variant="default">
            {t("guests.recommendations.button")}
          </Button>
          {editable && (
            <Button component={Link} to={adminPath(`/events/${eventId}/guests/import`)} variant="default">
              {t("guests.import.button")}
            </Button>
          )}
          {editable && <Button onClick={() => setAdding(true)}>{t("guests.add.title")}</Button>}
        </Group>
      </Group>
      <GuestFilters />
      {list.isFetching && <LoadingLine />}
      {list.isPending ? null : list.isError ? (
        <Alert color="red" role="alert" variant="light">
          {list.error.message}
        </Alert>
      ) : guests.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2} size="h3">
              {t(isFiltered(state) ? "guests.list.noMatch" : "guests.list.empty")}
            </Title>
            {isFiltered(state) ? (
              <Button variant="light" onClick={() => update({ query: "", status: [], mailStatus: [], registered: "" })}>
                {t("guests.list.reset")}
              </Button>
            ) : (
              editable && <Button onClick={() => setAdding(true)}>{t("guests.add.title")}</Button>
            )}
          </Stack>
        </Card>
      ) : (
        <>
          <Group justify="space-between">
            <Text fw={600} aria-live="polite">
              {t("guests.list.total", { count: total })}
            </Text>
            <Group gap="sm">
              <GuestColumnsMenu fields={fields.data ?? []} shown={shownColumns} onChange={setShownColumns} />
              <GuestExportMenu
                eventId={eventId}
                fileName={`guests-${event.data?.slug ?? eventId}`}
                target={selectedCount > 0 ? selectionTarget(selection, filter) : { filter }}
                order={{ sort: state.sort, direction: state.direction }}
                selectedCount={selectedCount}
              />
            </Group>
          </Group>
          {editable && (
            <GuestSelectionBar
              eventId={eventId}
              selection={selection}
              pageCount={guests.length}
              total={total}
              filter={filter}
              onSelectAllMatching={() => setSelection({ selected: new Set(), allMatching: true })}
              onClear={() => setSelection(noSelection)}
            />
          )}
          <GuestTable
            eventId={eventId}
            guests={guests}
            customColumns={customColumns}
            state={state}
            onSort={(sort) =>
              update({ sort, direction: state.sort === sort && state.direction === "asc" ? "desc" : "asc" })
            }
            selection={editable ? { ...selection, toggle, togglePage } : undefined}
          />
          <PageLinks
            label={t("guests.list.pagination")}
            pages={pages}
            page={state.page}
            onChange={(page) => update({ page })}
            pageLabel={(page) => t("guests.list.page", { page })}
          />
        </>
      )}
      {editable && <AddGuestModal eventId={eventId} opened={adding} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

/** Search and filters, all kept in the address. */
function GuestFilters() {
  const { t } = useTranslation();
  const [state, update] = useGuestListState();
  const [query, setQuery] = useState(state.query);
  // The address may change under the input (back button, reset): follow it unless it is our own echo.
  useEffect(() => setQuery((typed) => (typed.trim() === state.query ? typed : state.query)), [state.query]);
  const search = useDebouncedCallback((value: string) => update({ query: value.trim() }, { replace: true }), 350);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      <TextInput
        type="search"
        label={t("common.search")}
        placeholder={t("guests.list.searchPlaceholder")}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
      />
      <MultiSelect
        label={t("guests.fields.status")}
        data={guestStatuses.map((value) => ({ value, label: t(`guests.status.${value}`) }))}
        value={state.status}
        onChange={(status) => update({ status })}
        clearable
      />
      <MultiSelect
        label={t("guests.fields.mailStatus")}
        data={mailStatuses.map((value) => ({ value, label: t(`guests.mailStatus.${value}`) }))}
        value={state.mailStatus}
        onChange={(mailStatus) => update({ mailStatus })}
        clearable
      />
      <Select
        label={t("guests.fields.registered")}
        data={[
          { value: "", label: t("guests.list.any") },
          { value: "true", label: t("common.yes") },
          { value: "false", label: t("common.no") },
        ]}
        value={state.registered}
        onChange={(value) => update({ registered: (value ?? "") as "" | "true" | "false" })}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}
