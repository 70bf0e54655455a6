import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CheckinResult } from "../../../../contract/checkin";
import { clockTime } from "./clock";
import type { DeviceSession } from "./staff.queries";

const looks = {
  accepted: { color: "green", mark: "✓" },
  refused: { color: "red", mark: "✕" },
  undone: { color: "gray", mark: "↺" },
} as const;

/**
 * The answer to the last scan, readable at arm's length: the colour, a mark and the word say the same thing (colour is
 * never the only signal), then why a guest is refused and who they are.
 */
/** The name stands above the fields in large: its parts are not repeated below it. */
export const besidesTheName = (field: { key: string }) => field.key !== "firstName" && field.key !== "lastName";

export function ScanResultPanel({ result, session }: { result: CheckinResult; session: DeviceSession }) {
  const { t, i18n } = useTranslation();
  const look = looks[result.outcome];
  const reason = () => {
    if (result.refusal !== "already_checked_in" || !result.previous) return t(`checkinStaff.refusal.${result.refusal}`);
    return t("checkinStaff.refusal.already_checked_in_at", {
      time: clockTime(result.previous.at, i18n.language, session.timezone),
      door: result.previous.sessionName,
    });
  };
  return (
    <Paper
      p="md"
      radius="md"
      c="white"
      style={{ background: `var(--mantine-color-${look.color}-filled)` }}
      data-outcome={result.outcome}
    >
      <Stack gap="xs">
        <Title order={2} size="h1" c="white" lh={1.1}>
          <span aria-hidden="true">{look.mark} </span>
          {t(`checkinStaff.outcome.${result.outcome}`)}
        </Title>
        {result.refusal && (
          <Text size="lg" fw={700} c="white">
            {reason()}
          </Text>
        )}
        {result.guest && (
          <>
            <Text size="xl" fw={700} c="white">
              {result.guest.name}
            </Text>
            <Stack gap={2} component="dl" m={0}>
              {result.guest.fields.filter(besidesTheName).map((field) => (
                <Group key={field.key} gap={6} wrap="nowrap" align="baseline">
                  <Text component="dt" fw={600} c="white">
                    {field.label}
                  </Text>
                  <Text component="dd" m={0} c="white">
                    {field.value}
                  </Text>
                </Group>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
