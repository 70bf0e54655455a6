import { Button, Card, Grid, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { localizedText } from "../../../../contract/forms";
import type { Ticket } from "../../../../contract/ticketing-catalogue";
import { useAdminContext } from "../../../ui/admin-context";
import { useAlert } from "../../../ui/alert";
import { EventLoadError } from "../../../ui/EventLoadError";
import { LoadingLine } from "../../../ui/LoadingLine";
import { usePageTitle } from "../../../ui/usePageTitle";
import { EventDatesProvider } from "../../events/EventDatesProvider";
import { useEvent } from "../../events/events.queries";
import { CatalogueHeader, ConfirmDelete } from "./CatalogueParts";
import { CategoriesPanel } from "./CategoriesPanel";
import { useCategories, useDeleteTicket, useTickets } from "./catalogue.queries";
import { TicketDrawer } from "./TicketDrawer";
import { TicketGroups } from "./TicketGroups";

/** SPEC §2 Ticketing "tickets": the event's tickets by category, their price now, quota, sale and activity. */
export function TicketsPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const { can } = useAdminContext();
  const { showAlert, clearAlert } = useAlert();
  const event = useEvent(eventId);
  const tickets = useTickets(eventId);
  const categories = useCategories(eventId);
  const remove = useDeleteTicket(eventId);
  // undefined: closed; null: creating; a ticket: editing it.
  const [editing, setEditing] = useState<Ticket | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Ticket | null>(null);
  usePageTitle(
    event.data
      ? t("ticketing.catalogue.tickets.pageTitle", { name: event.data.name })
      : t("ticketing.catalogue.tickets.title"),
  );

  if (event.isError || tickets.isError || categories.isError) {
    return <EventLoadError message={(event.error ?? tickets.error ?? categories.error)?.message ?? ""} />;
  }
  if (event.isPending || tickets.isPending || categories.isPending) return <LoadingLine />;
  const editable = can("events.update");
  const captionOf = (ticket: Ticket) => localizedText(ticket.caption, i18n.language);

  const confirmDelete = (ticket: Ticket) => {
    clearAlert();
    remove.mutate(ticket, {
      // A sold ticket stays, deactivated: the server says so in the organizer's language.
      onSuccess: (result) =>
        result.outcome === "deleted"
          ? notifications.show({ color: "green", message: t("ticketing.catalogue.tickets.deleted") })
          : showAlert(result.message, "blue"),
      onError: (error) => showAlert(error.message),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <EventDatesProvider>
      <Stack gap="lg" maw={1200}>
        <CatalogueHeader
          event={event.data}
          title={t("ticketing.catalogue.tickets.title")}
          action={
            editable && <Button onClick={() => setEditing(null)}>{t("ticketing.catalogue.tickets.create")}</Button>
          }
        />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            {tickets.data.items.length === 0 ? (
              <Card withBorder padding="xl" radius="md">
                <Text ta="center" c="gray.7">
                  {t("ticketing.catalogue.tickets.empty")}
                </Text>
              </Card>
            ) : (
              <TicketGroups
                eventId={eventId}
                tickets={tickets.data.items}
                categories={categories.data.items}
                editable={editable}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <CategoriesPanel eventId={eventId} categories={categories.data.items} editable={editable} />
          </Grid.Col>
        </Grid>
        {editing !== undefined && (
          <TicketDrawer
            key={editing?.id ?? "new"}
            event={event.data}
            ticket={editing}
            tickets={tickets.data.items}
            categories={categories.data.items}
            onClose={() => setEditing(undefined)}
          />
        )}
        <ConfirmDelete
          title={t("ticketing.catalogue.tickets.deleteTitle")}
          text={
            deleting &&
            t(deleting.sold ? "ticketing.catalogue.tickets.deleteSoldText" : "ticketing.catalogue.tickets.deleteText", {
              name: captionOf(deleting),
            })
          }
          pending={remove.isPending}
          onConfirm={() => deleting && confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      </Stack>
    </EventDatesProvider>
  );
}
