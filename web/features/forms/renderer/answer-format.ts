import type { TFunction } from "i18next";
import type { Language } from "../../../../contract/common";
import { type FieldValue, isEmptyValue } from "../../../../contract/field-values";
import { localizedText, type Question } from "../../../../contract/forms";
import { formatFileSize } from "./file-size";

type KnownFile = { id: string; name: string; size: number };

/** An answer as the guest reads it: choice labels, "4 / 5" for a rating, a file's name and size when known. */
export function formatAnswer(
  question: Question,
  value: FieldValue | undefined,
  context: { language: Language; t: TFunction; ratingMax?: number; files?: readonly KnownFile[] },
): string {
  const { language, t } = context;
  if (isEmptyValue(value)) return t("formsPublic.readOnly.empty");
  const labels = new Map(question.answers.map((answer) => [answer.id, localizedText(answer.label, language)]));
  if (Array.isArray(value)) return value.map((id) => labels.get(id) ?? id).join(", ");
  if (question.type === "rating" && context.ratingMax)
    return t("formsPublic.rating.symbol", { value, max: context.ratingMax });
  if (question.type === "file") {
    const file = context.files?.find((known) => known.id === value);
    return file
      ? t("formsPublic.file.uploaded", { name: file.name, size: formatFileSize(file.size, language) })
      : t("formsPublic.file.stored");
  }
  return labels.get(String(value)) ?? String(value);
}
