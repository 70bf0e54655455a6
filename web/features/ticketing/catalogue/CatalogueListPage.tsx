import { Button, Card, Grid, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { Fragment, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Event } from "../../../../contract/events";
import { useAdminContext } from "../../../ui/admin-context";
import { useAlert } from "../../../ui/alert";
import { ConfirmDeleteModal } from "../../../ui/ConfirmDeleteModal";
import { eventPageQueries } from "../../../ui/event-page-queries";
import { usePageTitle } from "../../../ui/usePageTitle";
import { EventDatesProvider } from "../../events/EventDatesProvider";
import { useEvent } from "../../events/events.queries";
import { CatalogueHeader } from "./CatalogueParts";

/** Names a catalogue page's texts: `ticketing.catalogue.<section>.title`, `.create`, `.empty`, `.deleted`… */
type Section = "tickets" | "coupons" | "discounts";

/** A catalogue page's event, then the data of its other queries, once all have answered; else what it shows meanwhile. */
export function useCatalogueQueries<const Queries extends readonly { data: unknown; error: Error | null }[]>(
  section: Section,
  eventId: string,
  ...queries: Queries
) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  usePageTitle(
    event.data
      ? t(`ticketing.catalogue.${section}.pageTitle`, { name: event.data.name })
      : t(`ticketing.catalogue.${section}.title`),
  );
  return eventPageQueries(event, ...queries);
}

type Rows<Item> = { editable: boolean; edit(item: Item): void; askDelete(item: Item): void };
type Deletion<Variables, Result> = {
  mutate(
    variables: Variables,
    outcome: { onSuccess(result: Result): void; onError(error: Error): void; onSettled(): void },
  ): void;
  isPending: boolean;
};

type Props<Item, Variables, Result> = {
  section: Section;
  event: Event;
  items: Item[];
  /** Under the header, above the list. */
  intro?: ReactNode;
  /** Beside the list on wide screens, under it on narrow ones. */
  aside?(editable: boolean): ReactNode;
  /** The items, when there are any, with the actions their rows start. */
  list(rows: Rows<Item>): ReactNode;
  /** The window that creates (`item` null) or edits an item; remounted per item. */
  editor(item: Item | null, close: () => void): ReactNode;
  /** What the delete confirmation asks about an item. */
  deleteText(item: Item): string;
  remove: Deletion<Variables, Result>;
  /** What `remove` takes to delete an item. */
  removal(item: Item): Variables;
  /** What a deletion that went through tells; by default that the item is deleted. */
  onRemoved?(result: Result): void;
};

/**
 * A list page of the catalogue: the header with the create button (for those who may change the event), the list or
 * a line saying it is empty, the window that creates or edits an item, and the confirmation before a deletion.
 */
export function CatalogueListPage<Item extends { id: string }, Variables, Result>({
  section,
  event,
  items,
  intro,
  aside,
  list,
  editor,
  deleteText,
  remove,
  removal,
  onRemoved,
}: Props<Item, Variables, Result>) {
  const { t } = useTranslation();
  const { can } = useAdminContext();
  const { showAlert, clearAlert } = useAlert();
  // undefined: closed; null: creating; an item: editing it.
  const [editing, setEditing] = useState<Item | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const editable = can("events.update");
  const texts = `ticketing.catalogue.${section}`;
  const confirmDelete = (item: Item) => {
    clearAlert();
    remove.mutate(removal(item), {
      onSuccess: (result) =>
        onRemoved ? onRemoved(result) : notifications.show({ color: "green", message: t(`${texts}.deleted`) }),
      onError: (error) => showAlert(error.message),
      onSettled: () => setDeleting(null),
    });
  };
  const listed =
    items.length === 0 ? (
      <Card withBorder padding="xl" radius="md">
        <Text ta="center" c="gray.7">
          {t(`${texts}.empty`)}
        </Text>
      </Card>
    ) : (
      list({ editable, edit: setEditing, askDelete: setDeleting })
    );

  return (
    <EventDatesProvider>
      <Stack gap="lg" maw={1200}>
        <CatalogueHeader
          event={event}
          title={t(`${texts}.title`)}
          action={editable && <Button onClick={() => setEditing(null)}>{t(`${texts}.create`)}</Button>}
        />
        {intro}
        {aside ? (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>{listed}</Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>{aside(editable)}</Grid.Col>
          </Grid>
        ) : (
          listed
        )}
        {editing !== undefined && (
          <Fragment key={editing?.id ?? "new"}>{editor(editing, () => setEditing(undefined))}</Fragment>
        )}
        <ConfirmDeleteModal
          title={t(`${texts}.deleteTitle`)}
          text={deleting && deleteText(deleting)}
          pending={remove.isPending}
          onConfirm={() => deleting && confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      </Stack>
    </EventDatesProvider>
  );
}
