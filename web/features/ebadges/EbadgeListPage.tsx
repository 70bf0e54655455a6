import { Anchor, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import type { Ebadge } from "../../../contract/ebadges";
import { useAdminContext } from "../../ui/admin-context";
import { DeleteButton } from "../../ui/DeleteButton";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { eventLoadFailure } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { conditionsSummary } from "./conditions-summary";
import { useDeleteEbadge, useEbadges } from "./ebadges.queries";
import { NewBadgeModal } from "./NewBadgeModal";
import { PrintBadgesButton } from "./PrintBadgesButton";

/** SPEC §2 "e-badges": the event's badge designs, who each is for, and the printing of every confirmed guest's. */
export function EbadgeListPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const { can } = useAdminContext();
  const event = useEvent(eventId);
  usePageTitle(event.data ? t("ebadges.list.pageTitle", { name: event.data.name }) : t("ebadges.title"));
  const list = useEbadges(eventId);
  const remove = useDeleteEbadge(eventId);
  const [creating, setCreating] = useState(false);
  const failure = eventLoadFailure(event, list);
  if (failure) return failure;
  const badges = list.data?.items ?? [];
  const editable = can("events.update") && !event.data?.archived;
  const designerPath = (badge: Ebadge) => adminPath(`/events/${eventId}/ebadges/${badge.id}`);

  return (
    <Stack gap="lg">
      <EventPageHeader
        back={adminPath(`/events/${eventId}`)}
        backLabel={event.data?.name ?? t("ebadges.backToEvent")}
        title={t("ebadges.title")}
        eventName={event.data?.name}
        actions={
          <>
            {badges.length > 0 && (
              <>
                <Button component={Link} to={adminPath(`/events/${eventId}/ebadges/conditions`)} variant="light">
                  {t("ebadges.conditions.title")}
                </Button>
                <PrintBadgesButton eventId={eventId} label={t("ebadges.list.printConfirmed")} variant="light" />
              </>
            )}
            {editable && <Button onClick={() => setCreating(true)}>{t("ebadges.list.new")}</Button>}
          </>
        }
      />
      {list.isPending ? (
        <Text c="gray.7">{t("app.loading")}</Text>
      ) : badges.length === 0 ? (
        <Text c="gray.7">{t("ebadges.list.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("ebadges.list.name")}</Table.Th>
                <Table.Th>{t("ebadges.list.format")}</Table.Th>
                <Table.Th>{t("ebadges.list.for")}</Table.Th>
                <Table.Th>{t("common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {badges.map((badge, index) => (
                <Table.Tr key={badge.id}>
                  <Table.Td>
                    <Anchor component={Link} to={designerPath(badge)} c="blue.8">
                      {badge.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {t("ebadges.list.formatValue", {
                      format: badge.format,
                      orientation: t(`ebadges.orientation.${badge.orientation}`),
                    })}
                  </Table.Td>
                  <Table.Td>{conditionsSummary(badges, index, t)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        component={Link}
                        to={designerPath(badge)}
                        size="xs"
                        variant="light"
                        aria-label={t("ebadges.list.designNamed", { name: badge.name })}
                      >
                        {t("ebadges.list.design")}
                      </Button>
                      {editable && (
                        <DeleteButton
                          label={t("ebadges.list.deleteNamed", { name: badge.name })}
                          question={t("ebadges.list.confirmDelete", { name: badge.name })}
                          onDelete={() => remove.mutateAsync(badge.id)}
                        />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && (
        <NewBadgeModal
          eventId={eventId}
          onClose={() => setCreating(false)}
          onCreated={(badge) => navigate(designerPath(badge))}
        />
      )}
    </Stack>
  );
}
