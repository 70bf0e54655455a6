import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useAdminContext } from "../../ui/admin-context";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { NotAllowed } from "../accounts/page-parts";
import { useEvent } from "../events/events.queries";
import { AuditTable } from "./AuditLogPage";

/** /admin/events/{id}/history: the account's audit log narrowed to one event (issue 21), the same table and filters. */
export function EventHistoryPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const { accountId, can } = useAdminContext();
  const adminPath = useAdminPath();
  const event = useEvent(eventId);
  usePageTitle(event.data ? t("audit.event.pageTitle", { name: event.data.name }) : t("audit.event.title"));
  const page = eventPageQueries(event);
  if (!page.answers) return page.placeholder;
  const [eventData] = page.answers;
  return (
    <Stack gap="lg" maw={1200}>
      <EventPageHeader
        back={adminPath(`/events/${eventId}`)}
        backLabel={t("audit.event.back")}
        title={t("audit.event.title")}
        eventName={eventData.name}
      />
      {can("audit.read") ? <AuditTable accountId={accountId} eventId={eventId} /> : <NotAllowed />}
    </Stack>
  );
}
