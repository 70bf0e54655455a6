import { Box, Stack } from "@mantine/core";
import type { JSX } from "react";
import type { Language } from "../../../contract/common";
import { type Answers, conditionHolds, type FormItem, localizedText } from "../../../contract/forms";
import type { UploadedFile } from "./renderer/FileQuestion";
import { QuestionField } from "./renderer/QuestionField";
import { type Recommendation, RecommendationsBlock } from "./renderer/RecommendationsBlock";
import { TextBlock } from "./renderer/TextBlock";

export type { Recommendation } from "./renderer/RecommendationsBlock";

export type FormRendererProps = {
  items: FormItem[];
  /** The text language of the organizer's localized texts (fallback: any text). */
  language: Language;
  ratingMax: number;
  answers: Answers;
  onAnswersChange: (next: Answers) => void;
  /** Translated messages by question id (and "recommendations.N.field" for the recommendations block). */
  errors: Record<string, string>;
  /** Shown disabled with "Quota is filled for this option.". */
  filledAnswerIds?: string[];
  /** Absent in the builder's preview: file inputs are then shown disabled. */
  uploadFile?: (file: File, onProgress: (fraction: number) => void) => Promise<UploadedFile>;
  /**
   * The people of the recommendations block (sendFormBody.recommendations): the renderer shows the block and the page
   * keeps the list. A form has at most one such list; absent (the builder's preview), the block shows disabled.
   */
  recommendations?: Recommendation[];
  onRecommendationsChange?: (next: Recommendation[]) => void;
};

/**
 * A form as a guest sees it: items in order, conditional blocks opening live as the guest answers (the same
 * `conditionHolds` the server's `visibleQuestions` uses). Each question sits in an element marked
 * `data-question-id` so a page can scroll to and focus the first error.
 */
export function FormRenderer(props: FormRendererProps): JSX.Element {
  const { items, language, answers, onAnswersChange, errors } = props;
  const filled = new Set(props.filledAnswerIds ?? []);

  function renderItem(item: FormItem): JSX.Element | null {
    switch (item.kind) {
      case "text":
        return (
          <TextBlock
            key={item.id}
            title={localizedText(item.title, language)}
            description={localizedText(item.description, language)}
          />
        );
      case "recommendations":
        return (
          <RecommendationsBlock
            key={item.id}
            title={localizedText(item.title, language)}
            max={item.max}
            people={props.recommendations}
            onChange={props.onRecommendationsChange}
            errors={errors}
          />
        );
      case "conditional":
        if (!conditionHolds(item, answers)) return null;
        return (
          <Stack key={item.id} gap="lg" pl="sm" style={{ borderInlineStart: "3px solid var(--mantine-color-blue-2)" }}>
            {item.items.map(renderItem)}
          </Stack>
        );
      case "question":
        return (
          <Box key={item.id} data-question-id={item.id}>
            <QuestionField
              question={item}
              label={localizedText(item.title, language)}
              help={localizedText(item.help, language)}
              value={answers[item.id]}
              onChange={(value) => onAnswersChange({ ...answers, [item.id]: value })}
              error={errors[item.id]}
              language={language}
              filledAnswerIds={filled}
              ratingMax={props.ratingMax}
              uploadFile={props.uploadFile}
            />
          </Box>
        );
    }
  }

  return <Stack gap="lg">{items.map(renderItem)}</Stack>;
}
