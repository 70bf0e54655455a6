import { Alert, Button, Container, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { ApiError } from "../../../api/client";
import { LoadingLine } from "../../../ui/LoadingLine";
import { liveDeviceClient } from "./device-client";
import { deviceTokenStore } from "./device-token";
import { OfflineSession } from "./offline-session";
import { ScanScreen } from "./ScanScreen";
import { useDeviceSession } from "./staff.queries";

/** What the join page shows after the server signed this phone out (its access code was revoked). */
export type JoinPageState = { signedOut?: string };

/** /checkin/scan: the joined session's scanning screen; without a token, or once revoked, the join page. */
export function ScanPage() {
  const token = deviceTokenStore.get();
  if (!token) return <Navigate to=".." relative="path" replace />;
  return <JoinedSession token={token} />;
}

function JoinedSession({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useDeviceSession(token);
  // Every call of the screen reports its failures here: a 401 anywhere means the device was signed out.
  const onFailure = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 401) return;
      deviceTokenStore.clear();
      queryClient.removeQueries({ queryKey: ["checkin-staff", token] });
      const state: JoinPageState = { signedOut: error.message };
      void navigate("..", { relative: "path", replace: true, state });
    },
    [navigate, queryClient, token],
  );
  // How this session answers scans: a live session asks the server at each scan (an offline one: OfflineSession).
  const client = useMemo(() => liveDeviceClient(token), [token]);

  useEffect(() => {
    if (session.error) onFailure(session.error);
  }, [session.error, onFailure]);

  if (!session.data && session.error) {
    return (
      <Container size="xs" py="xl">
        <Alert color="red" role="alert" title={t("checkinStaff.scan.loadFailed")}>
          <Stack align="flex-start">
            {session.error.message}
            <Button size="lg" onClick={() => void session.refetch()}>
              {t("checkinStaff.scan.retry")}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  if (!session.data) return <LoadingLine />;
  if (session.data.mode === "offline") {
    return <OfflineSession session={session.data} token={token} onFailure={onFailure} />;
  }
  return <ScanScreen session={session.data} client={client} token={token} onFailure={onFailure} />;
}
