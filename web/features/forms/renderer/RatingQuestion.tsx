import { Input, VisuallyHidden } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { QuestionInputProps } from "./question-props";
import classes from "./RatingQuestion.module.css";

/**
 * A rating from 1 to the event's maximum: stars that are radio buttons named "3 of 5", grouped in a radiogroup named
 * by the question, so a keyboard (arrow keys) or a screen reader rates as easily as a finger.
 */
export function RatingQuestion({
  question,
  label,
  description,
  value,
  onChange,
  error,
  ratingMax,
}: QuestionInputProps & { ratingMax: number }) {
  const { t } = useTranslation();
  const id = useId();
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(" ");
  const rating = typeof value === "number" ? value : 0;
  return (
    <Input.Wrapper
      size="md"
      label={label}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={description}
      descriptionProps={{ id: `${id}-description` }}
      error={error}
      errorProps={{ id: `${id}-error` }}
      withAsterisk={question.required}
    >
      <div
        role="radiogroup"
        className={classes.stars}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
      >
        {Array.from({ length: ratingMax }, (_, index) => index + 1).map((score) => (
          <label key={score}>
            <input
              className={classes.input}
              type="radio"
              name={id}
              value={score}
              checked={rating === score}
              onChange={() => onChange(score)}
            />
            <span className={classes.star} data-full={score <= rating || undefined} aria-hidden="true">
              ★
            </span>
            <VisuallyHidden>{t("formsPublic.rating.symbol", { value: score, max: ratingMax })}</VisuallyHidden>
          </label>
        ))}
      </div>
    </Input.Wrapper>
  );
}
