import { Button, FileButton, Input, Progress, Stack, Text } from "@mantine/core";
import { type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DropArea } from "../../ui/image-upload/DropArea";

/** One file on its way: its own request and progress (0 to 1), or the reason it was not added. */
type Upload = { key: number; name: string; progress: number; error: string | null };

/**
 * Sends files one request each, one after the other (so they land in the order chosen), each with its progress; a
 * file over `maxBytes` is refused here without being sent, a refused one keeps its message until the next batch.
 * The server checks the type and size again: this only spares a long upload.
 */
export function useUploadQueue(
  maxBytes: number,
  send: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const counter = useRef(0);
  const busy = uploads.some((upload) => upload.error === null);
  const update = (key: number, change: Partial<Upload> | null) =>
    setUploads((current) =>
      change === null
        ? current.filter((upload) => upload.key !== key)
        : current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );

  async function add(files: File[]) {
    const queued = files.map((file) => ({ file, key: counter.current++ }));
    setUploads(queued.map(({ file, key }) => ({ key, name: file.name, progress: 0, error: null })));
    for (const { file, key } of queued) {
      if (file.size > maxBytes) {
        update(key, { error: t("content.uploads.tooBig", { name: file.name }) });
        continue;
      }
      try {
        await send(file, (progress) => update(key, { progress }));
        update(key, null);
      } catch (failure) {
        const message = failure instanceof Error ? failure.message : String(failure);
        update(key, { error: t("content.uploads.failed", { name: file.name, message }) });
      }
    }
  }
  return { uploads, busy, add };
}

/**
 * Where files are dropped or chosen (several at once), with what is being sent below it: a progress bar per file,
 * named for it, and the message of each one refused.
 */
export function FilesDropzone({
  label,
  hint,
  accept,
  disabled,
  queue,
  children,
}: {
  label: string;
  hint: string;
  accept: string;
  disabled?: boolean;
  queue: ReturnType<typeof useUploadQueue>;
  /** Fields that apply to the files sent (a document's language). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const resetInput = useRef<() => void>(null);
  const inactive = disabled || queue.busy;
  const send = (files: File[]) => {
    if (inactive || files.length === 0) return;
    void queue.add(files).finally(() => resetInput.current?.());
  };
  return (
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: `${id}-label` }}>
      <DropArea inactive={inactive} onFiles={send}>
        <Stack gap="sm">
          <Text size="sm" id={`${id}-hint`}>
            {hint}
          </Text>
          {children}
          <div>
            <FileButton onChange={send} accept={accept} multiple resetRef={resetInput} disabled={inactive}>
              {(buttonProps) => (
                <Button
                  {...buttonProps}
                  disabled={inactive}
                  variant="default"
                  id={`${id}-button`}
                  aria-labelledby={`${id}-button ${id}-label`}
                  aria-describedby={`${id}-hint`}
                >
                  {t("content.uploads.choose")}
                </Button>
              )}
            </FileButton>
          </div>
          {queue.uploads.map((upload) =>
            upload.error ? (
              <Text key={upload.key} size="sm" c="red.8" role="alert">
                {upload.error}
              </Text>
            ) : (
              <Stack key={upload.key} gap={2}>
                <Text size="sm">{upload.name}</Text>
                <Progress
                  value={Math.round(upload.progress * 100)}
                  aria-label={t("content.uploads.progress", { name: upload.name })}
                  animated
                />
              </Stack>
            ),
          )}
        </Stack>
      </DropArea>
    </Input.Wrapper>
  );
}
