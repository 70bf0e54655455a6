import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Arrival } from "../../../../contract/checkin";
import { clockTime } from "./clock";
import type { DeviceSession } from "./staff.queries";

/** The session's latest arrivals, the newest first, as every device of the session sees them live. */
export function ArrivalsList({ arrivals, session }: { arrivals: Arrival[]; session: DeviceSession }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="latest-arrivals">
      <Title order={2} size="h4" id="latest-arrivals">
        {t("checkinStaff.arrivals.title")}
      </Title>
      {arrivals.length === 0 ? (
        <Text c="dimmed">{t("checkinStaff.arrivals.none")}</Text>
      ) : (
        <Paper withBorder component="ol" p={0} m={0} style={{ listStyle: "none" }}>
          {arrivals.map((arrival, index) => (
            <Group
              key={arrival.checkinId}
              component="li"
              justify="space-between"
              wrap="nowrap"
              px="sm"
              py={8}
              style={index > 0 ? { borderTop: "1px solid var(--mantine-color-default-border)" } : undefined}
            >
              <Text fw={600} truncate>
                {arrival.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {clockTime(arrival.at, i18n.language, session.timezone)}
                {arrival.sessionName !== session.name && ` · ${arrival.sessionName}`}
              </Text>
            </Group>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
