import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type Answers,
  type FormItem,
  localizedText,
  type MemberFormSubmission,
  visibleQuestions,
} from "../../../../contract/forms";
import { useAlert } from "../../../ui/alert";
import { LoadingLine } from "../../../ui/LoadingLine";
import { useLanguageScope } from "../../../ui/language-scope";
import { useEventSlug, useMemberRegistration, usePublicBase } from "../../../ui/public-layout/public-event.queries";
import { formatAnswer } from "../renderer/answer-format";
import { FormSubmission } from "./FormSubmission";
import { useMemberFormAnswers, usePublicForm } from "./public-forms.queries";
import { emptyDraft } from "./submission-draft";

/**
 * The signed-in guest's answers to the event's forms (member area), each with "change my answers" while the form is
 * still open: the registration reopens here prefilled, the survey on its own page.
 */
export function MemberAnswers() {
  const { t } = useTranslation();
  const slug = useEventSlug();
  const answers = useMemberFormAnswers(slug, true);
  const [editing, setEditing] = useState<string | null>(null);
  if (answers.isPending) return <LoadingLine />;
  if (answers.isError) return <Text role="alert">{answers.error.message}</Text>;
  if (answers.data.items.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="member-form-answers">
      <Title order={2} size="h4" id="member-form-answers">
        {t("formsPublic.member.title")}
      </Title>
      {answers.data.items.map((submission) =>
        editing === submission.formId ? (
          <EditRegistration key={submission.formId} submission={submission} onDone={() => setEditing(null)} />
        ) : (
          <SubmissionCard
            key={submission.formId}
            submission={submission}
            onEdit={() => setEditing(submission.formId)}
          />
        ),
      )}
    </Stack>
  );
}

function SubmissionCard({ submission, onEdit }: { submission: MemberFormSubmission; onEdit: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const base = usePublicBase();
  const slug = useEventSlug();
  const registration = submission.type === "registration";
  // The companions' answers are read against the companion form, which comes with the registration form.
  const form = usePublicForm(slug, "registration", registration && submission.companions.length > 0);
  const companionItems = form.data?.companionForm?.items ?? [];
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {localizedText(submission.title, language) || t(`formsPublic.member.type.${submission.type}`)}
        </Title>
        <AnswerList items={submission.items} answers={submission.answers} submission={submission} />
        {submission.companions.map((companion, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: companions have no public id.
          <Stack key={index} gap={4}>
            <Text fw={600} size="sm">
              {t("formsPublic.companions.legend", { number: index + 1 })}
              {companion.mail ? ` — ${companion.mail}` : ""}
            </Text>
            <AnswerList items={companionItems} answers={companion.answers} submission={submission} />
          </Stack>
        ))}
        {submission.canChange && (
          <Group>
            {registration ? (
              <Button variant="light" onClick={onEdit}>
                {t("formsPublic.member.change")}
              </Button>
            ) : (
              <Button variant="light" component={Link} to={`${base}/survey`}>
                {t("formsPublic.member.change")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function AnswerList(props: { items: FormItem[]; answers: Answers; submission: MemberFormSubmission }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const questions = visibleQuestions(props.items, props.answers);
  const context = { language, t, ratingMax: props.submission.ratingMax, files: props.submission.files };
  return (
    <Stack component="dl" gap="xs" m={0}>
      {questions.map((question) => (
        <div key={question.id}>
          <Text component="dt" size="sm" c="gray.7">
            {localizedText(question.title, language)}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
            {formatAnswer(question, props.answers[question.id], context)}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/** The registration form again, prefilled with what the guest sent; sending it replaces their answers. */
function EditRegistration({ submission, onDone }: { submission: MemberFormSubmission; onDone: () => void }) {
  const { t } = useTranslation();
  const slug = useEventSlug();
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const form = usePublicForm(slug, "registration");
  const member = useMemberRegistration(slug, true);
  if (form.isPending || member.isPending) return <LoadingLine />;
  if (form.isError || member.isError) return <Text role="alert">{(form.error ?? member.error)?.message}</Text>;
  const initial = {
    ...emptyDraft(member.data.email),
    answers: submission.answers,
    companions: submission.companions.map((companion) => ({ mail: companion.mail ?? "", answers: companion.answers })),
  };
  const saved = () => {
    void queryClient.invalidateQueries({ queryKey: ["public", slug, "member"] });
    showAlert(t("formsPublic.member.saved"), "green");
    onDone();
  };
  return (
    <Card withBorder radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t("formsPublic.member.editing")}
          </Title>
          <Button variant="subtle" size="compact-sm" onClick={onDone}>
            {t("common.cancel")}
          </Button>
        </Group>
        <FormSubmission form={form.data} mode="edit" initial={initial} onSent={saved} />
      </Stack>
    </Card>
  );
}
