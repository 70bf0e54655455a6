import { Alert, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import { type Answers, type FormBody, localizedText } from "../../../../contract/forms";
import { FormRenderer } from "../FormRenderer";

type Props = { form: Pick<FormBody, "title" | "description" | "items">; languages: Language[]; ratingMax: number };

/**
 * The working items as a guest sees them, in any of the event's languages. Answers typed here stay in the preview:
 * they open conditional blocks as they would for a guest. File inputs stay disabled (nothing to upload to).
 */
export function FormPreview({ form, languages, ratingMax }: Props) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>(languages[0] ?? "en");
  const [answers, setAnswers] = useState<Answers>({});
  return (
    <Stack gap="sm">
      {languages.length > 1 && (
        <SegmentedControl
          aria-label={t("forms.builder.previewLanguage")}
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          data={languages.map((value) => ({ value, label: t(`events.languages.${value}`) }))}
        />
      )}
      <Alert color="blue" variant="light" p="xs">
        <Text size="sm">{t("forms.builder.previewNote")}</Text>
      </Alert>
      <Title order={3}>{localizedText(form.title, language) || t("forms.untitled")}</Title>
      {localizedText(form.description, language) && (
        <Text style={{ whiteSpace: "pre-line" }}>{localizedText(form.description, language)}</Text>
      )}
      <FormRenderer
        items={form.items}
        language={language}
        ratingMax={ratingMax}
        answers={answers}
        onAnswersChange={setAnswers}
        errors={{}}
      />
    </Stack>
  );
}
