import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Event } from "../../../../contract/events";
import { ApiError } from "../../../api/client";
import { showServerErrors } from "../../../ui/forms";
import { useAdminPath } from "../../../ui/language-scope";
import { TicketingNav } from "../TicketingNav";

/** The top of every catalogue page: back to the event, the page's title, the ticketing pages, the main action. */
export function CatalogueHeader({ event, title, action }: { event: Event; title: string; action?: ReactNode }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={adminPath(`/events/${event.id}`)} size="sm" c="blue.8">
        ← {t("ticketing.catalogue.backToEvent", { name: event.name })}
      </Anchor>
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Title order={1}>{title}</Title>
          <Text c="gray.7">{event.name}</Text>
        </Stack>
        {action}
      </Group>
      <TicketingNav eventId={event.id} />
    </Stack>
  );
}

type RowActionsProps = { name: string; onEdit(): void; onDelete(): void; size?: "compact-sm" | "compact-xs" };

/** Edit and delete buttons of one row, named after it for screen readers ("Edit Early bird"). */
export function RowActions({ name, onEdit, onDelete, size = "compact-sm" }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Button size={size} variant="subtle" aria-label={t("ticketing.catalogue.editNamed", { name })} onClick={onEdit}>
        {t("common.edit")}
      </Button>
      <Button
        size={size}
        variant="subtle"
        color="red"
        aria-label={t("ticketing.catalogue.deleteNamed", { name })}
        onClick={onDelete}
      >
        {t("common.delete")}
      </Button>
    </Group>
  );
}

/**
 * A failed save: the server's field messages go under their inputs; the headline is returned for the form's banner
 * only when no field carries it, so nothing is said twice.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form shape may receive server errors.
export function serverFailure(form: UseFormReturnType<any, any>, error: unknown): string | null {
  const headline = showServerErrors(form, error);
  return error instanceof ApiError && Object.keys(error.fields).length > 0 ? null : headline;
}
