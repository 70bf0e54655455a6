import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import {
  type CampaignBlock,
  type CampaignContent,
  type CampaignLanguageContent,
  campaignBlockTypes,
  campaignSubjectMax,
} from "../../../contract/campaigns";
import { type Campaign, type CampaignTemplateId, campaignTemplateIds } from "../../../contract/campaigns-editor";
import type { Language } from "../../../contract/common";
import { ApiError } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { BlockFields, emptyBlock } from "./BlockEditor";
import { CampaignAttachments } from "./CampaignAttachments";
import { CampaignStatusBadge } from "./CampaignListPage";
import { useApplyTemplate, useCampaign, useDraftPreview, useTestSend, useUpdateCampaign } from "./campaigns.queries";
import { useSenders } from "./senders/senders.queries";

const emptyContent: CampaignLanguageContent = { subject: "", previewText: "", blocks: [] };

/** SPEC §2 "Email campaigns: editor": settings, blocks per language, live preview, template change, test send. */
export function CampaignEditorPage() {
  const { eventId = "", campaignId = "" } = useParams();
  const campaign = useCampaign(eventId, campaignId);
  const { t } = useTranslation();
  usePageTitle(campaign.data ? t("campaigns.editor.pageTitle", { name: campaign.data.name }) : t("campaigns.title"));
  if (campaign.isError) return <Alert color="red">{t("app.error.unknown")}</Alert>;
  if (!campaign.data) return <Text c="gray.7">{t("app.loading")}</Text>;
  return <Editor key={campaign.data.id} eventId={eventId} campaign={campaign.data} />;
}

function Editor({ eventId, campaign }: { eventId: string; campaign: Campaign }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const { accountId, can } = useAdminContext();
  const [name, setName] = useState(campaign.name);
  const [fromName, setFromName] = useState(campaign.fromName);
  const [senderId, setSenderId] = useState(campaign.senderId);
  const [replyEmail, setReplyEmail] = useState(campaign.replyEmail ?? "");
  const [content, setContent] = useState<CampaignContent>(campaign.content);
  const [language, setLanguage] = useState<Language>(campaign.languages[0] ?? "fr");
  const [template, setTemplate] = useState<CampaignTemplateId>(campaign.template as CampaignTemplateId);
  const [testEmail, setTestEmail] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const senders = useSenders(accountId);
  const update = useUpdateCampaign(eventId, campaign.id);
  const applyTemplate = useApplyTemplate(eventId, campaign.id);
  const testSend = useTestSend(eventId, campaign.id);
  const current = content[language] ?? emptyContent;
  const [previewed] = useDebouncedValue(current, 600);
  const preview = useDraftPreview(eventId, campaign.id, language, previewed);
  const readOnly = !campaign.editable || !can("events.update");
  useEffect(() => setContent(campaign.content), [campaign.content]);

  const failure = [update.error, applyTemplate.error, testSend.error].find((e) => e instanceof ApiError) as
    | ApiError
    | undefined;
  const errorOf = (path: string) => (update.error instanceof ApiError ? update.error.fields[path] : undefined);
  const setCurrent = (next: CampaignLanguageContent) => setContent({ ...content, [language]: next });
  const setBlocks = (blocks: CampaignBlock[]) => setCurrent({ ...current, blocks });
  const move = (index: number, by: number) => {
    const blocks = [...current.blocks];
    const [moved] = blocks.splice(index, 1);
    if (moved) blocks.splice(index + by, 0, moved);
    setBlocks(blocks);
  };
  const [adding, setAdding] = useState<CampaignBlock["type"]>("text");
  const save = () =>
    update.mutate(
      { name, fromName, senderId, replyEmail: replyEmail || null, content },
      { onSuccess: () => setNotice(t("campaigns.editor.saved")) },
    );
  const changeTemplate = () => {
    if (window.confirm(t("campaigns.editor.confirmTemplate"))) {
      applyTemplate.mutate(template, { onSuccess: (saved) => setContent(saved.content) });
    }
  };
  const sendTest = () =>
    testSend.mutate(
      { email: testEmail, language },
      { onSuccess: () => setNotice(t("campaigns.editor.testSent", { email: testEmail })) },
    );
  const senderOptions = (senders.data?.items ?? [])
    .filter((sender) => sender.verified)
    .map((sender) => ({ value: sender.id, label: sender.name ? `${sender.name} <${sender.email}>` : sender.email }));

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={adminPath(`/events/${eventId}/campaigns`)} size="sm" c="blue.8">
        ← {t("campaigns.title")}
      </Anchor>
      <Group gap="sm">
        <Title order={1}>{campaign.name}</Title>
        <CampaignStatusBadge status={campaign.status} />
      </Group>
      <Group gap="xs">
        <Button
          component={Link}
          variant="light"
          to={adminPath(`/events/${eventId}/campaigns/${campaign.id}/recipients`)}
        >
          {t("campaigns.editor.toRecipients")}
        </Button>
        {(campaign.status === "sending" || campaign.status === "sent") && (
          <Button
            component={Link}
            variant="light"
            to={adminPath(`/events/${eventId}/campaigns/${campaign.id}/statistics`)}
          >
            {t("campaigns.list.statistics")}
          </Button>
        )}
      </Group>
      {!campaign.editable && <Alert color="blue">{t("campaigns.editor.notEditable")}</Alert>}
      {notice && (
        <Alert color="green" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure.message}
          {Object.values(failure.fields).length > 0 && (
            <ul>
              {Object.entries(failure.fields).map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {t("campaigns.editor.settings")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("campaigns.editor.name")}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errorOf("name")}
            disabled={readOnly}
          />
          <TextInput
            label={t("campaigns.editor.fromName")}
            value={fromName}
            onChange={(e) => setFromName(e.currentTarget.value)}
            error={errorOf("fromName")}
            disabled={readOnly}
          />
          <Select
            label={t("campaigns.editor.sender")}
            description={senderOptions.length === 0 ? t("campaigns.editor.noSender") : undefined}
            data={senderOptions}
            value={senderId}
            onChange={setSenderId}
            clearable
            error={errorOf("senderId")}
            disabled={readOnly}
          />
          <TextInput
            label={t("campaigns.editor.replyEmail")}
            type="email"
            value={replyEmail}
            onChange={(e) => setReplyEmail(e.currentTarget.value)}
            error={errorOf("replyEmail")}
            disabled={readOnly}
          />
        </SimpleGrid>
        <Group mt="md" align="end">
          <Select
            label={t("campaigns.editor.template")}
            data={campaignTemplateIds.map((id) => ({ value: id, label: t(`campaigns.templates.${id}`) }))}
            value={template}
            allowDeselect={false}
            onChange={(value) => value && setTemplate(value as CampaignTemplateId)}
            disabled={readOnly}
          />
          <Button variant="light" onClick={changeTemplate} disabled={readOnly} loading={applyTemplate.isPending}>
            {t("campaigns.editor.changeTemplate")}
          </Button>
        </Group>
      </Paper>
      <Tabs value={language} onChange={(value) => value && setLanguage(value as Language)}>
        <Tabs.List>
          {campaign.languages.map((code) => (
            <Tabs.Tab key={code} value={code}>
              {t(`events.languages.${code}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="md">
          <TextInput
            label={t("campaigns.editor.subject")}
            description={t("campaigns.editor.subjectCount", { count: current.subject.length, max: campaignSubjectMax })}
            value={current.subject}
            maxLength={campaignSubjectMax}
            onChange={(e) => setCurrent({ ...current, subject: e.currentTarget.value })}
            error={errorOf(`content.${language}.subject`)}
            disabled={readOnly}
          />
          <TextInput
            label={t("campaigns.editor.previewText")}
            value={current.previewText}
            maxLength={200}
            onChange={(e) => setCurrent({ ...current, previewText: e.currentTarget.value })}
            disabled={readOnly}
          />
          {errorOf(`content.${language}.blocks`) && (
            <Text c="red.8" role="alert">
              {errorOf(`content.${language}.blocks`)}
            </Text>
          )}
          <Title order={2} size="h3">
            {t("campaigns.editor.blocks")}
          </Title>
          {current.blocks.map((block, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; a block is known by its place
            <Paper key={`${language}-${index}-${block.type}`} withBorder p="sm">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={600}>{t(`campaigns.blocks.${block.type}`)}</Text>
                  {!readOnly && (
                    <Group gap={4}>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={t("campaigns.editor.moveUp", { number: index + 1 })}
                      >
                        ↑
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        disabled={index === current.blocks.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={t("campaigns.editor.moveDown", { number: index + 1 })}
                      >
                        ↓
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red.8"
                        onClick={() => setBlocks(current.blocks.filter((_, i) => i !== index))}
                        aria-label={t("campaigns.editor.removeBlock", { number: index + 1 })}
                      >
                        ✕
                      </Button>
                    </Group>
                  )}
                </Group>
                <BlockFields
                  block={block}
                  path={`content.${language}.blocks.${index}`}
                  errorOf={errorOf}
                  accountId={accountId}
                  eventId={eventId}
                  onChange={(next) => setBlocks(current.blocks.map((b, i) => (i === index ? next : b)))}
                />
              </Stack>
            </Paper>
          ))}
          {!readOnly && (
            <Group align="end">
              <Select
                label={t("campaigns.editor.blockType")}
                data={campaignBlockTypes.map((type) => ({ value: type, label: t(`campaigns.blocks.${type}`) }))}
                value={adding}
                allowDeselect={false}
                onChange={(value) => value && setAdding(value as CampaignBlock["type"])}
              />
              <Button variant="light" onClick={() => setBlocks([...current.blocks, emptyBlock(adding)])}>
                {t("campaigns.editor.addBlock")}
              </Button>
            </Group>
          )}
          {!readOnly && (
            <Group>
              <Button onClick={save} loading={update.isPending}>
                {t("common.save")}
              </Button>
            </Group>
          )}
        </Stack>
        <Stack gap="md">
          <Title order={2} size="h3">
            {t("campaigns.editor.preview")}
          </Title>
          {preview.data ? (
            <iframe
              title={t("campaigns.editor.previewFrame", { language })}
              sandbox=""
              srcDoc={preview.data.html}
              style={{
                width: "100%",
                height: 640,
                border: "1px solid var(--mantine-color-gray-4)",
                background: "#fff",
              }}
            />
          ) : (
            <Text c="gray.7">{preview.isError ? t("campaigns.editor.previewUnavailable") : t("app.loading")}</Text>
          )}
          <CampaignAttachments
            eventId={eventId}
            campaignId={campaign.id}
            attachments={campaign.attachments}
            readOnly={readOnly}
          />
          <Paper withBorder p="md">
            <Title order={3} size="h4" mb="xs">
              {t("campaigns.editor.testTitle")}
            </Title>
            <Group align="end">
              <TextInput
                label={t("campaigns.editor.testEmail")}
                type="email"
                value={testEmail}
                onChange={(e) => setTestEmail(e.currentTarget.value)}
              />
              <Button
                variant="light"
                onClick={sendTest}
                loading={testSend.isPending}
                disabled={!testEmail || !can("events.update")}
              >
                {t("campaigns.editor.sendTest")}
              </Button>
            </Group>
          </Paper>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
