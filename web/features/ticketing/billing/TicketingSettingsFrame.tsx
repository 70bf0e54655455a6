import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Event } from "../../../../contract/events";
import { useAdminContext } from "../../../ui/admin-context";
import { eventPageQueries } from "../../../ui/event-page-queries";
import { useAdminPath } from "../../../ui/language-scope";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useEvent } from "../../events/events.queries";
import { TicketingNav } from "../TicketingNav";

type Loaded<T> = { isError: boolean; error: Error | null; data: T | undefined };

type Props<T> = {
  title: string;
  /** The page's own data, loaded beside the event. */
  query: Loaded<T>;
  /** Shown at the right of the title (a mode badge, a state). */
  aside?: (data: T) => ReactNode;
  children: (props: { event: Event; data: T; readOnly: boolean }) => ReactNode;
};

/**
 * The frame of the ticketing settings pages: a way back to the event, the page's title and document title, loading
 * and errors, and whether the caller may change anything (an archived event, or a reader, may only look).
 */
export function TicketingSettingsFrame<T>({ title, query, aside, children }: Props<T>) {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const { can } = useAdminContext();
  const adminPath = useAdminPath();
  const eventQuery = useEvent(eventId);
  usePageTitle(eventQuery.data ? t("ticketing.billing.pageTitle", { page: title, name: eventQuery.data.name }) : title);
  const page = eventPageQueries(eventQuery, query);
  if (!page.answers) return page.placeholder;
  const [event, data] = page.answers;
  const readOnly = event.archived || !can("events.update");
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={adminPath(`/events/${eventId}`)} size="sm" c="blue.8">
        ← {event.name}
      </Anchor>
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Title order={1}>{title}</Title>
          <Text c="gray.7">{event.name}</Text>
        </Stack>
        {aside?.(data)}
      </Group>
      <TicketingNav eventId={eventId} />
      {children({ event, data, readOnly })}
    </Stack>
  );
}
