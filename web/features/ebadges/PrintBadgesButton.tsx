import { Alert, Button, type ButtonProps, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EbadgeBatch } from "../../../contract/ebadges";
import { saveFile } from "../../ui/download";
import { useBadgeBatch, useBadgeBatchFile, useCreateBadgeBatch } from "./ebadges.queries";

type Props = ButtonProps & {
  eventId: string;
  /** The guests picked; every confirmed guest when left out. */
  guestIds?: string[];
  label: string;
};

/**
 * Prints many guests' badges into one PDF: the server makes it as a job, a progress bar follows it every second, and
 * the file is saved once done (with a button to save it again). A refusal or a failed job is shown in the dialog.
 */
export function PrintBadgesButton({ eventId, guestIds, label, ...buttonProps }: Props) {
  const { t } = useTranslation();
  const create = useCreateBadgeBatch(eventId);
  const [started, setStarted] = useState<EbadgeBatch | null>(null);
  const [opened, setOpened] = useState(false);
  const start = () => {
    setStarted(null);
    setOpened(true);
    create.mutate(guestIds, { onSuccess: setStarted });
  };
  return (
    <>
      <Button {...buttonProps} onClick={start} loading={create.isPending}>
        {label}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("ebadges.batch.title")}>
        {create.isError ? (
          <Alert color="red" role="alert">
            {create.error.message}
          </Alert>
        ) : started ? (
          <BatchProgress eventId={eventId} started={started} onClose={() => setOpened(false)} />
        ) : (
          <Text>{t("ebadges.batch.starting")}</Text>
        )}
      </Modal>
    </>
  );
}

function BatchProgress({ eventId, started, onClose }: { eventId: string; started: EbadgeBatch; onClose(): void }) {
  const { t } = useTranslation();
  const batch = useBadgeBatch(eventId, started);
  const loadFile = useBadgeBatchFile(eventId);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = useRef(false);
  const current = batch.data ?? started;
  const percent = current.total === 0 ? 0 : Math.round((current.done / current.total) * 100);

  const save = async () => {
    setFileError(null);
    setSaving(true);
    try {
      saveFile(await loadFile(current.id), t("ebadges.batch.fileName"));
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  // The file is saved once, as soon as it is ready; the button saves it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: saving follows the status only.
  useEffect(() => {
    if (current.status === "done" && !saved.current) {
      saved.current = true;
      void save();
    }
  }, [current.status]);

  return (
    <Stack>
      <Text aria-live="polite">
        {current.status === "done"
          ? t("ebadges.batch.done", { count: current.total })
          : current.status === "failed"
            ? t("ebadges.batch.failed")
            : t("ebadges.batch.progress", { done: current.done, total: current.total })}
      </Text>
      <Progress
        value={current.status === "done" ? 100 : percent}
        color={current.status === "failed" ? "red" : current.status === "done" ? "green" : "blue"}
        animated={current.status === "queued" || current.status === "running"}
        aria-label={t("ebadges.batch.progressLabel")}
        size="lg"
      />
      {current.error && (
        <Alert color="red" role="alert">
          {current.error}
        </Alert>
      )}
      {batch.isError && (
        <Alert color="red" role="alert">
          {batch.error.message}
        </Alert>
      )}
      {fileError && (
        <Alert color="red" role="alert">
          {fileError}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("common.close")}
        </Button>
        {current.status === "done" && (
          <Button onClick={save} loading={saving}>
            {t("ebadges.batch.download")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
