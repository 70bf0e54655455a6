import { Alert, Badge, Button, Checkbox, Group, List, Select, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Recipient, RecipientSelection } from "../../../contract/campaign-recipients";
import { exclusionReasons } from "../../../contract/campaigns";
import { type GuestStatus, guestStatuses } from "../../../contract/guests";
import { useAdminContext } from "../../ui/admin-context";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { eventLoadFailure } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { PagedListStates, SearchField, usePagedSearch } from "../../ui/paged-list";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { recipientsPageSize, useRecipients, useSaveSelection } from "./campaign-recipients.queries";

const shows = ["all", "selectable", "excluded", "selected"] as const;
type Show = (typeof shows)[number];

const showQuery = (show: Show) =>
  show === "selectable"
    ? { selectable: "true" as const }
    : show === "excluded"
      ? { selectable: "false" as const }
      : show === "selected"
        ? { selected: "true" as const }
        : {};

/** The selection with one guest ticked on or off: picked one by one, or all selectable but those ticked off. */
function toggled(selection: RecipientSelection, guestId: string, on: boolean): RecipientSelection {
  const listed = selection.selectAll ? !on : on;
  const guestIds = selection.guestIds.filter((id) => id !== guestId);
  return { selectAll: selection.selectAll, guestIds: listed ? [...guestIds, guestId] : guestIds };
}

/**
 * The recipients step of a campaign (SPEC §2, §5): the event's guests, a box to tick for each one who may receive it,
 * and for the others the reason they may not.
 */
export function CampaignRecipientsPage() {
  const { t } = useTranslation();
  const { eventId = "", campaignId = "" } = useParams();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const event = useEvent(eventId);
  usePageTitle(
    event.data ? t("campaignRecipients.pageTitle", { name: event.data.name }) : t("campaignRecipients.title"),
  );
  const paged = usePagedSearch(recipientsPageSize);
  const [status, setStatus] = useState<GuestStatus | null>(null);
  const [show, setShow] = useState<Show>("all");
  const list = useRecipients(eventId, campaignId, {
    query: paged.query || undefined,
    status: status ?? undefined,
    ...showQuery(show),
    ...paged.window,
  });
  const save = useSaveSelection(eventId, campaignId);

  const failure = eventLoadFailure(event);
  if (failure) return failure;
  const data = list.data;
  const total = data?.total ?? 0;
  const counts = data?.counts;
  const editable = Boolean(data?.editable) && can("events.update");
  const selection = data?.selection ?? { selectAll: false, guestIds: [] };
  const change = (next: RecipientSelection) => save.mutate(next);
  const name = (recipient: Recipient) =>
    `${recipient.firstName} ${recipient.lastName}`.trim() || recipient.email || t("guests.unnamed");
  const campaignPath = adminPath(`/events/${eventId}/campaigns/${campaignId}`);

  return (
    <Stack gap="lg">
      <EventPageHeader
        back={campaignPath}
        backLabel={t("campaignRecipients.backToCampaign")}
        title={t("campaignRecipients.title")}
        eventName={event.data?.name}
      />

      {counts && (
        <Stack gap="xs" aria-live="polite">
          <Group gap="sm">
            <Badge size="lg" color="blue">
              {t("campaignRecipients.counts.recipients", { count: counts.recipients })}
            </Badge>
            <Text>{t("campaignRecipients.counts.selectable", { count: counts.selectable, total: counts.guests })}</Text>
          </Group>
          <List size="sm" spacing={2}>
            {exclusionReasons
              .filter((reason) => counts.excluded[reason] > 0)
              .map((reason) => (
                <List.Item key={reason}>
                  {t(`campaignRecipients.reasons.${reason}`)}: {counts.excluded[reason]}
                </List.Item>
              ))}
          </List>
          {counts.selectedExcluded > 0 && (
            <Text size="sm" c="gray.7">
              {t("campaignRecipients.counts.selectedExcluded", { count: counts.selectedExcluded })}
            </Text>
          )}
        </Stack>
      )}

      {data && !data.editable && (
        <Alert color="blue" variant="light">
          {t("campaignRecipients.notEditable")}
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" role="alert" variant="light">
          {save.error.message}
        </Alert>
      )}

      {editable && (
        <Group gap="sm">
          <Button onClick={() => change({ selectAll: true, guestIds: [] })} loading={save.isPending}>
            {t("campaignRecipients.selectAll")}
          </Button>
          <Button variant="default" onClick={() => change({ selectAll: false, guestIds: [] })}>
            {t("campaignRecipients.clearSelection")}
          </Button>
        </Group>
      )}

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <SearchField field={paged.field} placeholder={t("campaignRecipients.searchPlaceholder")} />
        <Select
          label={t("campaignRecipients.filters.status")}
          placeholder={t("campaignRecipients.filters.anyStatus")}
          clearable
          data={guestStatuses.map((value) => ({ value, label: t(`guests.status.${value}`) }))}
          value={status}
          onChange={(value) => {
            setStatus(value as GuestStatus | null);
            paged.toFirstPage();
          }}
        />
        <Select
          label={t("campaignRecipients.filters.show")}
          data={shows.map((value) => ({ value, label: t(`campaignRecipients.filters.${value}`) }))}
          value={show}
          allowDeselect={false}
          onChange={(value) => {
            setShow((value as Show | null) ?? "all");
            paged.toFirstPage();
          }}
        />
      </SimpleGrid>

      <PagedListStates
        query={list}
        emptyText={t("campaignRecipients.empty")}
        totalText={t("campaignRecipients.total", { count: total })}
        paginationLabel={t("campaignRecipients.pagination")}
        {...paged.pageLinks(total)}
      >
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("campaignRecipients.columns.selected")}</Table.Th>
                <Table.Th scope="col">{t("campaignRecipients.columns.guest")}</Table.Th>
                <Table.Th scope="col">{t("campaignRecipients.columns.status")}</Table.Th>
                <Table.Th scope="col">{t("campaignRecipients.columns.verdict")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.items ?? []).map((recipient) => (
                <Table.Tr key={recipient.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t("campaignRecipients.select", { name: name(recipient) })}
                      checked={recipient.selected}
                      disabled={!editable || !recipient.selectable || save.isPending}
                      onChange={(changed) => change(toggled(selection, recipient.id, changed.currentTarget.checked))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600}>{name(recipient)}</Text>
                    <Text size="sm" c="gray.7">
                      {recipient.email ?? t("campaignRecipients.noEmail")}
                      {recipient.companion ? ` · ${t("campaignRecipients.companion")}` : ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`guests.status.${recipient.status}`)}</Table.Td>
                  <Table.Td>
                    {recipient.reason ? (
                      <Text size="sm" c="red.9">
                        {t(`campaignRecipients.reasons.${recipient.reason}`)}
                      </Text>
                    ) : (
                      <Text size="sm" c="green.9">
                        {t("campaignRecipients.selectable")}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedListStates>

      <Group justify="flex-end">
        <Button component={Link} to={`${campaignPath}/summary`}>
          {t("campaignRecipients.toSummary")}
        </Button>
      </Group>
    </Stack>
  );
}
