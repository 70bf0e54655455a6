import { Alert, Badge, Button, Container, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { CheckinResult } from "../../../../contract/checkin";
import { LanguageMenu } from "../../../ui/LanguageMenu";
import { usePageTitle } from "../../../ui/usePageTitle";
import { ArrivalsList } from "./ArrivalsList";
import { CameraScanner } from "./CameraScanner";
import type { DeviceClient } from "./device-client";
import { signal } from "./feedback";
import { GuestSearch } from "./GuestSearch";
import { ScanResultPanel } from "./ScanResultPanel";
import { type DeviceSession, useArrivals, useLiveUpdates } from "./staff.queries";
import { useKeyboardWedge } from "./use-keyboard-wedge";

const modes = ["camera", "code", "search"] as const;
type Mode = (typeof modes)[number];
const actionBarHeight = 72;

type Props = {
  session: DeviceSession;
  client: DeviceClient;
  token: string;
  onFailure: (error: unknown) => void;
  /** What an offline session shows of its phone's state (offline-status.tsx), under the counter. */
  status?: ReactNode;
};

/**
 * The door's screen, held in one hand: the verdict of the last scan on top, the way of scanning below (camera, typed or
 * hand-scanned code, search by name), the session's count and latest arrivals, and the actions at the thumb's reach in
 * a bar at the bottom.
 */
export function ScanScreen({ session, client, token, onFailure, status }: Props) {
  const { t } = useTranslation();
  usePageTitle(t("checkinStaff.scan.title", { door: session.name }));
  const queryClient = useQueryClient();
  const [mode, setMode] = useLocalStorage<Mode>({ key: "ep.checkinMode", defaultValue: "camera" });
  const [result, setResult] = useState<CheckinResult>();
  const [code, setCode] = useState("");
  const arrivals = useArrivals(token);
  useLiveUpdates(token, session.id);
  const unsynced = useSyncExternalStore(client.subscribe, () => client.unsynced);

  const show = (answer: CheckinResult) => {
    setResult(answer);
    if (answer.outcome !== "undone") signal(answer.outcome);
    void queryClient.invalidateQueries({ queryKey: ["checkin-staff", token, "search"] });
  };
  const scan = useMutation({ mutationFn: client.scan, onSuccess: show, onError: (error: Error) => onFailure(error) });
  const undo = useMutation({ mutationFn: client.undo, onSuccess: show, onError: (error: Error) => onFailure(error) });
  const scanCode = (text: string) => scan.mutate({ code: text.trim() });
  useKeyboardWedge(scanCode);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    scanCode(code);
    setCode("");
  };
  const undoable = result?.outcome === "accepted" ? result.checkin : null;
  const failure = scan.error ?? undo.error;

  return (
    <>
      <Container size={520} px="sm" pt="sm" pb={actionBarHeight + 24}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={1} size="h3">
                {session.name}
              </Title>
              <Text size="sm" c="dimmed">
                {session.eventName}
              </Text>
            </div>
            <LanguageMenu />
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="lg" aria-live="polite">
              <Text span fw={800} size="xl" data-testid="checked-in-count">
                {session.checkedIn}
              </Text>{" "}
              {t("checkinStaff.scan.counter", { expected: session.expected })}
            </Text>
            {unsynced > 0 && (
              <Badge color="orange" size="lg">
                {t("checkinStaff.scan.unsynced", { count: unsynced })}
              </Badge>
            )}
          </Group>
          {status}

          <div aria-live="polite" aria-busy={scan.isPending || undo.isPending}>
            {scan.isPending || undo.isPending ? (
              <Group gap="xs">
                <Loader size="sm" />
                <Text>{t("checkinStaff.scan.checking")}</Text>
              </Group>
            ) : failure ? (
              <Alert color="red" role="alert" title={t("checkinStaff.scan.failed")}>
                {failure.message}
              </Alert>
            ) : (
              result && <ScanResultPanel result={result} session={session} />
            )}
          </div>

          {mode === "camera" && <CameraScanner onCode={scanCode} />}
          {mode === "code" && (
            <form onSubmit={submitCode}>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  size="lg"
                  style={{ flex: 1 }}
                  label={t("checkinStaff.code.label")}
                  description={t("checkinStaff.code.hint")}
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                />
                <Button type="submit" size="lg">
                  {t("checkinStaff.code.submit")}
                </Button>
              </Group>
            </form>
          )}
          {mode === "search" && (
            <GuestSearch
              client={client}
              token={token}
              session={session}
              onCheckIn={(guestId) => scan.mutate({ guestId })}
              checkingIn={scan.isPending ? scan.variables?.guestId : undefined}
              onFailure={onFailure}
            />
          )}

          <ArrivalsList arrivals={arrivals.data?.items ?? []} session={session} />
        </Stack>
      </Container>

      <Group
        component="nav"
        aria-label={t("checkinStaff.actions.label")}
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        h={actionBarHeight}
        px="xs"
        gap="xs"
        grow
        wrap="nowrap"
        bg="var(--mantine-color-body)"
        style={{ borderTop: "1px solid var(--mantine-color-default-border)", zIndex: 10 }}
      >
        {modes.map((each) => (
          <Button
            key={each}
            h={56}
            px={4}
            variant={mode === each ? "filled" : "light"}
            aria-pressed={mode === each}
            onClick={() => setMode(each)}
          >
            {t(`checkinStaff.actions.${each}`)}
          </Button>
        ))}
        <Button
          h={56}
          px={4}
          color="red"
          variant="outline"
          disabled={!undoable}
          loading={undo.isPending}
          onClick={() => undoable && undo.mutate(undoable.checkinId)}
        >
          {t("checkinStaff.actions.undo")}
        </Button>
      </Group>
    </>
  );
}
