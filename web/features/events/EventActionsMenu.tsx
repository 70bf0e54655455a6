import { Alert, Button, Group, Menu, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { EventSummary } from "../../../contract/events";
import { ApiError } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";
import { useAlertError } from "../../ui/alert";
import { useAdminPath } from "../../ui/language-scope";
import { useToggleArchived } from "./event-archive";
import { useDeleteEvent } from "./events.queries";

type Props = {
  event: Pick<EventSummary, "id" | "name" | "archived">;
  /** The edit page does not offer to open itself. */
  withEdit?: boolean;
  onDeleted?(): void;
};

/** Everything one can do to an event from outside it; each entry only for roles that may do it. */
export function EventActionsMenu({ event, withEdit = true, onDeleted }: Props) {
  const { t } = useTranslation();
  const { can } = useAdminContext();
  const adminPath = useAdminPath();
  const archive = useToggleArchived();
  const [dialog, setDialog] = useState<"duplicate" | "delete" | null>(null);
  const eventPath = adminPath(`/events/${event.id}`);

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size="compact-sm"
            aria-label={t("events.actions.menuFor", { name: event.name })}
            loading={archive.pending}
          >
            {t("events.actions.menu")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {withEdit && can("events.update") && (
            <Menu.Item component={Link} to={eventPath}>
              {t("common.edit")}
            </Menu.Item>
          )}
          <Menu.Item component={Link} to={`${eventPath}/access`}>
            {t("events.actions.access")}
          </Menu.Item>
          {can("events.create") && (
            <Menu.Item onClick={() => setDialog("duplicate")}>{t("events.actions.duplicate")}</Menu.Item>
          )}
          {can("events.archive") && (
            <Menu.Item onClick={() => archive.toggle(event)}>
              {t(event.archived ? "events.actions.unarchive" : "events.actions.archive")}
            </Menu.Item>
          )}
          {can("events.delete") && (
            <Menu.Item color="red" c="red.9" onClick={() => setDialog("delete")}>
              {t("common.delete")}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {dialog === "duplicate" && (
        <Suspense>
          <DuplicateEventModal event={event} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {dialog === "delete" && <DeleteEventModal event={event} onClose={() => setDialog(null)} onDeleted={onDeleted} />}
    </>
  );
}

/** The duplication form, with its schema and form library: fetched when asked for, not with the events list. */
const DuplicateEventModal = lazy(() =>
  import("./DuplicateEventModal").then((module) => ({ default: module.DuplicateEventModal })),
);

/**
 * An event that has sold is refused by the server, which says what it holds: the reason stays in the dialog, with
 * archiving offered in its place.
 */
function DeleteEventModal({ event, onClose, onDeleted }: Pick<Props, "event" | "onDeleted"> & { onClose(): void }) {
  const { t } = useTranslation();
  const { can } = useAdminContext();
  const remove = useDeleteEvent();
  const archive = useToggleArchived();
  const report = useAlertError();
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = () =>
    remove.mutate(event.id, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("events.delete.done", { name: event.name }) });
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === "EVENT_NOT_DELETED") return setRefusal(error.message);
        onClose();
        report(error);
      },
    });
  const archiveInstead = () => {
    archive.toggle(event);
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t("events.delete.title")}>
      <Stack>
        {refusal ? (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        ) : (
          <Text>{t("events.delete.text", { name: event.name })}</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t("common.cancel")}
          </Button>
          {refusal === null ? (
            <Button color="red.9" onClick={confirm} loading={remove.isPending}>
              {t("events.delete.confirm")}
            </Button>
          ) : (
            can("events.archive") &&
            !event.archived && <Button onClick={archiveInstead}>{t("events.delete.archiveInstead")}</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
