import type { ReactNode } from "react";
import type { Language } from "../../../../contract/common";
import type { FieldValue } from "../../../../contract/field-values";
import type { Question } from "../../../../contract/forms";

/** What every question input receives from the renderer. */
export type QuestionInputProps = {
  question: Question;
  /** The question's title in the organizer's language: the input's label. */
  label: string;
  /** The help text and the type's hint, tied to the input with aria-describedby. */
  description: ReactNode;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  /** The translated message of the rule the value breaks. */
  error: string | undefined;
  language: Language;
  filledAnswerIds: ReadonlySet<string>;
};
