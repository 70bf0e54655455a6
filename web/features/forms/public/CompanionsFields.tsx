import { Button, CloseButton, Fieldset, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PublicForm } from "../../../../contract/forms";
import { useLanguageScope } from "../../../ui/language-scope";
import { FormRenderer, type FormRendererProps } from "../FormRenderer";
import { errorsUnder, type SubmissionDraft } from "./submission-draft";

type Props = {
  form: PublicForm;
  companions: SubmissionDraft["companions"];
  onChange: (companions: SubmissionDraft["companions"]) => void;
  /** Every message of the submission, by sendFormBody path ("companions.0.mail", "companions.1.items.q3"…). */
  errors: Record<string, string>;
  /** Uploads a file answered to the form of that id (the companion form's own id for companions' files). */
  uploadFor: (formId: string) => FormRendererProps["uploadFile"];
};

/** The companions a guest brings (up to the event's maximum), each with an email and the companion form's answers. */
export function CompanionsFields({ form, companions, onChange, errors, uploadFor }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const update = (index: number, next: Partial<SubmissionDraft["companions"][number]>) =>
    onChange(companions.map((companion, at) => (at === index ? { ...companion, ...next } : companion)));
  return (
    <Stack gap="md" component="section" aria-labelledby="companions-title">
      <div>
        <Title order={2} size="h3" id="companions-title">
          {t("formsPublic.companions.title")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("formsPublic.companions.hint", { count: form.maxCompanions })}
        </Text>
      </div>
      {errors.companions && (
        <Text c="red.8" size="sm" role="alert">
          {errors.companions}
        </Text>
      )}
      {companions.map((companion, index) => {
        const number = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: companions have no id before they are sent.
          <Fieldset key={index} legend={t("formsPublic.companions.legend", { number })}>
            <Stack gap="lg">
              <Group justify="flex-end" mt={-8} mb={-16}>
                <CloseButton
                  aria-label={t("formsPublic.companions.remove", { number })}
                  onClick={() => onChange(companions.filter((_, at) => at !== index))}
                />
              </Group>
              <TextInput
                type="email"
                size="md"
                label={t("formsPublic.companions.email")}
                value={companion.mail}
                onChange={(event) => update(index, { mail: event.currentTarget.value })}
                error={errors[`companions.${index}.mail`]}
              />
              {form.companionForm && (
                <FormRenderer
                  items={form.companionForm.items}
                  language={language}
                  ratingMax={form.ratingMax}
                  answers={companion.answers}
                  onAnswersChange={(answers) => update(index, { answers })}
                  errors={errorsUnder(errors, `companions.${index}.items.`)}
                  uploadFile={uploadFor(form.companionForm.id)}
                  filledAnswerIds={form.companionForm.filledAnswerIds}
                />
              )}
            </Stack>
          </Fieldset>
        );
      })}
      {companions.length < form.maxCompanions && (
        <Group>
          <Button variant="light" onClick={() => onChange([...companions, { mail: "", answers: {} }])}>
            {t("formsPublic.companions.add")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
