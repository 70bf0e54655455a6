import { Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { clockTime } from "./clock";
import type { DeviceClient } from "./device-client";
import { besidesTheName } from "./ScanResultPanel";
import { type DeviceSession, staffKeys } from "./staff.queries";

/**
 * The guest without their QR code: found by name, checked in with one tap. A guest already in shows when and at which
 * door instead of the button.
 */
export function GuestSearch({
  client,
  token,
  session,
  onCheckIn,
  checkingIn,
  onFailure,
}: {
  client: DeviceClient;
  token: string;
  session: DeviceSession;
  onCheckIn: (guestId: string) => void;
  checkingIn: string | undefined;
  onFailure: (error: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text.trim(), 250);
  const results = useQuery({
    queryKey: staffKeys.search(token, query),
    queryFn: () => client.search(query),
    enabled: query.length > 0,
  });
  useEffect(() => {
    if (results.error) onFailure(results.error);
  }, [results.error, onFailure]);

  return (
    <Stack gap="sm">
      <TextInput
        size="lg"
        type="search"
        label={t("checkinStaff.search.label")}
        placeholder={t("checkinStaff.search.placeholder")}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
      {query && results.data?.length === 0 && <Text c="dimmed">{t("checkinStaff.search.none")}</Text>}
      <Stack
        gap="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: "none" }}
        aria-label={t("checkinStaff.search.results")}
      >
        {results.data?.map((guest) => (
          <Paper key={guest.id} component="li" withBorder p="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <div>
                <Text fw={700}>{guest.name}</Text>
                <Text size="sm" c="dimmed">
                  {guest.fields
                    .filter((field) => field.value && besidesTheName(field))
                    .map((field) => field.value)
                    .join(" · ")}
                </Text>
                {guest.checkedIn && (
                  <Text size="sm" fw={600}>
                    {t("checkinStaff.search.alreadyIn", {
                      time: clockTime(guest.checkedIn.at, i18n.language, session.timezone),
                      door: guest.checkedIn.sessionName,
                    })}
                  </Text>
                )}
              </div>
              {!guest.checkedIn && (
                <Button
                  size="lg"
                  onClick={() => onCheckIn(guest.id)}
                  loading={checkingIn === guest.id}
                  aria-label={t("checkinStaff.search.checkInGuest", { name: guest.name })}
                >
                  {t("checkinStaff.search.checkIn")}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
