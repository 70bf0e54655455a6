import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Event } from "../../../../contract/events";
import { useAdminContext } from "../../../ui/admin-context";
import { EventLoadError } from "../../../ui/EventLoadError";
import { LoadingLine } from "../../../ui/LoadingLine";
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
  const event = useEvent(eventId);
  usePageTitle(event.data ? t("ticketing.billing.pageTitle", { page: title, name: event.data.name }) : title);
  // Read every field at once: TanStack Query re-renders the page that owns `query` only for the fields read during a
  // render, and a field skipped by a short-circuit (while the event loads) would never wake the page again.
  const { isError, error, data } = query;

  if (event.isError || isError) return <EventLoadError message={(event.error ?? error)?.message ?? ""} />;
  if (!event.data || data === undefined) return <LoadingLine />;
  const readOnly = event.data.archived || !can("events.update");
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={adminPath(`/events/${eventId}`)} size="sm" c="blue.8">
        ← {event.data.name}
      </Anchor>
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Title order={1}>{title}</Title>
          <Text c="gray.7">{event.data.name}</Text>
        </Stack>
        {aside?.(data)}
      </Group>
      <TicketingNav eventId={eventId} />
      {children({ event: event.data, data, readOnly })}
    </Stack>
  );
}
