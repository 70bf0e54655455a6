import { ActionIcon, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { type CustomField, choiceFieldTypes, customFieldBody, customFieldTypes } from "../../../contract/guests";
import { useAlert } from "../../ui/alert";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { SaveCancelButtons } from "../../ui/SaveCancelButtons";
import { useSaveCustomField } from "./guests.queries";

type Props = { eventId: string; field: CustomField | null; opened: boolean; onClose(): void };

/** Creates a custom field (`field` null) or edits one; the modal is remounted per field by its caller. */
export function CustomFieldModal({ eventId, field, opened, onClose }: Props) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const save = useSaveCustomField(eventId);
  const form = useContractForm(customFieldBody, {
    name: field?.name ?? "",
    type: field?.type ?? "short_text",
    required: field?.required ?? false,
    choices: field?.choices ?? [],
    min: field?.min ?? null,
    max: field?.max ?? null,
  });
  const { type, choices = [] } = form.getValues();
  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: field?.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("common.saved") });
          onClose();
        },
        onError: (error) => {
          const headline = showServerErrors(form, error);
          if (Object.keys(form.errors).length === 0) showAlert(headline);
        },
      },
    ),
  );
  const number = (key: "min" | "max") => {
    const props = form.getInputProps(key);
    return {
      ...props,
      value: props.value ?? "",
      onChange: (value: string | number) => form.setFieldValue(key, value === "" ? null : Number(value)),
    };
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(field ? "guests.customFields.editTitle" : "guests.customFields.createTitle")}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t("guests.customFields.name")} withAsterisk {...form.getInputProps("name")} />
          <Select
            label={t("guests.customFields.type")}
            data={customFieldTypes.map((value) => ({ value, label: t(`guests.customFields.types.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps("type")}
          />
          <Checkbox
            label={t("guests.customFields.required")}
            {...form.getInputProps("required", { type: "checkbox" })}
          />
          {choiceFieldTypes.includes(type) && (
            <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={600} size="sm">
                {t("guests.customFields.choices")}
              </Text>
              {choices.map((choice, index) => (
                <Group key={choice.id} gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t("guests.customFields.choice", { index: index + 1 })}
                    {...form.getInputProps(`choices.${index}.label`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={2}
                    aria-label={t("guests.customFields.removeChoice", { index: index + 1 })}
                    onClick={() => form.removeListItem("choices", index)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="light"
                size="sm"
                style={{ alignSelf: "flex-start" }}
                onClick={() => form.insertListItem("choices", { id: crypto.randomUUID().slice(0, 8), label: "" })}
              >
                {t("guests.customFields.addChoice")}
              </Button>
            </Stack>
          )}
          {type === "number" && (
            <Group grow>
              <NumberInput label={t("guests.customFields.min")} {...number("min")} />
              <NumberInput label={t("guests.customFields.max")} {...number("max")} />
            </Group>
          )}
          <SaveCancelButtons saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
