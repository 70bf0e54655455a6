import { Anchor, Badge, Button, Group, Select, Stack, Table } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import {
  type Recommendation,
  type RecommendationStatus,
  recommendationStatuses,
} from "../../../../contract/guest-recommendations";
import { useAdminContext } from "../../../ui/admin-context";
import { useAlert } from "../../../ui/alert";
import { EventPageHeader } from "../../../ui/EventPageHeader";
import { eventLoadFailure } from "../../../ui/event-page-queries";
import { useAdminPath } from "../../../ui/language-scope";
import { PagedListStates } from "../../../ui/paged-list";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useEvent } from "../../events/events.queries";
import { recommendationsPageSize, useDecideRecommendation, useRecommendations } from "./recommendations.queries";

const statusColors: Record<RecommendationStatus, string> = { pending: "yellow", accepted: "green", refused: "red" };

export function RecommendationsPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const { showAlert } = useAlert();
  const event = useEvent(eventId);
  const slug = event.data?.slug;
  const [status, setStatus] = useState<RecommendationStatus | undefined>("pending");
  const [page, setPage] = useState(1);
  const list = useRecommendations(eventId, slug, status, page);
  const decide = useDecideRecommendation(eventId, slug ?? "");
  usePageTitle(
    event.data ? t("guests.recommendations.pageTitle", { name: event.data.name }) : t("guests.recommendations.title"),
  );

  const failure = eventLoadFailure(event);
  if (failure) return failure;
  const total = list.data?.total ?? 0;
  const pages = Math.ceil(total / recommendationsPageSize);
  const person = (row: Recommendation) => `${row.firstName} ${row.lastName}`.trim() || row.email;
  const run = (row: Recommendation, decision: "accept" | "refuse") =>
    decide.mutate(
      { id: row.id, decision },
      {
        onSuccess: () =>
          showAlert(
            t(decision === "accept" ? "guests.recommendations.accepted" : "guests.recommendations.refused", {
              name: person(row),
            }),
            "green",
          ),
        onError: (error) => showAlert(error.message),
      },
    );
  const busy = (row: Recommendation, decision: "accept" | "refuse") =>
    decide.isPending && decide.variables?.id === row.id && decide.variables.decision === decision;

  return (
    <Stack gap="lg">
      <EventPageHeader
        back={adminPath(`/events/${eventId}/guests`)}
        backLabel={t("guests.list.title")}
        title={t("guests.recommendations.title")}
        eventName={event.data?.name}
      />
      <Select
        label={t("guests.recommendations.statusFilter")}
        maw={{ base: "100%", sm: 280 }}
        data={[
          { value: "all", label: t("guests.recommendations.all") },
          ...recommendationStatuses.map((value) => ({ value, label: t(`guests.recommendations.status.${value}`) })),
        ]}
        value={status ?? "all"}
        allowDeselect={false}
        onChange={(value) => {
          setStatus(value === "all" || value === null ? undefined : (value as RecommendationStatus));
          setPage(1);
        }}
      />
      <PagedListStates
        query={list}
        emptyText={t("guests.recommendations.empty")}
        totalText={t("guests.recommendations.total", { count: total })}
        paginationLabel={t("guests.recommendations.pagination")}
        page={page}
        pages={pages}
        onPage={setPage}
      >
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("guests.recommendations.person")}</Table.Th>
                <Table.Th scope="col">{t("guests.fields.email")}</Table.Th>
                <Table.Th scope="col">{t("guests.fields.company")}</Table.Th>
                <Table.Th scope="col">{t("guests.recommendations.recommendedBy")}</Table.Th>
                <Table.Th scope="col">{t("guests.recommendations.message")}</Table.Th>
                <Table.Th scope="col">{t("guests.recommendations.date")}</Table.Th>
                <Table.Th scope="col">{t("guests.fields.status")}</Table.Th>
                <Table.Th scope="col">{t("common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    {row.guestId ? (
                      <Anchor component={Link} to={adminPath(`/events/${eventId}/guests/${row.guestId}`)} c="blue.8">
                        {person(row)}
                      </Anchor>
                    ) : (
                      person(row)
                    )}
                  </Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>{row.company}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={adminPath(`/events/${eventId}/guests/${row.recommenderId}`)}
                      c="blue.8"
                    >
                      {row.recommenderName || t("guests.unnamed")}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.message}</Table.Td>
                  <Table.Td>{new Date(row.createdAt).toLocaleDateString(i18n.language)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColors[row.status]}>
                      {t(`guests.recommendations.status.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.status === "pending" && can("events.update") && (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          onClick={() => run(row, "accept")}
                          loading={busy(row, "accept")}
                          aria-label={t("guests.recommendations.acceptOne", { name: person(row) })}
                        >
                          {t("guests.recommendations.accept")}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => run(row, "refuse")}
                          loading={busy(row, "refuse")}
                          aria-label={t("guests.recommendations.refuseOne", { name: person(row) })}
                        >
                          {t("guests.recommendations.refuse")}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedListStates>
    </Stack>
  );
}
