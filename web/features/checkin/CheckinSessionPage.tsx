import { Anchor, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { CheckinResult } from "../../../contract/checkin";
import { useAdminContext } from "../../ui/admin-context";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { AccessCodeCard } from "./AccessCodeCard";
import { useCheckinSession } from "./checkin.queries";
import { CheckinModeBadge } from "./checkin-format";
import { LiveDashboard } from "./LiveDashboard";
import { CheckinResultAlert, ManualCheckin } from "./ManualCheckin";

/** One door: its access code for staff phones, the devices, and the live dashboard with a check-in by name. */
export function CheckinSessionPage() {
  const { t } = useTranslation();
  const { eventId = "", sessionId = "" } = useParams();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const event = useEvent(eventId);
  const session = useCheckinSession(eventId, sessionId);
  usePageTitle(
    session.data ? t("checkin.session.pageTitle", { name: session.data.name }) : t("checkin.sessions.title"),
  );
  const [result, setResult] = useState<CheckinResult | null>(null);
  const page = eventPageQueries(event, session);
  if (!page.answers) return page.placeholder;
  const [eventData, sessionData] = page.answers;
  const editable = can("events.update") && !eventData.archived;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={adminPath(`/events/${eventId}/checkin`)} size="sm" c="blue.8">
        ← {t("checkin.session.back")}
      </Anchor>
      <Stack gap={0}>
        <Group gap="sm">
          <Title order={1} style={{ overflowWrap: "anywhere" }}>
            {sessionData.name}
          </Title>
          <CheckinModeBadge mode={sessionData.mode} />
        </Group>
        <Text c="gray.7">{eventData.name}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <LiveDashboard eventId={eventId} sessionId={sessionId} editable={editable} onResult={setResult} />
        </Stack>
        <Stack gap="lg">
          {editable && (
            <>
              {result && <CheckinResultAlert result={result} />}
              <ManualCheckin eventId={eventId} sessionId={sessionId} onResult={setResult} />
            </>
          )}
          <AccessCodeCard eventId={eventId} sessionId={sessionId} editable={editable} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
