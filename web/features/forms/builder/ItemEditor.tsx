import { Button, Group, NumberInput, Select, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import { type ConditionalBlock, type FormItem, localizedText } from "../../../../contract/forms";
import type { CustomField } from "../../../../contract/guests";
import { conditionSources } from "./form-items";
import { LocalizedInput } from "./LocalizedInput";
import { QuestionEditor } from "./QuestionEditor";

type Props = {
  item: FormItem;
  /** The block holding the item, or null in the form's own list. */
  blockId: string | null;
  items: FormItem[];
  language: Language;
  customFields: CustomField[];
  errors: Record<string, string>;
  label(item: FormItem): string;
  onChange(next: FormItem): void;
  /** Moves the item to the end of a block's list (or the form's own list with null): the keyboard-free way of a drag. */
  onPlace(blockId: string | null): void;
  onRemove(): void;
};

/** The right-hand editor of the selected item. */
export function ItemEditor(props: Props) {
  const { t } = useTranslation();
  const { item, items, language, errors, onChange } = props;
  const blocks = items.filter((candidate): candidate is ConditionalBlock => candidate.kind === "conditional");
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {props.label(item)}
      </Title>
      {errors[""] && (
        <Text c="red.8" size="sm" role="alert">
          {errors[""]}
        </Text>
      )}
      {item.kind === "question" && (
        <QuestionEditor
          question={item}
          language={language}
          customFields={props.customFields}
          errors={errors}
          onChange={onChange}
        />
      )}
      {(item.kind === "text" || item.kind === "recommendations") && (
        <LocalizedInput
          label={t("forms.builder.blockTitle")}
          value={item.title}
          language={language}
          error={errors.title}
          onChange={(title) => onChange({ ...item, title })}
        />
      )}
      {item.kind === "text" && (
        <LocalizedInput
          label={t("forms.builder.description")}
          value={item.description}
          language={language}
          multiline
          error={errors.description}
          onChange={(description) => onChange({ ...item, description })}
        />
      )}
      {item.kind === "recommendations" && (
        <NumberInput
          label={t("forms.builder.recommendationsMax")}
          min={1}
          max={20}
          allowDecimal={false}
          value={item.max}
          error={errors.max}
          onChange={(value) => onChange({ ...item, max: typeof value === "number" ? value : 1 })}
        />
      )}
      {item.kind === "conditional" && (
        <ConditionEditor block={item} items={items} language={language} errors={errors} onChange={onChange} />
      )}
      {item.kind !== "conditional" && blocks.length > 0 && (
        <Select
          label={t("forms.builder.placement")}
          description={t("forms.builder.placementHelp")}
          data={[
            { value: "", label: t("forms.builder.placementNone") },
            ...blocks.map((block) => ({ value: block.id, label: props.label(block) })),
          ]}
          value={props.blockId ?? ""}
          allowDeselect={false}
          onChange={(value) => props.onPlace(value ? value : null)}
        />
      )}
      <Group>
        <Button variant="subtle" color="red" onClick={props.onRemove}>
          {t("forms.builder.removeItem")}
        </Button>
      </Group>
    </Stack>
  );
}

type ConditionProps = {
  block: ConditionalBlock;
  items: FormItem[];
  language: Language;
  errors: Record<string, string>;
  onChange(next: FormItem): void;
};

/** The question and answer that show a conditional block's items. */
function ConditionEditor({ block, items, language, errors, onChange }: ConditionProps) {
  const { t } = useTranslation();
  const sources = conditionSources(items, block);
  const source = sources.find((question) => question.id === block.questionId);
  return (
    <>
      <Text size="sm">{t("forms.builder.blockHelp")}</Text>
      <Select
        label={t("forms.builder.blockQuestion")}
        placeholder={sources.length === 0 ? t("forms.builder.blockNoSource") : undefined}
        data={sources.map((question) => ({
          value: question.id,
          label: localizedText(question.title, language) || question.name || t("forms.builder.untitledQuestion"),
        }))}
        value={block.questionId}
        error={errors.questionId}
        onChange={(questionId) => onChange({ ...block, questionId, answerId: null })}
      />
      <Select
        label={t("forms.builder.blockAnswer")}
        data={(source?.answers ?? []).map((answer, index) => ({
          value: answer.id,
          label: localizedText(answer.label, language) || t("forms.builder.answer", { index: index + 1 }),
        }))}
        value={block.answerId}
        disabled={!source}
        error={errors.answerId}
        onChange={(answerId) => onChange({ ...block, answerId })}
      />
      {errors.items && (
        <Text c="red.8" size="sm" role="alert">
          {errors.items}
        </Text>
      )}
    </>
  );
}
