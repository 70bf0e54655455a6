import { NumberInput, Textarea, TextInput } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Question } from "../../../../contract/forms";
import { ChoiceQuestion } from "./ChoiceQuestion";
import { FileQuestion, type UploadFile } from "./FileQuestion";
import type { QuestionInputProps } from "./question-props";
import { RatingQuestion } from "./RatingQuestion";
import { ReadOnlyAnswer } from "./ReadOnlyAnswer";

/** What the guest must know to type a valid value (SPEC §5), under the organizer's help text. */
function typeHint(question: Question, t: TFunction): string | undefined {
  const { min, max, exact } = question.selection;
  const bounds = question.validation;
  switch (question.type) {
    case "phone":
      return t("formsPublic.hint.phone");
    case "fr_identity_card":
    case "passport":
      return t("formsPublic.hint.document");
    case "number":
      if (bounds.min !== null && bounds.max !== null)
        return t("formsPublic.hint.numberBetween", { min: bounds.min, max: bounds.max });
      if (bounds.min !== null) return t("formsPublic.hint.numberAtLeast", { min: bounds.min });
      if (bounds.max !== null) return t("formsPublic.hint.numberAtMost", { max: bounds.max });
      return undefined;
    case "multiple_choice":
      if (exact !== null) return t("formsPublic.hint.selectExactly", { count: exact });
      if (min !== null && max !== null) return t("formsPublic.hint.selectBetween", { min, max });
      if (min !== null) return t("formsPublic.hint.selectAtLeast", { count: min });
      if (max !== null) return t("formsPublic.hint.selectAtMost", { count: max });
      return undefined;
    default:
      return undefined;
  }
}

type Props = Omit<QuestionInputProps, "description"> & {
  help: string;
  ratingMax: number;
  uploadFile?: UploadFile;
};

/** One question of a form, with the input of its type. */
export function QuestionField({ help, ratingMax, uploadFile, ...props }: Props) {
  const { t } = useTranslation();
  const { question, label, value, onChange, error } = props;
  const lines = [help.trim(), typeHint(question, t)].filter(Boolean);
  const description = lines.length > 0 ? <span style={{ whiteSpace: "pre-line" }}>{lines.join("\n")}</span> : null;
  const input = { ...props, description };
  if (question.readOnly) return <ReadOnlyAnswer {...input} />;

  const text = {
    label,
    description,
    error,
    withAsterisk: question.required,
    size: "md" as const,
    value: typeof value === "string" ? value : "",
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
  };
  switch (question.type) {
    case "unique_choice":
    case "dropdown":
    case "multiple_choice":
      return <ChoiceQuestion {...input} />;
    case "rating":
      return <RatingQuestion {...input} ratingMax={ratingMax} />;
    case "file":
      return <FileQuestion {...input} uploadFile={uploadFile} />;
    case "long_text":
      return <Textarea {...text} autosize minRows={3} maxLength={10_000} />;
    case "date":
      return <TextInput {...text} type="date" />;
    case "time":
      return <TextInput {...text} type="time" />;
    case "phone":
      return <TextInput {...text} type="tel" inputMode="tel" autoComplete="tel" />;
    case "fr_identity_card":
    case "passport":
      return <TextInput {...text} maxLength={9} autoCapitalize="characters" autoComplete="off" />;
    case "number":
      return (
        <NumberInput
          {...text}
          min={question.validation.min ?? undefined}
          max={question.validation.max ?? undefined}
          allowNegative={question.validation.min === null || question.validation.min < 0}
          // Out-of-bounds values stay as typed so the guest reads why, rather than being silently clamped.
          clampBehavior="none"
          value={typeof value === "number" ? value : ""}
          onChange={(next) => onChange(typeof next === "number" ? next : next === "" ? null : Number(next))}
        />
      );
    default:
      return <TextInput {...text} maxLength={255} />;
  }
}
