import { Alert, Drawer, FileInput, Stack, Switch, Text } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "../../../contract/error-messages";
import type { Event } from "../../../contract/events";
import { type Form, formFileMaxBytes, formOptionsSchema } from "../../../contract/forms";
import { toLanguage } from "../../i18n/i18n";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { SaveCancelButtons } from "../../ui/SaveCancelButtons";
import { dateTimePickerLabels, fromWallTime, toWallTime } from "../events/event-dates";
import { LocalizedInput } from "./builder/LocalizedInput";
import { useSetFormOptions, useUploadTerms } from "./forms.queries";
import { formatFileSize } from "./renderer/file-size";

type Props = { event: Event; form: Form; opened: boolean; onClose(): void };

/** A saved form's options: publication, opening dates in the event's zone, approval, companions, message, terms. */
export function FormOptionsDrawer({ event, form, opened, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const options = useContractForm(formOptionsSchema, form.options);
  const save = useSetFormOptions(event.id);
  const upload = useUploadTerms(event.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [termsError, setTermsError] = useState<string | null>(null);
  const zone = event.timezone;
  const wall = (instant: string | null) => (instant ? toWallTime(instant, zone) : null);
  const instant = (value: string | null) => (value ? fromWallTime(value, zone) : null);
  const timeLabels = dateTimePickerLabels(t);

  const submit = options.onSubmit((values) => {
    setFailure(null);
    save.mutate(
      { formId: form.id, body: values },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("forms.options.saved") });
          onClose();
        },
        onError: (error) => setFailure(showServerErrors(options, error)),
      },
    );
  });
  const sendTerms = (file: File | null) => {
    setTermsError(null);
    if (!file) return;
    // The server refuses it too (SPEC §9): saying so here spares a 15 MB upload.
    if (file.size > formFileMaxBytes) return setTermsError(translate("FILE_TOO_BIG", language));
    upload.mutate(
      { formId: form.id, file },
      {
        onSuccess: () => notifications.show({ color: "green", message: t("forms.options.termsUploaded") }),
        onError: (error) => setTermsError(error.message),
      },
    );
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t("forms.options.title")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Switch
            label={t("forms.options.online")}
            description={t("forms.options.onlineHelp")}
            {...options.getInputProps("online", { type: "checkbox" })}
          />
          <DateTimePicker
            label={t(form.type === "survey" ? "forms.options.accessibleFrom" : "forms.options.opensAt")}
            description={t("forms.options.opensHelp", { zone })}
            {...timeLabels}
            value={wall(options.values.opensAt)}
            onChange={(value) => options.setFieldValue("opensAt", instant(value))}
            error={options.errors.opensAt}
          />
          <DateTimePicker
            label={t(form.type === "survey" ? "forms.options.accessibleUntil" : "forms.options.closesAt")}
            description={t("forms.options.closesHelp", { zone })}
            {...timeLabels}
            value={wall(options.values.closesAt)}
            onChange={(value) => options.setFieldValue("closesAt", instant(value))}
            error={options.errors.closesAt}
          />
          <Switch
            label={t("forms.options.requiresApproval")}
            {...options.getInputProps("requiresApproval", { type: "checkbox" })}
          />
          {form.type === "registration" && (
            <Switch
              label={t("forms.options.companionsEnabled", { count: event.maxCompanions })}
              {...options.getInputProps("companionsEnabled", { type: "checkbox" })}
            />
          )}
          {event.languages.map((textLanguage) => (
            <LocalizedInput
              key={textLanguage}
              label={t("forms.options.confirmationMessage")}
              value={options.values.confirmationMessage}
              language={textLanguage}
              multiline
              error={options.errors[`confirmationMessage.${textLanguage}`] as string | undefined}
              onChange={(message) => options.setFieldValue("confirmationMessage", message)}
            />
          ))}
          <Stack gap={4}>
            <FileInput
              label={t("forms.options.terms")}
              description={t("forms.options.termsHelp")}
              placeholder={t("forms.options.termsPick")}
              accept="application/pdf"
              value={null}
              onChange={sendTerms}
              error={termsError}
              disabled={upload.isPending}
            />
            <Text size="sm" c="gray.7">
              {form.terms
                ? t("forms.options.termsCurrent", {
                    name: form.terms.name,
                    size: formatFileSize(form.terms.size, i18n.language),
                  })
                : t("forms.options.noTerms")}
            </Text>
          </Stack>
          <SaveCancelButtons saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Drawer>
  );
}
