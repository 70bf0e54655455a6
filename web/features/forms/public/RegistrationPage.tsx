import { Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SendFormResult } from "../../../../contract/forms";
import { localizedText } from "../../../../contract/forms";
import { ApiError } from "../../../api/client";
import { LoadingLine } from "../../../ui/LoadingLine";
import { useLanguageScope } from "../../../ui/language-scope";
import { usePublicEventContext } from "../../../ui/public-layout/PublicLayout";
import { useEventSlug, useInvitation } from "../../../ui/public-layout/public-event.queries";
import { usePageTitle } from "../../../ui/usePageTitle";
import { FormSent, FormUnavailable } from "./FormStates";
import { FormSubmission } from "./FormSubmission";
import { usePublicForm } from "./public-forms.queries";
import { invitedDraft } from "./submission-draft";

/** `/{lang}/{event}/register`: the event's online registration form, on a phone first. */
export function RegistrationPage() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const slug = useEventSlug();
  const event = usePublicEventContext();
  const form = usePublicForm(slug, "registration");
  const { invitation, pending: invitationPending } = useInvitation(slug);
  const [sent, setSent] = useState<SendFormResult | null>(null);
  usePageTitle(t("formsPublic.register.pageTitle", { event: event.name }));

  if (form.isPending || invitationPending) return <LoadingLine />;
  const missing = form.error instanceof ApiError && form.error.status === 404;
  if (form.isError && !missing) return <Text role="alert">{form.error.message}</Text>;
  const title = (form.data && localizedText(form.data.title, language)) || t("formsPublic.register.title");
  if (form.data && sent) return <FormSent kind="registration" form={form.data} result={sent} />;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {form.data?.availability === "open" ? (
        <FormSubmission
          form={form.data}
          mode="register"
          initial={invitedDraft(form.data, invitation)}
          onSent={setSent}
        />
      ) : (
        <FormUnavailable kind="registration" form={form.data ?? null} />
      )}
    </Stack>
  );
}
