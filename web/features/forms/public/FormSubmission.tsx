import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localizedText, type PublicForm, type SendFormResult } from "../../../../contract/forms";
import { ApiError } from "../../../api/client";
import { useLanguageScope } from "../../../ui/language-scope";
import { useEventSlug, usePublicBase } from "../../../ui/public-layout/public-event.queries";
import { FormRenderer } from "../FormRenderer";
import { TextBlock } from "../renderer/TextBlock";
import { CompanionsFields } from "./CompanionsFields";
import { sendForm, uploadAnswerFile } from "./public-forms.queries";
import { draftBody, draftErrors, errorsUnder, type SubmissionDraft } from "./submission-draft";

type Props = {
  form: PublicForm;
  initial: SubmissionDraft;
  /** register: the guest types their email; edit and survey: the member's email, shown, not changed. */
  mode: "register" | "edit" | "survey";
  onSent: (result: SendFormResult) => void;
};

/** Puts the keyboard on the first input marked invalid, in the order the guest reads them. */
function focusFirstError(container: HTMLElement | null) {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid.matches("input, textarea, select, button")
    ? invalid
    : invalid.querySelector<HTMLElement>("input, textarea, select, button");
  target?.focus();
  (target ?? invalid).scrollIntoView?.({ block: "center" });
}

/**
 * A public form being answered: email, the form's items, companions, terms and privacy, sent with sendForm. The
 * browser checks what the server checks (same functions, same words) before sending; the server's field errors land
 * under the same inputs; after a refused send the first error gets the focus.
 */
export function FormSubmission({ form, initial, mode, onSent }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const slug = useEventSlug();
  const base = usePublicBase();
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const container = useRef<HTMLFormElement>(null);
  const send = useMutation({
    mutationFn: () => sendForm(slug, language, draftBody(form, draft)),
  });

  useEffect(() => {
    if (focusRequest > 0) focusFirstError(container.current);
  }, [focusRequest]);

  // Once the guest tried to send, the rules follow their typing; a server message goes when its input changes.
  const errors = { ...serverErrors, ...(checked ? draftErrors(form, draft, language) : {}) };
  function change(next: Partial<SubmissionDraft>, paths: string[]) {
    setDraft((current) => ({ ...current, ...next }));
    if (paths.length > 0)
      setServerErrors((current) =>
        Object.fromEntries(
          Object.entries(current).filter(([path]) => !paths.some((p) => path === p || path.startsWith(`${p}.`))),
        ),
      );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    setServerErrors({});
    if (Object.keys(draftErrors(form, draft, language)).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    send.mutate(undefined, {
      onSuccess: onSent,
      onError: (error) => {
        if (error instanceof ApiError) setServerErrors(error.fields);
        setFocusRequest((count) => count + 1);
      },
    });
  }

  const alreadyRegistered = send.error instanceof ApiError && send.error.code === "ALREADY_REGISTERED";
  const uploadFor = (formId: string) => (file: File, onProgress: (fraction: number) => void) =>
    uploadAnswerFile(slug, formId, file, onProgress);
  const filledAnswerIds = withoutOwnChoices(form.filledAnswerIds, initial);
  return (
    <form ref={container} onSubmit={submit} noValidate>
      <Stack gap="xl">
        <TextBlock title="" description={localizedText(form.description, language)} />
        {mode === "survey" ? null : (
          <TextInput
            type="email"
            autoComplete="email"
            size="md"
            label={t("formsPublic.submission.email")}
            withAsterisk
            readOnly={mode === "edit"}
            value={draft.mail}
            onChange={(event) => change({ mail: event.currentTarget.value }, ["mail"])}
            error={errors.mail}
          />
        )}
        <FormRenderer
          items={form.items}
          language={language}
          ratingMax={form.ratingMax}
          answers={draft.answers}
          onAnswersChange={(answers) => change({ answers }, changedPaths("items", draft.answers, answers))}
          errors={{ ...errorsUnder(errors, "items."), ...pickRecommendations(errors) }}
          filledAnswerIds={filledAnswerIds}
          uploadFile={uploadFor(form.id)}
          recommendations={draft.recommendations}
          onRecommendationsChange={(recommendations) => change({ recommendations }, ["recommendations"])}
        />
        {form.maxCompanions > 0 && (
          <CompanionsFields
            form={form}
            companions={draft.companions}
            onChange={(companions) => change({ companions }, ["companions"])}
            errors={errors}
            uploadFor={uploadFor}
          />
        )}
        <Stack gap="sm">
          {form.termsUrl && (
            <Stack gap={4}>
              <Checkbox
                size="md"
                label={t("formsPublic.submission.terms")}
                checked={draft.termsAccepted}
                onChange={(event) => change({ termsAccepted: event.currentTarget.checked }, ["termsAccepted"])}
                error={errors.termsAccepted}
              />
              <Anchor href={form.termsUrl} target="_blank" rel="noopener" ml={36} size="sm">
                {t("formsPublic.submission.readTerms")}
              </Anchor>
            </Stack>
          )}
          <Checkbox
            size="md"
            label={t("formsPublic.submission.privacy")}
            checked={draft.privacyAccepted}
            onChange={(event) => change({ privacyAccepted: event.currentTarget.checked }, ["privacyAccepted"])}
            error={errors.privacyAccepted}
          />
        </Stack>
        {send.error && (
          <Alert color="red" role="alert">
            <Text size="sm">{send.error.message}</Text>
            {alreadyRegistered && (
              <Anchor component={Link} to={`${base}/member`} size="sm">
                {t("formsPublic.submission.toMemberArea")}
              </Anchor>
            )}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={send.isPending}>
          {t(`formsPublic.submission.submit.${mode}`)}
        </Button>
      </Stack>
    </form>
  );
}

/** The paths of the questions whose answer changed, so their server messages go away. */
function changedPaths(prefix: string, before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const ids = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...ids].filter((id) => before[id] !== after[id]).map((id) => `${prefix}.${id}`);
}

const pickRecommendations = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => path.startsWith("recommendations.")));

/** A guest changing their answers keeps the options they already hold, even when the quota is now filled. */
function withoutOwnChoices(filled: string[], initial: SubmissionDraft): string[] {
  const own = new Set(
    [initial.answers, ...initial.companions.map((companion) => companion.answers)].flatMap((answers) =>
      Object.values(answers).flatMap((value) =>
        Array.isArray(value) ? value : typeof value === "string" ? [value] : [],
      ),
    ),
  );
  return filled.filter((id) => !own.has(id));
}
