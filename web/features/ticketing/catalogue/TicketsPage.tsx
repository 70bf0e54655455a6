import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { localizedText } from "../../../../contract/forms";
import { useAlert } from "../../../ui/alert";
import { CatalogueListPage, useCatalogueQueries } from "./CatalogueListPage";
import { CategoriesPanel } from "./CategoriesPanel";
import { useCategories, useDeleteTicket, useTickets } from "./catalogue.queries";
import { TicketDrawer } from "./TicketDrawer";
import { TicketGroups } from "./TicketGroups";

/** SPEC §2 Ticketing "tickets": the event's tickets by category, their price now, quota, sale and activity. */
export function TicketsPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const { showAlert } = useAlert();
  const remove = useDeleteTicket(eventId);
  const page = useCatalogueQueries("tickets", eventId, useTickets(eventId), useCategories(eventId));
  if (!page.answers) return page.placeholder;
  const [event, tickets, categories] = page.answers;

  return (
    <CatalogueListPage
      section="tickets"
      event={event}
      items={tickets.items}
      list={({ editable, edit, askDelete }) => (
        <TicketGroups
          eventId={eventId}
          tickets={tickets.items}
          categories={categories.items}
          editable={editable}
          onEdit={edit}
          onDelete={askDelete}
        />
      )}
      aside={(editable) => <CategoriesPanel eventId={eventId} categories={categories.items} editable={editable} />}
      editor={(ticket, close) => (
        <TicketDrawer
          event={event}
          ticket={ticket}
          tickets={tickets.items}
          categories={categories.items}
          onClose={close}
        />
      )}
      deleteText={(ticket) =>
        t(ticket.sold ? "ticketing.catalogue.tickets.deleteSoldText" : "ticketing.catalogue.tickets.deleteText", {
          name: localizedText(ticket.caption, i18n.language),
        })
      }
      remove={remove}
      removal={(ticket) => ticket}
      // A sold ticket stays, deactivated: the server says so in the organizer's language.
      onRemoved={(result) =>
        result.outcome === "deleted"
          ? notifications.show({ color: "green", message: t("ticketing.catalogue.tickets.deleted") })
          : showAlert(result.message, "blue")
      }
    />
  );
}
