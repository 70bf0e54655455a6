import { Alert, Modal, MultiSelect, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type CheckinSession, checkinModes, checkinSessionBody } from "../../../contract/checkin";
import { localizedText } from "../../../contract/forms";
import { type GuestConditions, guestFieldKeys, noGuestConditions } from "../../../contract/guest-conditions";
import type { CustomField } from "../../../contract/guests";
import type { Category, Ticket } from "../../../contract/ticketing-catalogue";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { GuestConditionsEditor } from "../../ui/GuestConditionsEditor";
import { SaveCancelButtons } from "../../ui/SaveCancelButtons";
import { useSaveSession } from "./checkin.queries";

type Props = {
  eventId: string;
  /** null: a new session. */
  session: CheckinSession | null;
  tickets: Ticket[];
  categories: Category[];
  customFields: CustomField[];
  onClose(): void;
};

/** The guest fields a scanning screen can show: the guest's columns, the tickets, each custom field. */
export function useDisplayedFieldOptions(customFields: CustomField[]) {
  const { t } = useTranslation();
  return [
    ...guestFieldKeys.map((key) => ({ value: key, label: t(`guests.fields.${key}`) })),
    { value: "ticket", label: t("checkin.form.ticketField") },
    ...customFields.map((field) => ({ value: `custom:${field.id}`, label: field.name })),
  ];
}

/** Creates a check-in session or edits one (its mode is fixed once made: a device may hold its offline list). */
export function SessionFormModal({ eventId, session, tickets, categories, customFields, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const save = useSaveSession(eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm(checkinSessionBody, {
    name: session?.name ?? "",
    mode: session?.mode ?? "live",
    conditions: session?.conditions ?? noGuestConditions,
    displayedFields: session?.displayedFields ?? ["firstName", "lastName", "company", "ticket"],
  });
  const fieldOptions = useDisplayedFieldOptions(customFields);
  const values = form.getValues();
  const submit = form.onSubmit((body) => {
    setFailure(null);
    save.mutate(
      { id: session?.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("common.saved") });
          onClose();
        },
        onError: (error) => {
          const headline = showServerErrors(form, error);
          if (Object.keys(form.errors).length === 0) setFailure(headline);
        },
      },
    );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(session ? "checkin.form.editTitle" : "checkin.form.createTitle")}
      size="xl"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label={t("checkin.form.name")} withAsterisk data-autofocus {...form.getInputProps("name")} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="checkin-mode-label">
              {t("checkin.form.mode")}
            </Text>
            <SegmentedControl
              aria-labelledby="checkin-mode-label"
              data={checkinModes.map((mode) => ({ value: mode, label: t(`checkin.mode.${mode}`) }))}
              value={values.mode}
              onChange={(mode) => form.setFieldValue("mode", mode as (typeof checkinModes)[number])}
              disabled={session !== null}
              fullWidth
            />
            <Text size="xs" c="dimmed">
              {t(session ? "checkin.form.modeFixed" : `checkin.form.modeHint.${values.mode}`)}
            </Text>
          </Stack>
          <GuestConditionsEditor
            value={{ ...noGuestConditions, ...values.conditions }}
            onChange={(conditions: GuestConditions) => form.setFieldValue("conditions", conditions)}
            tickets={tickets.map((ticket) => ({ id: ticket.id, label: localizedText(ticket.caption, i18n.language) }))}
            categories={categories.map((category) => ({ id: category.id, label: category.name }))}
            customFields={customFields}
          />
          <MultiSelect
            label={t("checkin.form.displayedFields")}
            description={t("checkin.form.displayedFieldsHint")}
            data={fieldOptions}
            searchable
            {...form.getInputProps("displayedFields")}
          />
          <SaveCancelButtons saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
