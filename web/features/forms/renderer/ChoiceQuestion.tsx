import { Checkbox, NativeSelect, Radio, Stack } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "../../../../contract/error-messages";
import type { Answer } from "../../../../contract/forms";
import { localizedText } from "../../../../contract/forms";
import { toLanguage } from "../../../i18n/i18n";
import type { QuestionInputProps } from "./question-props";

/** A stable pseudo-random key: the same seed keeps the same order while the guest types. */
function scramble(seed: number, id: string): number {
  let hash = seed;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 2_654_435_761);
  return hash >>> 0;
}

/** The answers in the organizer's order, or shuffled once per mount when the question asks for random order. */
function useOrderedAnswers(answers: Answer[], randomOrder: boolean): Answer[] {
  const [seed] = useState(() => Math.floor(Math.random() * 2 ** 31));
  return useMemo(
    () => (randomOrder ? [...answers].sort((a, b) => scramble(seed, a.id) - scramble(seed, b.id)) : answers),
    [answers, randomOrder, seed],
  );
}

/** Unique choice (radio buttons), drop-down and multiple choice (checkboxes); answers whose quota is filled are disabled. */
export function ChoiceQuestion({
  question,
  label,
  description,
  value,
  onChange,
  error,
  language,
  filledAnswerIds,
}: QuestionInputProps) {
  const { t, i18n } = useTranslation();
  const answers = useOrderedAnswers(question.answers, question.randomOrder);
  const quotaFilled = translate("QUOTA_FILLED", toLanguage(i18n.language));
  const answerLabel = (answer: Answer) => localizedText(answer.label, language);
  const isFilled = (answer: Answer) => filledAnswerIds.has(answer.id);
  const wrapper = { label, description, error, withAsterisk: question.required, size: "md" as const };

  if (question.type === "dropdown") {
    const data = answers.map((answer) => ({
      value: answer.id,
      label: isFilled(answer) ? `${answerLabel(answer)} — ${quotaFilled}` : answerLabel(answer),
      disabled: isFilled(answer),
    }));
    return (
      <NativeSelect
        {...wrapper}
        data={[{ value: "", label: t("formsPublic.choose") }, ...data]}
        value={typeof value === "string" ? value : ""}
        onChange={(event) => onChange(event.currentTarget.value || null)}
      />
    );
  }

  const option = (answer: Answer) => ({
    label: answerLabel(answer),
    description: isFilled(answer) ? quotaFilled : undefined,
    disabled: isFilled(answer),
    "aria-invalid": error ? true : undefined,
  });

  if (question.type === "multiple_choice") {
    const ticked = Array.isArray(value) ? value : [];
    return (
      <Checkbox.Group {...wrapper} value={ticked} onChange={onChange}>
        <Stack gap="sm" mt="xs">
          {answers.map((answer) => (
            <Checkbox key={answer.id} value={answer.id} size="md" {...option(answer)} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }

  return (
    <Radio.Group {...wrapper} value={typeof value === "string" ? value : null} onChange={onChange}>
      <Stack gap="sm" mt="xs">
        {answers.map((answer) => (
          <Radio key={answer.id} value={answer.id} size="md" {...option(answer)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
