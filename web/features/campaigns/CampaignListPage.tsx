import { Anchor, Badge, Button, Group, Pagination, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { CampaignStatus } from "../../../contract/campaigns";
import { ApiError } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert } from "../../ui/alert";
import { DeleteButton } from "../../ui/DeleteButton";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { eventLoadFailure } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { campaignsPageSize, useCampaigns, useDeleteCampaign, useDuplicateCampaign } from "./campaigns.queries";

const statusColors: Record<CampaignStatus, string> = {
  draft: "gray",
  scheduled: "blue",
  sending: "orange",
  sent: "green",
  cancelled: "red",
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColors[status]} style={{ flexShrink: 0, overflow: "visible" }}>
      {t(`campaigns.status.${status}`)}
    </Badge>
  );
}

/** SPEC §2 "Email campaigns: list": each campaign's name, type, status, sending date and recipients. */
export function CampaignListPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const { showAlert } = useAlert();
  const event = useEvent(eventId);
  usePageTitle(event.data ? t("campaigns.pageTitle", { name: event.data.name }) : t("campaigns.title"));
  const [page, setPage] = useState(1);
  const list = useCampaigns(eventId, (page - 1) * campaignsPageSize);
  const remove = useDeleteCampaign(eventId);
  const duplicate = useDuplicateCampaign(eventId);
  const failure = eventLoadFailure(event);
  if (failure) return failure;
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const dateOf = (value: string | null) =>
    value ? new Date(value).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }) : "—";
  const onError = (error: unknown) =>
    showAlert(error instanceof ApiError ? error.message : t("app.error.unknown"), "red");
  const editable = can("events.update");

  return (
    <Stack gap="lg">
      <EventPageHeader
        back={adminPath(`/events/${eventId}`)}
        backLabel={event.data?.name ?? t("campaigns.backToEvent")}
        title={t("campaigns.title")}
        eventName={event.data?.name}
        actions={
          editable && (
            <Button component={Link} to={adminPath(`/events/${eventId}/campaigns/new`)}>
              {t("campaigns.list.new")}
            </Button>
          )
        }
      />
      {list.isPending ? (
        <Text c="gray.7">{t("app.loading")}</Text>
      ) : items.length === 0 ? (
        <Text c="gray.7">{t("campaigns.list.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("campaigns.list.name")}</Table.Th>
                <Table.Th>{t("campaigns.list.type")}</Table.Th>
                <Table.Th>{t("campaigns.list.status")}</Table.Th>
                <Table.Th>{t("campaigns.list.sendingAt")}</Table.Th>
                <Table.Th>{t("campaigns.list.recipients")}</Table.Th>
                <Table.Th>{t("campaigns.list.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((campaign) => (
                <Table.Tr key={campaign.id}>
                  <Table.Td>
                    <Anchor component={Link} to={adminPath(`/events/${eventId}/campaigns/${campaign.id}`)} c="blue.8">
                      {campaign.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t(`campaigns.types.${campaign.type}.name`)}</Table.Td>
                  {/* A narrow phone screen must not cut the status to an ellipsis. */}
                  <Table.Td miw={120}>
                    <CampaignStatusBadge status={campaign.status} />
                  </Table.Td>
                  <Table.Td>{dateOf(campaign.sendingAt)}</Table.Td>
                  <Table.Td>
                    {campaign.status === "draft" || campaign.status === "scheduled"
                      ? campaign.recipients
                      : t("campaigns.list.sentOf", { sent: campaign.sent, total: campaign.recipients })}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {(campaign.status === "sending" || campaign.status === "sent") && (
                        <Button
                          component={Link}
                          size="xs"
                          variant="light"
                          to={adminPath(`/events/${eventId}/campaigns/${campaign.id}/statistics`)}
                          aria-label={t("campaigns.list.statisticsNamed", { name: campaign.name })}
                        >
                          {t("campaigns.list.statistics")}
                        </Button>
                      )}
                      {editable && (
                        <>
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => duplicate.mutate(campaign.id, { onError })}
                            aria-label={t("campaigns.list.duplicateNamed", { name: campaign.name })}
                          >
                            {t("campaigns.list.duplicate")}
                          </Button>
                          {(campaign.status === "draft" || campaign.status === "cancelled") && (
                            <DeleteButton
                              label={t("campaigns.list.deleteNamed", { name: campaign.name })}
                              question={t("campaigns.list.confirmDelete", { name: campaign.name })}
                              onDelete={() => remove.mutateAsync(campaign.id)}
                            />
                          )}
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > campaignsPageSize && (
        <Pagination
          total={Math.ceil(total / campaignsPageSize)}
          value={page}
          onChange={setPage}
          getControlProps={() => ({ "aria-label": t("campaigns.list.pagination") })}
        />
      )}
    </Stack>
  );
}
