import { Anchor, Button, Card, Group, Menu, Select, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type FormSummary, type FormType, formTypes, localizedText } from "../../../contract/forms";
import { toLanguage } from "../../i18n/i18n";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert } from "../../ui/alert";
import { ConfirmDeleteModal } from "../../ui/ConfirmDeleteModal";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { FormStatusBadge } from "./FormStatusBadge";
import { useDeleteForm, useForms, useSetFormOptions } from "./forms.queries";

/** The forms of an event (registration, satisfaction survey, companion form) with their state and actions. */
export function FormsListPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const { can } = useAdminContext();
  const adminPath = useAdminPath();
  const { showAlert, clearAlert } = useAlert();
  const event = useEvent(eventId);
  const setOptions = useSetFormOptions(eventId);
  const remove = useDeleteForm(eventId);
  const [type, setType] = useState<FormType | "all">("all");
  const [deleting, setDeleting] = useState<FormSummary | null>(null);
  usePageTitle(event.data ? t("forms.list.pageTitle", { name: event.data.name }) : t("forms.list.title"));

  const page = eventPageQueries(event, useForms(eventId));
  if (!page.answers) return page.placeholder;
  const [{ name, timezone }, forms] = page.answers;
  const editable = can("events.update");
  const language = toLanguage(i18n.language);
  const titleOf = (form: FormSummary) => localizedText(form.title, language) || t("forms.untitled");
  const shown = forms.items.filter((form) => type === "all" || form.type === type);
  const dateOf = (instant: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: timezone,
    }).format(new Date(instant));

  const toggleOnline = (form: FormSummary) => {
    clearAlert();
    const online = !form.options.online;
    setOptions.mutate(
      { formId: form.id, body: { online } },
      {
        onSuccess: () =>
          notifications.show({
            color: "green",
            message: t(online ? "forms.list.published" : "forms.list.unpublished"),
          }),
        onError: (error) => showAlert(error.message),
      },
    );
  };
  const confirmDelete = (form: FormSummary) => {
    clearAlert();
    remove.mutate(form.id, {
      onSuccess: () => notifications.show({ color: "green", message: t("forms.list.deleted") }),
      onError: (error) => showAlert(error.message),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to={adminPath(`/events/${eventId}`)} size="sm" c="blue.8">
        ← {t("forms.backToEvent")}
      </Anchor>
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Title order={1}>{t("forms.list.title")}</Title>
          <Text c="gray.7">{name}</Text>
        </Stack>
        {editable && (
          <Button component={Link} to={adminPath(`/events/${eventId}/forms/new`)}>
            {t("forms.list.create")}
          </Button>
        )}
      </Group>
      {forms.items.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="sm">
            <Text ta="center" c="gray.7">
              {t("forms.list.empty")}
            </Text>
            {editable && (
              <Button component={Link} to={adminPath(`/events/${eventId}/forms/new`)} variant="light">
                {t("forms.list.create")}
              </Button>
            )}
          </Stack>
        </Card>
      ) : (
        <>
          <Select
            label={t("forms.list.filter")}
            value={type}
            onChange={(value) => setType((value ?? "all") as FormType | "all")}
            allowDeselect={false}
            data={[
              { value: "all", label: t("forms.list.allTypes") },
              ...formTypes.map((value) => ({ value, label: t(`forms.types.${value}`) })),
            ]}
            w={{ base: "100%", xs: 280 }}
          />
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" striped miw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("forms.list.columns.title")}</Table.Th>
                  <Table.Th scope="col">{t("forms.list.columns.type")}</Table.Th>
                  <Table.Th scope="col">{t("forms.list.columns.status")}</Table.Th>
                  <Table.Th scope="col">{t("forms.list.columns.dates")}</Table.Th>
                  <Table.Th scope="col">{t("forms.list.columns.submissions")}</Table.Th>
                  <Table.Th scope="col">{t("common.actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((form) => (
                  <Table.Tr key={form.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={adminPath(`/events/${eventId}/forms/${form.id}`)}
                        fw={600}
                        c="blue.8"
                      >
                        {titleOf(form)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`forms.types.${form.type}`)}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      <FormStatusBadge status={form.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {form.options.opensAt
                          ? t("forms.list.opens", { date: dateOf(form.options.opensAt) })
                          : t("forms.list.opensOnPublication")}
                      </Text>
                      {form.options.closesAt && (
                        <Text size="sm">{t("forms.list.closes", { date: dateOf(form.options.closesAt) })}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>{form.submissionCount}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          component={Link}
                          to={adminPath(`/events/${eventId}/forms/${form.id}/statistics`)}
                          size="compact-sm"
                          variant="subtle"
                          aria-label={t("forms.list.statisticsOf", { title: titleOf(form) })}
                        >
                          {t("forms.statistics.title")}
                        </Button>
                        {editable && (
                          <Menu position="bottom-end">
                            <Menu.Target>
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                aria-label={t("forms.list.moreActions", { title: titleOf(form) })}
                              >
                                ⋯
                              </Button>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item component={Link} to={adminPath(`/events/${eventId}/forms/${form.id}`)}>
                                {t("forms.list.openBuilder")}
                              </Menu.Item>
                              <Menu.Item onClick={() => toggleOnline(form)}>
                                {t(form.options.online ? "forms.list.takeOffline" : "forms.list.putOnline")}
                              </Menu.Item>
                              <Menu.Item color="red" onClick={() => setDeleting(form)}>
                                {t("common.delete")}
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {shown.length === 0 && <Text c="gray.7">{t("forms.list.noMatch")}</Text>}
        </>
      )}
      <ConfirmDeleteModal
        title={t("forms.list.deleteTitle")}
        text={deleting && t("forms.list.deleteText", { title: titleOf(deleting), count: deleting.submissionCount })}
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
