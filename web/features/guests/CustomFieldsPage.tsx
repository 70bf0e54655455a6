import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { CustomField } from "../../../contract/guests";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert } from "../../ui/alert";
import { ConfirmDeleteModal } from "../../ui/ConfirmDeleteModal";
import { useCustomFields } from "../../ui/custom-fields.queries";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { eventLoadFailure, eventPageQueries } from "../../ui/event-page-queries";
import { LoadingLine } from "../../ui/LoadingLine";
import { useAdminPath } from "../../ui/language-scope";
import { movedInOrder } from "../../ui/moved-in-order";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { CustomFieldModal } from "./CustomFieldModal";
import { useDeleteCustomField, useReorderCustomFields } from "./guests.queries";

/** The event's custom guest fields, in the order forms and the guest page show them. */
export function CustomFieldsPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const { can } = useAdminContext();
  const adminPath = useAdminPath();
  const { showAlert, clearAlert } = useAlert();
  const event = useEvent(eventId);
  const fields = useCustomFields(eventId);
  const reorder = useReorderCustomFields(eventId);
  const remove = useDeleteCustomField(eventId);
  // undefined: closed; null: creating; a field: editing it.
  const [editing, setEditing] = useState<CustomField | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  usePageTitle(
    event.data ? t("guests.customFields.pageTitle", { name: event.data.name }) : t("guests.customFields.title"),
  );

  const failure = eventLoadFailure(event);
  if (failure) return failure;
  const page = eventPageQueries(fields);
  if (!page.answers) return page.placeholder;
  const [list] = page.answers;
  const editable = can("events.update");
  const report = (error: Error) => showAlert(error.message);

  const move = (index: number, by: -1 | 1) => {
    clearAlert();
    reorder.mutate(
      movedInOrder(
        list.map((field) => field.id),
        index,
        by,
      ),
      { onError: report },
    );
  };
  const confirmDelete = (field: CustomField) => {
    clearAlert();
    remove.mutate(field.id, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("guests.customFields.deleted") });
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        report(error);
      },
    });
  };

  return (
    <Stack gap="lg" maw={960}>
      <EventPageHeader
        back={adminPath(`/events/${eventId}/guests`)}
        backLabel={t("guests.list.title")}
        title={t("guests.customFields.title")}
        eventName={event.data?.name}
        actions={editable && <Button onClick={() => setEditing(null)}>{t("guests.customFields.createTitle")}</Button>}
      />
      {reorder.isPending && <LoadingLine />}
      {list.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Text ta="center" c="gray.7">
            {t("guests.customFields.empty")}
          </Text>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("guests.customFields.name")}</Table.Th>
                <Table.Th scope="col">{t("guests.customFields.type")}</Table.Th>
                {editable && <Table.Th scope="col">{t("common.actions")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((field, index) => (
                <Table.Tr key={field.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {field.name}
                      </Text>
                      {field.required && (
                        <Badge variant="light" color="gray" c="gray.8" tt="none">
                          {t("guests.customFields.required")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{t(`guests.customFields.types.${field.type}`)}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          disabled={index === 0 || reorder.isPending}
                          aria-label={t("guests.customFields.moveUp", { name: field.name })}
                          onClick={() => move(index, -1)}
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          disabled={index === list.length - 1 || reorder.isPending}
                          aria-label={t("guests.customFields.moveDown", { name: field.name })}
                          onClick={() => move(index, 1)}
                        >
                          ↓
                        </ActionIcon>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={t("guests.customFields.editNamed", { name: field.name })}
                          onClick={() => setEditing(field)}
                        >
                          {t("common.edit")}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={t("guests.customFields.deleteNamed", { name: field.name })}
                          onClick={() => setDeleting(field)}
                        >
                          {t("common.delete")}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== undefined && (
        <CustomFieldModal
          key={editing?.id ?? "new"}
          eventId={eventId}
          field={editing}
          opened
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDeleteModal
        title={t("guests.customFields.deleteTitle")}
        text={deleting && t("guests.customFields.deleteText", { name: deleting.name })}
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
