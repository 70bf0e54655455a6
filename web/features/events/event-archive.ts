import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import type { EventSummary } from "../../../contract/events";
import { useAlert, useAlertError } from "../../ui/alert";
import { useSetArchived } from "./events.queries";

/** Archives or unarchives an event with a notification, or the server's reason in the banner. */
export function useToggleArchived() {
  const { t } = useTranslation();
  const { clearAlert } = useAlert();
  const report = useAlertError();
  const setArchived = useSetArchived();
  const toggle = (event: Pick<EventSummary, "id" | "name" | "archived">) => {
    clearAlert();
    const archived = !event.archived;
    setArchived.mutate(
      { eventId: event.id, archived },
      {
        onSuccess: () =>
          notifications.show({
            color: "green",
            message: t(archived ? "events.actions.archivedDone" : "events.actions.unarchivedDone", {
              name: event.name,
            }),
          }),
        onError: report,
      },
    );
  };
  return { toggle, pending: setArchived.isPending };
}
