import { Alert, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../api/client";
import { LanguageMenu } from "../../../ui/LanguageMenu";
import { usePageTitle } from "../../../ui/usePageTitle";
import { deviceTokenStore } from "./device-token";
import type { JoinPageState } from "./ScanPage";
import { useJoin } from "./staff.queries";

/** An access code as the organizer's screen shows it, XXXX-XXXX, however it was typed or pasted. */
export function formatAccessCode(typed: string) {
  const characters = typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 8);
  return characters.length > 4 ? `${characters.slice(0, 4)}-${characters.slice(4)}` : characters;
}

/**
 * /checkin: staff join a check-in session with its access code, no account needed. The organizer's QR code opens
 * this page with `?code=` filled in; a phone that already joined goes straight to its scanning screen.
 */
export function JoinPage() {
  const { t } = useTranslation();
  usePageTitle(t("checkinStaff.join.title"));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signedOut } = (useLocation().state ?? {}) as JoinPageState;
  const codeInLink = params.get("code");
  const [code, setCode] = useState(formatAccessCode(codeInLink ?? ""));
  const [label, setLabel] = useLocalStorage({ key: "ep.checkinDeviceLabel", defaultValue: "" });
  const join = useJoin();

  if (!codeInLink && !signedOut && deviceTokenStore.get()) return <Navigate to="scan" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate({ code, label }, { onSuccess: () => void navigate("scan") });
  };
  const error = join.error instanceof ApiError ? (join.error.fields.code ?? join.error.message) : join.error?.message;

  return (
    <Container size={480} px="sm" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} size="h2">
            {t("checkinStaff.join.title")}
          </Title>
          <LanguageMenu />
        </Group>
        {signedOut && (
          <Alert color="orange" role="alert">
            {signedOut}
          </Alert>
        )}
        <Text>{t("checkinStaff.join.intro")}</Text>
        <Paper withBorder p="md" component="form" onSubmit={submit}>
          <Stack>
            <TextInput
              size="lg"
              label={t("checkinStaff.join.code")}
              placeholder="XXXX-XXXX"
              value={code}
              onChange={(event) => setCode(formatAccessCode(event.currentTarget.value))}
              error={error}
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              styles={{ input: { fontFamily: "monospace", letterSpacing: "0.15em" } }}
            />
            <TextInput
              size="lg"
              label={t("checkinStaff.join.deviceLabel")}
              description={t("checkinStaff.join.deviceLabelHint")}
              value={label}
              onChange={(event) => setLabel(event.currentTarget.value)}
              maxLength={60}
            />
            <Button type="submit" size="lg" loading={join.isPending}>
              {t("checkinStaff.join.submit")}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
