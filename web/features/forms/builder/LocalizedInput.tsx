import { Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import type { Localized } from "../../../../contract/forms";

type Props = {
  label: string;
  value: Localized | undefined;
  /** The language being written: the builder's language tabs choose it among the event's languages. */
  language: Language;
  onChange(next: Localized): void;
  error?: string;
  required?: boolean;
  multiline?: boolean;
};

/** One text of the organizer in one of the event's languages; the label names the language being written. */
export function LocalizedInput({ label, value, language, onChange, error, required, multiline }: Props) {
  const { t } = useTranslation();
  const props = {
    label: t("forms.builder.inLanguage", { label, language: t(`events.languages.${language}`) }),
    value: value?.[language] ?? "",
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ ...value, [language]: event.currentTarget.value }),
    error,
    withAsterisk: required,
  };
  return multiline ? <Textarea autosize minRows={2} maxRows={8} {...props} /> : <TextInput {...props} />;
}
