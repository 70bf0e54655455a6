import { Alert, Button, FileButton, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { campaignAttachmentsMaxBytes } from "../../../contract/campaigns";
import type { CampaignAttachment } from "../../../contract/campaigns-editor";
import { translate } from "../../../contract/error-messages";
import { toLanguage } from "../../i18n/i18n";
import { useDownload } from "../../ui/download";
import { formatFileSize } from "../forms/renderer/file-size";
import { useCampaignAttachments } from "./campaigns.queries";

// The kinds the server takes (it reads the type from the bytes; this only narrows the browser's file picker).
const accept = "application/pdf,image/jpeg,image/png,image/gif,image/webp,application/zip,.zip";

/**
 * SPEC §2 "Email campaigns: editor": the files joined to every mail of the campaign, 8 MB for all of them together.
 * A file that would go over the limit is refused here first, with the server's own message, to spare a long upload.
 */
export function CampaignAttachments({
  eventId,
  campaignId,
  attachments,
  readOnly,
}: {
  eventId: string;
  campaignId: string;
  attachments: CampaignAttachment[];
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const { upload, remove, download } = useCampaignAttachments(eventId, campaignId);
  const saving = useDownload();
  const resetInput = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const used = attachments.reduce((sum, file) => sum + file.size, 0);
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);
  const busy = progress !== null || remove.isPending;

  const add = (file: File | null) => {
    resetInput.current?.();
    if (!file) return;
    setRefusal(null);
    if (used + file.size > campaignAttachmentsMaxBytes) {
      setRefusal(translate("FILE_TOO_BIG", language));
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onError: (failure) => setRefusal(failure.message),
        onSettled: () => setProgress(null),
      },
    );
  };
  const removeFile = (id: string) => {
    setRefusal(null);
    remove.mutate(
      attachments.filter((file) => file.id !== id).map((file) => file.id),
      { onError: (failure) => setRefusal(failure.message) },
    );
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("campaigns.attachments.title")}
        </Title>
        <Text size="sm" id={`attachments-${campaignId}-usage`}>
          {t("campaigns.attachments.usage", { used: size(used), max: size(campaignAttachmentsMaxBytes) })}
        </Text>
        {attachments.length === 0 ? (
          <Text size="sm">{t("campaigns.attachments.none")}</Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: "none" }}>
            {attachments.map((file) => (
              <Group component="li" key={file.id} justify="space-between" wrap="nowrap" gap="xs">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={saving.busy === file.id}
                  onClick={() => saving.download(file.id, file.name, () => download(file.id))}
                  aria-label={t("campaigns.attachments.download", { name: file.name })}
                  styles={{ label: { whiteSpace: "normal", textAlign: "start" } }}
                >
                  {file.name}
                </Button>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{size(file.size)}</Text>
                  {!readOnly && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      disabled={busy}
                      onClick={() => removeFile(file.id)}
                      aria-label={t("campaigns.attachments.remove", { name: file.name })}
                    >
                      ✕
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        {refusal && (
          <Alert color="red" role="alert" p="xs">
            {refusal}
          </Alert>
        )}
        {progress !== null && (
          <Progress value={progress * 100} aria-label={t("campaigns.attachments.uploading")} animated />
        )}
        {!readOnly && (
          <Group>
            <FileButton onChange={add} accept={accept} resetRef={resetInput} disabled={busy}>
              {(buttonProps) => (
                <Button
                  {...buttonProps}
                  variant="light"
                  disabled={busy}
                  aria-describedby={`attachments-${campaignId}-usage`}
                >
                  {t("campaigns.attachments.add")}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
