import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AutoMail, type AutoMailText, autoMailDaysMax } from "../../../contract/auto-mails";
import { campaignSubjectMax } from "../../../contract/campaigns";
import type { Language } from "../../../contract/common";
import { ApiError } from "../../api/client";
import { useAutoMailPreview, useSaveAutoMail, useSendAutoMailTest } from "./automails.queries";

type Props = { eventId: string; mail: AutoMail; languages: Language[]; canEdit: boolean };

/**
 * One auto-mail's settings: the switch, its days (reminder, thank-you), its subject and body per language in tabs,
 * with a preview of the saved text and a test send of the text being edited.
 */
export function AutoMailCard({ eventId, mail, languages, canEdit }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const [enabled, setEnabled] = useState(mail.enabled);
  const [days, setDays] = useState<number | string>(mail.days ?? 1);
  const [texts, setTexts] = useState<Record<Language, AutoMailText>>(mail.texts);
  const [language, setLanguage] = useState<Language>(languages[0] ?? "en");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ color: "green" | "red"; message: string } | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [testOpen, setTestOpen] = useState(false);
  const save = useSaveAutoMail(eventId, mail.kind);

  const edited = languages.filter((code) => JSON.stringify(texts[code]) !== JSON.stringify(mail.texts[code]));
  const dirty = edited.length > 0 || enabled !== mail.enabled || (mail.days !== null && Number(days) !== mail.days);
  const setText = (field: keyof AutoMailText, value: string) =>
    setTexts((current) => ({ ...current, [language]: { ...current[language], [field]: value } }));

  const submit = () => {
    setOutcome(null);
    setErrors({});
    save.mutate(
      {
        enabled,
        ...(mail.days !== null && { days: Number(days) }),
        texts: Object.fromEntries(edited.map((code) => [code, texts[code]])),
        reset: [],
      },
      {
        onSuccess: (saved) => {
          setTexts(saved.texts);
          setOutcome({ color: "green", message: t("common.saved") });
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          setOutcome({ color: "red", message: error.message });
        },
      },
    );
  };

  const text = texts[language];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} maw={560}>
            <Group gap="sm">
              <Title order={2} size="h3" id={headingId}>
                {t(`automails.kinds.${mail.kind}.title`)}
              </Title>
              <Badge color={mail.enabled ? "teal" : "gray"} variant="light">
                {t(mail.enabled ? "automails.on" : "automails.off")}
              </Badge>
            </Group>
            <Text size="sm" c="gray.7">
              {t(`automails.kinds.${mail.kind}.description`)}
            </Text>
            {mail.kind !== "confirmation" && (
              <Text size="sm" c="gray.7">
                {t("automails.sent", { count: mail.sent })}
              </Text>
            )}
          </Stack>
          <Switch
            label={t("automails.enabled")}
            checked={enabled}
            disabled={!canEdit}
            onChange={(change) => setEnabled(change.currentTarget.checked)}
          />
        </Group>
        {mail.days !== null && (
          <NumberInput
            label={t(`automails.kinds.${mail.kind}.days`)}
            value={days}
            onChange={setDays}
            min={mail.kind === "reminder" ? 1 : 0}
            max={autoMailDaysMax}
            allowDecimal={false}
            allowNegative={false}
            disabled={!canEdit}
            error={errors.days}
            maw={240}
          />
        )}
        <Tabs value={language} onChange={(value) => value && setLanguage(value as Language)}>
          <Tabs.List aria-label={t("automails.languagesLabel")}>
            {languages.map((code) => (
              <Tabs.Tab key={code} value={code}>
                {t(`automails.languages.${code}`)}
                {mail.customized.includes(code) ? "" : ` (${t("automails.default")})`}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <TextInput
          label={t("automails.subject")}
          value={text.subject}
          maxLength={campaignSubjectMax}
          description={t("automails.subjectCount", { count: text.subject.length, max: campaignSubjectMax })}
          onChange={(change) => setText("subject", change.currentTarget.value)}
          disabled={!canEdit}
          error={errors[`texts.${language}.subject`]}
          required
        />
        <Textarea
          label={t("automails.body")}
          description={t("automails.bodyHelp")}
          value={text.body}
          autosize
          minRows={4}
          maxRows={14}
          onChange={(change) => setText("body", change.currentTarget.value)}
          disabled={!canEdit}
          error={errors[`texts.${language}.body`]}
          required
        />
        {outcome && (
          <Alert color={outcome.color} variant="light" role={outcome.color === "red" ? "alert" : "status"}>
            {outcome.message}
          </Alert>
        )}
        <Group gap="sm">
          {canEdit && (
            <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
              {t("common.save")}
            </Button>
          )}
          <Button variant="light" onClick={() => setPreviewOpen(true)}>
            {t("automails.preview.button")}
          </Button>
          {canEdit && (
            <Button variant="light" onClick={() => setTestOpen(true)}>
              {t("automails.test.button")}
            </Button>
          )}
        </Group>
      </Stack>
      <PreviewModal
        eventId={eventId}
        mail={mail}
        language={language}
        opened={previewOpen}
        unsaved={edited.includes(language)}
        onClose={() => setPreviewOpen(false)}
      />
      <TestModal
        eventId={eventId}
        mail={mail}
        language={language}
        text={text}
        opened={testOpen}
        onClose={() => setTestOpen(false)}
      />
    </Paper>
  );
}

function PreviewModal(props: {
  eventId: string;
  mail: AutoMail;
  language: Language;
  opened: boolean;
  unsaved: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const preview = useAutoMailPreview(props.eventId, props.mail.kind, props.language, props.opened);
  const kindTitle = t(`automails.kinds.${props.mail.kind}.title`);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size="xl"
      title={t("automails.preview.title", { kind: kindTitle, language: t(`automails.languages.${props.language}`) })}
    >
      <Stack gap="sm">
        {props.unsaved && (
          <Alert color="blue" variant="light">
            {t("automails.preview.unsaved")}
          </Alert>
        )}
        {preview.error && (
          <Alert color="red" variant="light" role="alert">
            {preview.error.message}
          </Alert>
        )}
        {preview.data && (
          <>
            <Text>
              <Text span fw={600}>
                {t("automails.subject")}:
              </Text>{" "}
              {preview.data.subject}
            </Text>
            <iframe
              title={t("automails.preview.frame", { kind: kindTitle })}
              srcDoc={preview.data.html}
              sandbox=""
              style={{ width: "100%", height: 520, border: "1px solid #ced4da", borderRadius: 4 }}
            />
          </>
        )}
      </Stack>
    </Modal>
  );
}

function TestModal(props: {
  eventId: string;
  mail: AutoMail;
  language: Language;
  text: AutoMailText;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendAutoMailTest(props.eventId, props.mail.kind);
  const close = () => {
    setError(null);
    setSent(null);
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={t("automails.test.title")}>
      <form
        onSubmit={(submitted) => {
          submitted.preventDefault();
          setError(null);
          setSent(null);
          send.mutate(
            { email, language: props.language, text: props.text },
            {
              onSuccess: () => setSent(t("automails.test.sent", { email })),
              onError: (failure) =>
                setError(failure instanceof ApiError ? (failure.fields.email ?? failure.message) : failure.message),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t("automails.test.help", { language: t(`automails.languages.${props.language}`) })}</Text>
          <TextInput
            type="email"
            label={t("automails.test.email")}
            value={email}
            onChange={(change) => setEmail(change.currentTarget.value)}
            error={error}
            required
            autoComplete="email"
            data-autofocus
          />
          {sent && (
            <Alert color="green" variant="light" role="status">
              {sent}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("common.close")}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t("automails.test.send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
