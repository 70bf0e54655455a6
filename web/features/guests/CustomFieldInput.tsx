import { MultiSelect, NumberInput, Select, Text, Textarea, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { CustomField } from "../../../contract/guests";

type Props = { field: CustomField; input: GetInputPropsReturnType; disabled?: boolean };

/** The input matching a custom field's type; values are stored as the contract describes them. */
export function CustomFieldInput({ field, input, disabled }: Props) {
  const { t } = useTranslation();
  const common = { label: field.name, withAsterisk: field.required, disabled, error: input.error };
  const text = {
    ...common,
    value: (input.value as string | null) ?? "",
    onChange: input.onChange,
    onBlur: input.onBlur,
  };
  const choices = field.choices.map((choice) => ({ value: choice.id, label: choice.label }));
  switch (field.type) {
    case "long_text":
      return <Textarea {...text} autosize minRows={2} />;
    case "unique_choice":
    case "dropdown":
      return (
        <Select
          {...common}
          data={choices}
          value={(input.value as string | null) ?? null}
          onChange={input.onChange}
          clearable
        />
      );
    case "multiple_choice":
      return (
        <MultiSelect
          {...common}
          data={choices}
          value={(input.value as string[] | null) ?? []}
          onChange={input.onChange}
        />
      );
    case "date":
      return <TextInput {...text} type="date" />;
    case "time":
      return <TextInput {...text} type="time" />;
    case "number":
      return (
        <NumberInput
          {...common}
          min={field.min ?? undefined}
          max={field.max ?? undefined}
          value={(input.value as number | null) ?? ""}
          onChange={(value) => input.onChange(value === "" ? null : Number(value))}
          onBlur={input.onBlur}
        />
      );
    case "phone":
      return <TextInput {...text} type="tel" autoComplete="off" description={t("guests.customFields.phoneHint")} />;
    case "fr_identity_card":
    case "passport":
      return <TextInput {...text} maxLength={9} description={t("guests.customFields.documentHint")} />;
    case "file":
      // Files arrive through registration forms; the back office only shows whether one is stored.
      return (
        <Text size="sm">
          <Text span fw={600}>
            {field.name}
          </Text>{" "}
          {input.value ? t("guests.customFields.fileStored") : t("guests.customFields.noFile")}
        </Text>
      );
    default:
      return <TextInput {...text} />;
  }
}
