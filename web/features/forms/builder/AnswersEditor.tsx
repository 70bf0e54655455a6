import { ActionIcon, Button, Fieldset, Group, NumberInput, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import type { Answer } from "../../../../contract/forms";
import { newAnswer } from "./form-items";
import { LocalizedInput } from "./LocalizedInput";

type Props = {
  answers: Answer[];
  language: Language;
  /** Messages by path under the question: `answers`, `answers.0.label`, `answers.0.quota`. */
  errors: Record<string, string>;
  onChange(next: Answer[]): void;
};

/** The answers of a choice question, each with its label in the event's languages and an optional quota. */
export function AnswersEditor({ answers, language, errors, onChange }: Props) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<Answer>) =>
    onChange(answers.map((answer, at) => (at === index ? { ...answer, ...patch } : answer)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...answers];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next);
  };
  return (
    <Fieldset legend={t("forms.builder.answers")} variant="filled">
      <Stack gap="sm">
        <Text size="xs" c="gray.7">
          {t("forms.builder.quotaHelp")}
        </Text>
        {errors.answers && (
          <Text c="red.8" size="sm" role="alert">
            {errors.answers}
          </Text>
        )}
        {answers.map((answer, index) => {
          const number = index + 1;
          return (
            <Stack key={answer.id} gap={4}>
              <LocalizedInput
                label={t("forms.builder.answer", { index: number })}
                value={answer.label}
                language={language}
                required
                error={errors[`answers.${index}.label`]}
                onChange={(label) => change(index, { label })}
              />
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <NumberInput
                  label={t("forms.builder.quota")}
                  aria-label={t("forms.builder.quotaOf", { index: number })}
                  placeholder={t("common.unlimited")}
                  min={1}
                  allowDecimal={false}
                  w={130}
                  size="xs"
                  value={answer.quota ?? ""}
                  error={errors[`answers.${index}.quota`]}
                  onChange={(value) => change(index, { quota: typeof value === "number" ? value : null })}
                />
                <ActionIcon
                  variant="subtle"
                  disabled={index === 0}
                  aria-label={t("forms.builder.moveAnswerUp", { index: number })}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={index === answers.length - 1}
                  aria-label={t("forms.builder.moveAnswerDown", { index: number })}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("forms.builder.removeAnswer", { index: number })}
                  onClick={() => onChange(answers.filter((_, at) => at !== index))}
                >
                  ✕
                </ActionIcon>
              </Group>
            </Stack>
          );
        })}
        <Button variant="light" size="compact-sm" onClick={() => onChange([...answers, newAnswer()])} w="fit-content">
          {t("forms.builder.addAnswer")}
        </Button>
      </Stack>
    </Fieldset>
  );
}
