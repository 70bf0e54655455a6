import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SendFormResult } from "../../../../contract/forms";
import { localizedText } from "../../../../contract/forms";
import { ApiError } from "../../../api/client";
import { LoadingLine } from "../../../ui/LoadingLine";
import { useLanguageScope } from "../../../ui/language-scope";
import { useMemberSession } from "../../../ui/public-layout/member-session";
import { usePublicEventContext } from "../../../ui/public-layout/PublicLayout";
import { useEventSlug, useMemberRegistration, usePublicBase } from "../../../ui/public-layout/public-event.queries";
import { usePageTitle } from "../../../ui/usePageTitle";
import { FormSent, FormUnavailable } from "./FormStates";
import { FormSubmission } from "./FormSubmission";
import { useMemberFormAnswers, usePublicForm } from "./public-forms.queries";
import { emptyDraft } from "./submission-draft";

/**
 * `/{lang}/{event}/survey`: the satisfaction survey, for a guest signed in to the member area (the session says who
 * answers). A guest who already answered finds their answers and may change them while the survey is accessible.
 */
export function SurveyPage() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const slug = useEventSlug();
  const event = usePublicEventContext();
  const { signedIn } = useMemberSession(slug);
  const form = usePublicForm(slug, "survey");
  const registration = useMemberRegistration(slug, signedIn);
  const previous = useMemberFormAnswers(slug, signedIn);
  const [sent, setSent] = useState<SendFormResult | null>(null);
  usePageTitle(t("formsPublic.survey.pageTitle", { event: event.name }));

  const expired = registration.error instanceof ApiError && registration.error.status === 401;
  if (!signedIn || expired) return <SignInFirst />;
  if (form.isPending || registration.isPending || previous.isPending) return <LoadingLine />;
  const missing = form.error instanceof ApiError && form.error.status === 404;
  const failure = (!missing && form.error) || registration.error || previous.error;
  if (failure) return <Text role="alert">{failure.message}</Text>;
  if (form.data && sent) return <FormSent kind="survey" form={form.data} result={sent} />;
  const answered = previous.data.items.find((submission) => submission.formId === form.data?.id);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {(form.data && localizedText(form.data.title, language)) || t("formsPublic.survey.title")}
      </Title>
      {form.data?.availability === "open" ? (
        <FormSubmission
          form={form.data}
          mode="survey"
          initial={{ ...emptyDraft(registration.data.email), answers: answered?.answers ?? {} }}
          onSent={setSent}
        />
      ) : (
        <FormUnavailable kind="survey" form={form.data ?? null} />
      )}
    </Stack>
  );
}

function SignInFirst() {
  const { t } = useTranslation();
  const base = usePublicBase();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("formsPublic.survey.title")}
      </Title>
      <Text>{t("formsPublic.survey.signInFirst")}</Text>
      <Anchor component={Link} to={`${base}/member`}>
        {t("formsPublic.survey.toMemberArea")}
      </Anchor>
    </Stack>
  );
}
