import { Badge, Button, Card, Progress, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Arrival, CheckinResult } from "../../../contract/checkin";
import { ApiError } from "../../api/client";
import { useAlert } from "../../ui/alert";
import { useArrivals, useCheck, useSessionStats } from "./checkin.queries";
import { formatTime } from "./checkin-format";
import { useLiveSession } from "./use-live-session";

type Props = { eventId: string; sessionId: string; editable: boolean; onResult(result: CheckinResult): void };

/** The session's counts and arrivals, kept live by its server-sent events; undo for a mistaken check-in. */
export function LiveDashboard({ eventId, sessionId, editable, onResult }: Props) {
  const { t, i18n } = useTranslation();
  const { showAlert } = useAlert();
  useLiveSession(eventId, sessionId);
  const stats = useSessionStats(eventId, sessionId);
  const arrivals = useArrivals(eventId, sessionId);
  const check = useCheck(eventId, sessionId);
  const { expected = 0, checkedIn = 0, flagged = 0, devices = 0 } = stats.data ?? {};
  const share = expected > 0 ? Math.min(100, (checkedIn / expected) * 100) : 0;
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
  const undo = (arrival: Arrival) => {
    if (!window.confirm(t("checkin.live.confirmUndo", { name: arrival.name }))) return;
    check.mutate(
      { undoCheckinId: arrival.checkinId },
      {
        onSuccess: onResult,
        onError: (error) => showAlert(error instanceof ApiError ? error.message : t("app.error.unknown"), "red"),
      },
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t("checkin.live.title")}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Stack gap={0}>
              <Text size="sm" c="gray.7">
                {t("checkin.live.checkedIn")}
              </Text>
              <Text fz={32} fw={700} aria-live="polite" data-testid="checked-in-count">
                {t("checkin.sessions.counts", { checkedIn, expected })}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="gray.7">
                {t("checkin.live.flagged")}
              </Text>
              <Text fz={32} fw={700} c={flagged > 0 ? "orange" : undefined}>
                {flagged}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="gray.7">
                {t("checkin.live.devices")}
              </Text>
              <Text fz={32} fw={700}>
                {devices}
              </Text>
            </Stack>
          </SimpleGrid>
          <Progress
            value={share}
            size="lg"
            color="green"
            aria-label={t("checkin.live.progress", { percent: percent.format(share / 100) })}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h3" mb="sm">
          {t("checkin.live.arrivals")}
        </Title>
        {(arrivals.data?.length ?? 0) === 0 ? (
          <Text c="gray.7">{t("checkin.live.noArrivals")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table striped aria-label={t("checkin.live.arrivals")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("checkin.live.time")}</Table.Th>
                  <Table.Th scope="col">{t("checkin.live.guest")}</Table.Th>
                  <Table.Th scope="col">{t("checkin.live.source")}</Table.Th>
                  {editable && <Table.Th scope="col">{t("common.actions")}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {arrivals.data?.map((arrival) => (
                  <Table.Tr key={arrival.checkinId}>
                    <Table.Td>{formatTime(arrival.at, i18n.language)}</Table.Td>
                    <Table.Td>
                      {arrival.name}
                      {arrival.flagged && (
                        <Badge ml="xs" color="orange" variant="light">
                          {t("checkin.live.flaggedBadge")}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{t(`checkin.source.${arrival.source}`)}</Table.Td>
                    {editable && (
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => undo(arrival)}
                          aria-label={t("checkin.live.undoNamed", { name: arrival.name })}
                        >
                          {t("checkin.live.undo")}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
