import { Anchor, Button, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useBlocker, useNavigate } from "react-router";
import type { Event } from "../../../contract/events";
import { type Form, type FormBody, type FormType, localizedText } from "../../../contract/forms";
import type { CustomField } from "../../../contract/guests";
import { ApiError } from "../../api/client";
import { toLanguage } from "../../i18n/i18n";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert } from "../../ui/alert";
import { useAdminPath } from "../../ui/language-scope";
import { FormBuilder } from "./builder/FormBuilder";
import { useFormDraft } from "./builder/use-form-draft";
import { FormOptionsDrawer } from "./FormOptionsDrawer";
import { FormStatusBadge } from "./FormStatusBadge";
import { useSaveForm } from "./forms.queries";

type Props = { event: Event; customFields: CustomField[] } & ({ form: Form } | { form: null; type: FormType });

const bodyOf = (form: Form): FormBody => ({
  id: form.id,
  type: form.type,
  title: form.title,
  description: form.description,
  items: form.items,
});

/** The builder page's frame: header, save (rules checked first, then the server's), options, leave warning. */
export function FormEditor(props: Props) {
  const { event, form } = props;
  const { t, i18n } = useTranslation();
  const { can } = useAdminContext();
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const { showAlert, clearAlert } = useAlert();
  const language = toLanguage(i18n.language);
  const draft = useFormDraft(
    form ? bodyOf(form) : { type: props.type, title: {}, description: {}, items: [] },
    language,
  );
  const save = useSaveForm(event.id);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const formsPath = adminPath(`/events/${event.id}/forms`);

  // Leaving with unsaved edits asks first: in the app (the router) and when closing or reloading the tab.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return draft.dirty && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!draft.dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [draft.dirty]);
  // A new form moves to its own address once saved (and no longer dirty, so the move is not blocked).
  useEffect(() => {
    if (created) navigate(`${formsPath}/${created}`, { replace: true });
  }, [created, formsPath, navigate]);

  const submit = () => {
    clearAlert();
    if (!draft.check()) return showAlert(t("forms.builder.hasErrors"));
    const sent = draft.draft;
    save.mutate(sent, {
      onSuccess: (saved) => {
        draft.saved(bodyOf(saved));
        notifications.show({ color: "green", message: t("forms.builder.saved") });
        if (!form) setCreated(saved.id);
      },
      onError: (error) => {
        if (error instanceof ApiError) draft.refusedByServer(sent, error.fields);
        showAlert(error.message);
      },
    });
  };

  const title = localizedText(draft.draft.title, language) || t("forms.untitled");
  const editable = can("events.update");
  return (
    <Stack gap="md">
      <Anchor component={Link} to={formsPath} size="sm" c="blue.8">
        ← {t("forms.list.title")}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} style={{ overflowWrap: "anywhere" }}>
              {title}
            </Title>
            {form && <FormStatusBadge status={form.status} />}
          </Group>
          <Text c="gray.7">
            {t(`forms.types.${draft.draft.type}`)} · {event.name}
          </Text>
        </Stack>
        <Group gap="sm">
          {form && (
            <>
              <Button component={Link} to={`${formsPath}/${form.id}/statistics`} variant="default">
                {t("forms.statistics.title")}
              </Button>
              <Button variant="default" onClick={() => setOptionsOpen(true)} disabled={!editable}>
                {t("forms.options.title")}
              </Button>
            </>
          )}
          <Button onClick={submit} loading={save.isPending} disabled={!editable}>
            {t("common.save")}
          </Button>
        </Group>
      </Group>
      {draft.dirty && (
        <Text size="sm" c="orange" role="status">
          {t("forms.builder.unsaved")}
        </Text>
      )}
      <FormBuilder event={event} customFields={props.customFields} draft={draft} />
      {form && optionsOpen && (
        <FormOptionsDrawer event={event} form={form} opened onClose={() => setOptionsOpen(false)} />
      )}
      <Modal
        opened={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        title={t("forms.builder.leaveTitle")}
      >
        <Stack>
          <Text>{t("forms.builder.leaveText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {t("forms.builder.stay")}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t("forms.builder.leave")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
