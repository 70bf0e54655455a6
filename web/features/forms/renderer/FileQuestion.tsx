import { Button, FileButton, Group, Input, Progress, Text } from "@mantine/core";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "../../../../contract/error-messages";
import { formFileMaxBytes } from "../../../../contract/forms";
import { toLanguage } from "../../../i18n/i18n";
import { formatFileSize } from "./file-size";
import type { QuestionInputProps } from "./question-props";

export type UploadedFile = { id: string; name: string; size: number };
export type UploadFile = (file: File, onProgress: (fraction: number) => void) => Promise<UploadedFile>;

/**
 * A file question: the file goes to the server as soon as it is chosen (with a progress bar), and the answer is the
 * stored file's id. Without `uploadFile` (the builder's preview) the button is disabled.
 */
export function FileQuestion({
  question,
  label,
  description,
  value,
  onChange,
  error,
  uploadFile,
}: QuestionInputProps & { uploadFile?: UploadFile }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Clears the hidden file input so choosing the same file again after a removal uploads it again.
  const resetInput = useRef<() => void>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const language = toLanguage(i18n.language);

  async function upload(file: File | null) {
    if (!file || !uploadFile) return;
    setUploadError(null);
    if (file.size > formFileMaxBytes) {
      setUploadError(translate("FILE_TOO_BIG", language));
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadFile(file, setProgress);
      setUploaded(stored);
      onChange(stored.id);
    } catch (failure) {
      setUploadError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(null);
      resetInput.current?.();
    }
  }

  function remove() {
    setUploaded(null);
    onChange(null);
  }

  const hasFile = typeof value === "string" && value !== "";
  const uploading = progress !== null;
  const shownError = uploadError ?? error;
  const describedBy = [description && `${id}-description`, shownError && `${id}-error`].filter(Boolean).join(" ");
  return (
    <Input.Wrapper
      size="md"
      label={label}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={description}
      descriptionProps={{ id: `${id}-description` }}
      error={shownError}
      errorProps={{ id: `${id}-error` }}
      withAsterisk={question.required}
    >
      <Group mt="xs" gap="sm" wrap="wrap">
        <FileButton onChange={upload} resetRef={resetInput} disabled={!uploadFile || uploading}>
          {(buttonProps) => (
            <Button
              {...buttonProps}
              disabled={!uploadFile || uploading}
              variant="default"
              size="md"
              id={`${id}-button`}
              aria-labelledby={`${id}-label ${id}-button`}
              aria-describedby={describedBy || undefined}
              aria-invalid={shownError ? true : undefined}
            >
              {hasFile ? t("formsPublic.file.replace") : t("formsPublic.file.choose")}
            </Button>
          )}
        </FileButton>
        {hasFile && !uploading && (
          <>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {uploaded
                ? t("formsPublic.file.uploaded", { name: uploaded.name, size: formatFileSize(uploaded.size, language) })
                : t("formsPublic.file.stored")}
            </Text>
            <Button variant="subtle" size="compact-md" onClick={remove}>
              {t("formsPublic.file.remove")}
            </Button>
          </>
        )}
      </Group>
      {uploading && (
        <Progress
          mt="xs"
          value={Math.round(progress * 100)}
          aria-label={t("formsPublic.file.progress", { name: label })}
          animated
        />
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {t("formsPublic.file.limit", { size: formatFileSize(formFileMaxBytes, language) })}
      </Text>
    </Input.Wrapper>
  );
}
