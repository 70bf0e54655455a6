import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SendFormResult } from "../../../../contract/forms";
import { localizedText, type PublicForm } from "../../../../contract/forms";
import { useLanguageScope } from "../../../ui/language-scope";
import { usePublicEventContext } from "../../../ui/public-layout/PublicLayout";
import { usePublicBase } from "../../../ui/public-layout/public-event.queries";

type FormKind = "registration" | "survey";

/** Why the form cannot be answered now, in a sentence: not open yet (with the date), closed, full, not online. */
export function FormUnavailable({
  kind,
  form,
}: {
  kind: FormKind;
  form: Pick<PublicForm, "availability" | "opensAt"> | null;
}) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const event = usePublicEventContext();
  const state = form?.availability ?? "offline";
  const opensAt =
    form?.opensAt &&
    new Intl.DateTimeFormat(language, { dateStyle: "full", timeStyle: "short", timeZone: event.timezone }).format(
      new Date(form.opensAt),
    );
  return (
    <Alert color={state === "full" ? "orange" : "blue"} role="status">
      <Text>
        {state === "not_yet_open" && opensAt
          ? t(`formsPublic.availability.${kind}.opensOn`, { date: opensAt })
          : t(`formsPublic.availability.${kind}.${state === "not_yet_open" ? "notYetOpen" : state}`)}
      </Text>
    </Alert>
  );
}

/** After a send: thanks, the organizer's confirmation message and where the registration stands. */
export function FormSent({
  kind,
  form,
  result,
}: {
  kind: FormKind | "edit";
  form: PublicForm;
  result: SendFormResult;
}) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const base = usePublicBase();
  const message = localizedText(form.confirmationMessage, language);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the guest was at the bottom of is gone: bring them to the top, where the news is.
  useEffect(() => {
    window.scrollTo?.(0, 0);
    heading.current?.focus();
  }, []);
  return (
    <Stack gap="md" role="status">
      <Title order={1} size="h2" ref={heading} tabIndex={-1}>
        {t(`formsPublic.sent.title.${kind}`)}
      </Title>
      {kind !== "survey" && (
        <Text fw={600}>
          {result.status === "pending_approval" ? t("formsPublic.sent.pending") : t("formsPublic.sent.confirmed")}
        </Text>
      )}
      {message && <Text style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{message}</Text>}
      {kind === "registration" && <Text>{t("formsPublic.sent.mailSent")}</Text>}
      <Anchor component={Link} to={`${base}/member`}>
        {t("formsPublic.sent.memberArea")}
      </Anchor>
    </Stack>
  );
}
