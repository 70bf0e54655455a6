import { Checkbox, Group, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import { hasAnswers, type Question } from "../../../../contract/forms";
import type { CustomField } from "../../../../contract/guests";
import { AnswersEditor } from "./AnswersEditor";
import { LocalizedInput } from "./LocalizedInput";
import { TargetSelect } from "./TargetSelect";

type Props = {
  question: Question;
  language: Language;
  customFields: CustomField[];
  /** Messages by path under the question (`title`, `answers.0.label`, `selection`…). */
  errors: Record<string, string>;
  onChange(next: Question): void;
};

const count = (value: string | number) => (typeof value === "number" ? value : null);

/** Everything a question says and checks: texts, flags, answers with quotas, counts, bounds and where answers land. */
export function QuestionEditor({ question, language, customFields, errors, onChange }: Props) {
  const { t } = useTranslation();
  const change = (patch: Partial<Question>) => onChange({ ...question, ...patch });
  const { selection, validation } = question;
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        {t(`forms.questionTypes.${question.type}`)}
      </Text>
      <LocalizedInput
        label={t("forms.builder.questionTitle")}
        value={question.title}
        language={language}
        required
        error={errors.title}
        onChange={(title) => change({ title })}
      />
      <TextInput
        label={t("forms.builder.name")}
        description={t("forms.builder.nameHelp")}
        value={question.name}
        maxLength={100}
        error={errors.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
      />
      <LocalizedInput
        label={t("forms.builder.help")}
        value={question.help}
        language={language}
        multiline
        error={errors.help}
        onChange={(help) => change({ help })}
      />
      {/* Required and read-only exclude each other (SPEC §5): ticking one clears the other. */}
      <Group gap="lg">
        <Checkbox
          label={t("forms.builder.required")}
          checked={question.required}
          onChange={(event) => change({ required: event.currentTarget.checked, readOnly: false })}
        />
        <Checkbox
          label={t("forms.builder.readOnly")}
          checked={question.readOnly}
          onChange={(event) => change({ readOnly: event.currentTarget.checked, required: false })}
        />
      </Group>
      {errors.readOnly && (
        <Text c="red.8" size="sm" role="alert">
          {errors.readOnly}
        </Text>
      )}
      {hasAnswers(question.type) && (
        <>
          <AnswersEditor
            answers={question.answers}
            language={language}
            errors={errors}
            onChange={(answers) => change({ answers })}
          />
          <Checkbox
            label={t("forms.builder.randomOrder")}
            checked={question.randomOrder}
            onChange={(event) => change({ randomOrder: event.currentTarget.checked })}
          />
        </>
      )}
      {question.type === "multiple_choice" && (
        <Group grow align="flex-start">
          <NumberInput
            label={t("forms.builder.selectionMin")}
            min={0}
            allowDecimal={false}
            value={selection.min ?? ""}
            error={errors.selection}
            onChange={(value) => change({ selection: { ...selection, min: count(value) } })}
          />
          <NumberInput
            label={t("forms.builder.selectionMax")}
            min={1}
            allowDecimal={false}
            value={selection.max ?? ""}
            error={errors.selection ? true : undefined}
            onChange={(value) => change({ selection: { ...selection, max: count(value) } })}
          />
          <NumberInput
            label={t("forms.builder.selectionExact")}
            min={1}
            allowDecimal={false}
            value={selection.exact ?? ""}
            error={errors.selection ? true : undefined}
            onChange={(value) => change({ selection: { ...selection, exact: count(value) } })}
          />
        </Group>
      )}
      {question.type === "number" && (
        <Group grow align="flex-start">
          <NumberInput
            label={t("forms.builder.numberMin")}
            value={validation.min ?? ""}
            error={errors.validation}
            onChange={(value) => change({ validation: { ...validation, min: count(value) } })}
          />
          <NumberInput
            label={t("forms.builder.numberMax")}
            value={validation.max ?? ""}
            error={errors.validation ? true : undefined}
            onChange={(value) => change({ validation: { ...validation, max: count(value) } })}
          />
        </Group>
      )}
      <TargetSelect
        question={question}
        customFields={customFields}
        error={errors.target}
        onChange={(target) => change({ target })}
      />
    </Stack>
  );
}
