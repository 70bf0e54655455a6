import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CheckinResult } from "../../../contract/checkin";
import { ApiError } from "../../api/client";
import { useAlert } from "../../ui/alert";
import { GuestStatusBadge } from "../guests/GuestStatusBadge";
import { useGuestList } from "../guests/guests.queries";
import { useCheck } from "./checkin.queries";
import { formatTime } from "./checkin-format";

const shownMatches = 8;

/** What a check-in did, in words: the guest let in or why not (the door and time of an earlier check-in). */
export function CheckinResultAlert({ result }: { result: CheckinResult }) {
  const { t, i18n } = useTranslation();
  const name = result.guest?.name ?? "";
  if (result.outcome === "accepted") {
    return (
      <Alert color="green" variant="light" role="status">
        {t("checkin.result.accepted", { name })}
      </Alert>
    );
  }
  if (result.outcome === "undone") {
    return (
      <Alert color="blue" variant="light" role="status">
        {t("checkin.result.undone", { name })}
      </Alert>
    );
  }
  const previous = result.previous;
  return (
    <Alert color="red" variant="light" role="alert" title={name || undefined}>
      {previous && result.refusal === "already_checked_in"
        ? t("checkin.refusal.already_checked_in", {
            time: formatTime(previous.at, i18n.language),
            door: previous.sessionName,
          })
        : t(`checkin.refusal.${result.refusal ?? "unknown_code"}`)}
    </Alert>
  );
}

/** Checks a guest in by name from the organizer's screen (a guest without their QR code at the door). */
export function ManualCheckin({
  eventId,
  sessionId,
  onResult,
}: {
  eventId: string;
  sessionId: string;
  onResult(result: CheckinResult): void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const [query, setQuery] = useState("");
  const [searched] = useDebouncedValue(query.trim(), 250);
  const matches = useGuestList(eventId, { query: searched || undefined, limit: shownMatches, offset: 0 });
  const check = useCheck(eventId, sessionId);
  const checkIn = (guestId: string) =>
    check.mutate(
      { scanId: crypto.randomUUID(), guestId },
      {
        onSuccess: onResult,
        onError: (error) => showAlert(error instanceof ApiError ? error.message : t("app.error.unknown"), "red"),
      },
    );

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("checkin.manual.title")}
        </Title>
        <TextInput
          label={t("checkin.manual.search")}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {searched &&
          (matches.data?.items.length === 0 ? (
            <Text c="gray.7">{t("checkin.manual.noMatch")}</Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {matches.data?.items.map((guest) => {
                const name = `${guest.firstName} ${guest.lastName}`.trim();
                return (
                  <Group key={guest.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={500} truncate>
                        {name}
                      </Text>
                      <Group gap="xs">
                        <GuestStatusBadge status={guest.status} />
                        {guest.company && (
                          <Text size="sm" c="gray.7" truncate>
                            {guest.company}
                          </Text>
                        )}
                      </Group>
                    </Stack>
                    <Button
                      size="compact-md"
                      onClick={() => checkIn(guest.id)}
                      loading={
                        check.isPending &&
                        check.variables &&
                        "guestId" in check.variables &&
                        check.variables.guestId === guest.id
                      }
                      aria-label={t("checkin.manual.checkInNamed", { name })}
                    >
                      {t("checkin.manual.checkIn")}
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          ))}
      </Stack>
    </Card>
  );
}
