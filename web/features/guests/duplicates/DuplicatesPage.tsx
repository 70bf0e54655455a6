import { Badge, Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { DuplicatePair } from "../../../../contract/guest-duplicates";
import type { Guest } from "../../../../contract/guests";
import { useAdminContext } from "../../../ui/admin-context";
import { useAlert } from "../../../ui/alert";
import { EventPageHeader } from "../../../ui/EventPageHeader";
import { eventLoadFailure } from "../../../ui/event-page-queries";
import { useAdminPath } from "../../../ui/language-scope";
import { PagedListStates } from "../../../ui/paged-list";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useEvent } from "../../events/events.queries";
import { guestName } from "../guest-format";
import { duplicatesPageSize, useDecideDuplicate, useDuplicates } from "./duplicates.queries";

/** The fields compared side by side, in the order an organizer reads a guest. */
const comparedFields = ["firstName", "lastName", "email", "company", "jobTitle", "phone", "status"] as const;

export function DuplicatesPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const event = useEvent(eventId);
  const [page, setPage] = useState(1);
  const list = useDuplicates(eventId, event.data?.slug, page);
  usePageTitle(event.data ? t("guests.duplicates.pageTitle", { name: event.data.name }) : t("guests.duplicates.title"));

  const failure = eventLoadFailure(event);
  if (failure) return failure;
  const total = list.data?.total ?? 0;
  const pages = Math.ceil(total / duplicatesPageSize);
  return (
    <Stack gap="lg">
      <EventPageHeader
        back={adminPath(`/events/${eventId}/guests`)}
        backLabel={t("guests.list.title")}
        title={t("guests.duplicates.title")}
        eventName={event.data?.name}
      />
      <Text>{t("guests.duplicates.intro")}</Text>
      <PagedListStates
        query={list}
        emptyText={t("guests.duplicates.empty")}
        totalText={t("guests.duplicates.total", { count: total })}
        paginationLabel={t("guests.duplicates.pagination")}
        page={page}
        pages={pages}
        onPage={setPage}
      >
        {(list.data?.items ?? []).map((pair) => (
          <PairCard
            key={`${pair.user1.id}-${pair.user2.id}`}
            pair={pair}
            eventId={eventId}
            slug={event.data?.slug ?? ""}
          />
        ))}
      </PagedListStates>
    </Stack>
  );
}

/** One pair: both guests in two columns, the differing rows marked, and the three decisions. */
function PairCard({ pair, eventId, slug }: { pair: DuplicatePair; eventId: string; slug: string }) {
  const { t } = useTranslation();
  const { can } = useAdminContext();
  const { showAlert } = useAlert();
  const decide = useDecideDuplicate(eventId, slug);
  const [swapped, setSwapped] = useState(false);
  const [left, right] = swapped ? [pair.user2, pair.user1] : [pair.user1, pair.user2];
  const name = (guest: Guest) => guestName(guest, t("guests.unnamed"));
  const show = (guest: Guest, field: (typeof comparedFields)[number]) =>
    field === "status" ? t(`guests.status.${guest.status}`) : guest[field] || "—";
  const run = (kind: "merge" | "ignore") =>
    decide.mutate(
      { kind, user1: left.id, user2: right.id },
      {
        onSuccess: () =>
          showAlert(
            t(kind === "merge" ? "guests.duplicates.merged" : "guests.duplicates.ignored", { name: name(left) }),
            "green",
          ),
        onError: (error) => showAlert(error.message),
      },
    );

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={`${name(left)} / ${name(right)}`}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>{t("guests.duplicates.reasonsLabel")}</Text>
          {pair.reasons.map((reason) => (
            <Badge key={reason} variant="light" color="blue">
              {t(`guests.duplicates.reasons.${reason}`)}
            </Badge>
          ))}
        </Group>
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("guests.duplicates.field")}</Table.Th>
                <Table.Th scope="col">{t("guests.duplicates.kept", { name: name(left) })}</Table.Th>
                <Table.Th scope="col">{t("guests.duplicates.mergedIn", { name: name(right) })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {comparedFields.map((field) => {
                const differs = show(left, field) !== show(right, field);
                return (
                  <Table.Tr key={field} bg={differs ? "yellow.0" : undefined} data-differs={differs || undefined}>
                    <Table.Th scope="row">
                      {t(`guests.fields.${field}`)}
                      {differs && (
                        <Text span size="sm" fw={400} c="orange">
                          {" "}
                          ({t("guests.duplicates.differs")})
                        </Text>
                      )}
                    </Table.Th>
                    <Table.Td fw={differs ? 600 : undefined}>{show(left, field)}</Table.Td>
                    <Table.Td fw={differs ? 600 : undefined}>{show(right, field)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {can("events.update") && (
          <Group gap="sm">
            <Button onClick={() => run("merge")} loading={decide.isPending && decide.variables?.kind === "merge"}>
              {t("guests.duplicates.merge")}
            </Button>
            <Button variant="default" onClick={() => setSwapped((value) => !value)} disabled={decide.isPending}>
              {t("guests.duplicates.swap")}
            </Button>
            <Button
              variant="default"
              onClick={() => run("ignore")}
              loading={decide.isPending && decide.variables?.kind === "ignore"}
            >
              {t("guests.duplicates.notDuplicate")}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
