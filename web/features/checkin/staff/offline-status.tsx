import { Alert, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { clockTime } from "./clock";
import type { OfflineDeviceClient } from "./offline-device-client";
import type { DeviceSession } from "./staff.queries";

/**
 * How far an offline phone is from the server: the network, when its guest list was downloaded, its last upload, the
 * scans the server flagged (a guest let in at two doors), and the two actions staff need when the network is back.
 */
export function OfflineStatus({ client, session }: { client: OfflineDeviceClient; session: DeviceSession }) {
  const { t, i18n } = useTranslation();
  const network = useNetwork();
  const state = useSyncExternalStore(client.subscribe, () => client.state);
  const time = (iso: string) => clockTime(iso, i18n.language, session.timezone);

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t("checkinStaff.offline.title")}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{t("checkinStaff.offline.title")}</Text>
          <Badge color={network.online ? "green" : "gray"} variant="light" size="lg">
            {t(network.online ? "checkinStaff.offline.online" : "checkinStaff.offline.noNetwork")}
          </Badge>
        </Group>
        <Text size="sm">
          {state.listGeneratedAt
            ? t("checkinStaff.offline.list", { count: state.passes, time: time(state.listGeneratedAt) })
            : t("checkinStaff.offline.noList")}
        </Text>
        <Text size="sm" aria-live="polite">
          {state.unsynced > 0
            ? t("checkinStaff.offline.waiting", { count: state.unsynced })
            : state.lastSyncAt
              ? t("checkinStaff.offline.synced", { time: time(state.lastSyncAt) })
              : t("checkinStaff.offline.nothingYet")}
        </Text>
        {state.flagged > 0 && (
          <Alert color="orange" p="xs" title={t("checkinStaff.offline.flagged", { count: state.flagged })}>
            {t("checkinStaff.offline.flaggedHint")}
          </Alert>
        )}
        {state.problem && (
          <Text size="sm" c="red" role="alert">
            {t(`checkinStaff.offline.failed.${state.problem.action}`, { message: state.problem.message })}
          </Text>
        )}
        <Group grow gap="xs">
          <Button
            size="md"
            variant="light"
            loading={state.syncing}
            disabled={state.unsynced === 0}
            onClick={() => client.syncNow().catch(() => {})}
          >
            {t("checkinStaff.offline.syncNow")}
          </Button>
          <Button
            size="md"
            variant="light"
            loading={state.downloading}
            onClick={() => client.refreshList().catch(() => {})}
          >
            {t("checkinStaff.offline.refreshList")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
