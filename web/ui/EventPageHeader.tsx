import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The top of a page of one event in the back office: the way back, the page's title over the event's name (absent
 * while the event loads), and the page's actions, which wrap under the title on a phone.
 */
export function EventPageHeader({
  back,
  backLabel,
  title,
  eventName,
  actions,
}: {
  /** The path the back link leads to. */
  back: string;
  backLabel: ReactNode;
  title: string;
  eventName?: string;
  actions?: ReactNode;
}) {
  const heading = (
    <Stack gap={0}>
      <Title order={1}>{title}</Title>
      {eventName && <Text c="gray.7">{eventName}</Text>}
    </Stack>
  );
  return (
    <>
      <Anchor component={Link} to={back} size="sm" c="blue.8">
        ← {backLabel}
      </Anchor>
      {actions ? (
        <Group justify="space-between" align="end">
          {heading}
          <Group gap="sm">{actions}</Group>
        </Group>
      ) : (
        heading
      )}
    </>
  );
}
