import routeTable from "virtual:endpoint-routes";
import { Alert, Button, Checkbox, Group, Loader, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ContactForm, contactFormSchema } from "../../../contract/messages";
import { call } from "../../api/client";
import { type CaptchaStatus, useCaptcha } from "../../ui/captcha";
import { showServerErrors, useContractForm } from "../../ui/forms";

const emptyForm: ContactForm = { name: "", email: "", subject: "", message: "", privacyAccepted: false };

/** The public "contact the organizer" form (SPEC §5: privacy acceptance and a captcha, solved without a puzzle). */
export function ContactOrganizerForm({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const form = useContractForm(contactFormSchema, emptyForm);
  const captcha = useCaptcha();
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async (values: ReturnType<typeof contactFormSchema.parse>) => {
      const solution = await captcha.take();
      if (!solution) throw new Error(t("messages.contact.captcha.failed"));
      return call(routeTable.messagesEndpoints.endpoints.contact, {
        params: { slug },
        body: { ...values, captcha: solution },
      });
    },
    onError: (failure) => setError(showServerErrors(form, failure)),
  });

  if (send.isSuccess) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="green" variant="light" role="status" w="100%">
          {t("messages.contact.sent")}
        </Alert>
        <Button
          variant="default"
          onClick={() => {
            form.reset();
            send.reset();
          }}
        >
          {t("messages.contact.another")}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setError(null);
        send.mutate(values);
      })}
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t("messages.contact.name")} autoComplete="name" required {...form.getInputProps("name")} />
        <TextInput
          label={t("messages.contact.email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...form.getInputProps("email")}
        />
        <TextInput
          label={t("messages.contact.subject")}
          description={t("common.optional")}
          maxLength={80}
          {...form.getInputProps("subject")}
        />
        <Textarea
          label={t("messages.contact.message")}
          autosize
          minRows={5}
          maxRows={14}
          required
          {...form.getInputProps("message")}
        />
        <Checkbox
          label={t("messages.contact.privacy")}
          required
          {...form.getInputProps("privacyAccepted", { type: "checkbox" })}
        />
        <CaptchaState status={captcha.status} onRetry={captcha.retry} />
        <Button type="submit" loading={send.isPending} fullWidth>
          {t("messages.contact.submit")}
        </Button>
      </Stack>
    </form>
  );
}

/** Says where the background check stands, to everyone including screen reader users (a polite live region). */
function CaptchaState({ status, onRetry }: { status: CaptchaStatus; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="status" aria-live="polite" mih={28}>
      {status === "solving" && <Loader size="xs" aria-hidden />}
      <Text size="sm" c={status === "failed" ? "red.8" : "gray.7"}>
        {t(`messages.contact.captcha.${status}`)}
      </Text>
      {status === "failed" && (
        <Button size="compact-sm" variant="subtle" onClick={onRetry}>
          {t("messages.contact.captcha.retry")}
        </Button>
      )}
    </Group>
  );
}
