import type { TFunction } from "i18next";
import type { Language } from "../../../../contract/common";
import { type FormItem, formQuestions, localizedText } from "../../../../contract/forms";

/**
 * How the builder names an item (its card, the drag announcements, the lists of blocks): its title in the language
 * being written, else what it is; a conditional block is named by its condition.
 */
export function itemLabeller(items: readonly FormItem[], language: Language, t: TFunction) {
  const questions = formQuestions(items);
  const label = (item: FormItem): string => {
    switch (item.kind) {
      case "question":
        return localizedText(item.title, language) || item.name || t("forms.builder.untitledQuestion");
      case "text":
        return localizedText(item.title, language) || t("forms.palette.text");
      case "recommendations":
        return localizedText(item.title, language) || t("forms.palette.recommendations");
      case "conditional": {
        const question = questions.find((candidate) => candidate.id === item.questionId);
        const answer = question?.answers.find((candidate) => candidate.id === item.answerId);
        return question && answer
          ? t("forms.builder.blockWhen", { question: label(question), answer: localizedText(answer.label, language) })
          : t("forms.builder.blockNoCondition");
      }
    }
  };
  return label;
}
