import { Input, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatAnswer } from "./answer-format";
import type { QuestionInputProps } from "./question-props";

/** A read-only question: the organizer's stored value, shown as text the guest cannot change. */
export function ReadOnlyAnswer({ question, label, description, value, language }: QuestionInputProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper size="md" label={label} description={description} labelElement="div">
      <Text size="md" mt={4} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        {formatAnswer(question, value, { language, t })}
      </Text>
    </Input.Wrapper>
  );
}
