import { Button, FileButton, Group, Image as ImageBox, Input, Progress, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "../../../contract/error-messages";
import { type Image, type ImagePurpose, imagePurposes } from "../../../contract/images";
import { toLanguage } from "../../i18n/i18n";
import { DropArea } from "./DropArea";
import { imageKeys, uploadImage, useImage } from "./images.queries";

export type ImageUploadFieldProps = {
  accountId: string;
  eventId: string;
  /** The stored image's id, or null when none is chosen. */
  value: string | null;
  /** Called with the new image's id once stored (and its metadata), or null when the organizer removes it. */
  onChange: (imageId: string | null, image?: Image) => void;
  label: string;
  description?: string;
  /** Sets the size limit and whether GIFs are taken: the campaign editor's by default (8 MB, GIF allowed). */
  purpose?: ImagePurpose;
  required?: boolean;
  disabled?: boolean;
  /** A message from the form around the field (a required image missing). */
  error?: string | null;
};

const types = ["image/jpeg", "image/png", "image/webp"];
const gif = "image/gif";

/**
 * An event image picked from the computer or dropped on the field: it goes to the server as soon as it is chosen, with
 * a progress bar, and the value becomes the stored image's id; a preview of the stored image shows below the label.
 * The server reads the real type and checks the size; the size is checked here first only to spare a long upload.
 */
export function ImageUploadField({
  accountId,
  eventId,
  value,
  onChange,
  label,
  description,
  purpose = "campaign",
  required,
  disabled,
  error,
}: ImageUploadFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const resetInput = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const image = useImage(accountId, eventId, value);
  const limits = imagePurposes[purpose];
  const accept = (limits.allowGif ? [...types, gif] : types).join(",");
  const uploading = progress !== null;
  const inactive = disabled || uploading;

  async function upload(file: File | null) {
    if (!file || inactive) return;
    setUploadError(null);
    if (file.size > limits.maxBytes) {
      setUploadError(translate("FILE_TOO_BIG", toLanguage(i18n.language)));
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadImage(accountId, eventId, file, purpose, setProgress);
      queryClient.setQueryData(imageKeys.image(accountId, eventId, stored.id), stored);
      onChange(stored.id, stored);
    } catch (failure) {
      setUploadError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(null);
      resetInput.current?.();
    }
  }

  const shownError = uploadError ?? error ?? null;
  const hint = t(limits.allowGif ? "images.field.hintGif" : "images.field.hint", {
    size: Math.round(limits.maxBytes / 1024 / 1024),
  });
  const describedBy = [description && `${id}-description`, `${id}-hint`, shownError && `${id}-error`]
    .filter(Boolean)
    .join(" ");
  const stored = image.data;
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={description}
      descriptionProps={{ id: `${id}-description` }}
      error={shownError}
      errorProps={{ id: `${id}-error`, role: "alert" }}
      withAsterisk={required}
    >
      <DropArea inactive={inactive} onFiles={(files) => void upload(files[0] ?? null)}>
        <Group align="center" gap="md" wrap="wrap">
          {value && stored && (
            <ImageBox
              src={stored.variants.find((variant) => variant.name === "320")?.url ?? stored.url}
              alt={t("images.field.previewAlt", { label })}
              w={160}
              h={120}
              fit="contain"
              radius="sm"
            />
          )}
          <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
            <Text size="sm">
              {value && stored
                ? t("images.field.stored", { width: stored.width, height: stored.height })
                : value && image.isError
                  ? t("images.field.unreadable")
                  : t("images.field.drop")}
            </Text>
            <Group gap="sm">
              <FileButton onChange={upload} accept={accept} resetRef={resetInput} disabled={inactive}>
                {(buttonProps) => (
                  <Button
                    {...buttonProps}
                    disabled={inactive}
                    variant="default"
                    id={`${id}-button`}
                    aria-labelledby={`${id}-label ${id}-button`}
                    aria-describedby={describedBy}
                    aria-invalid={shownError ? true : undefined}
                  >
                    {value ? t("images.field.replace") : t("images.field.pick")}
                  </Button>
                )}
              </FileButton>
              {value && !uploading && (
                <Button
                  variant="subtle"
                  color="red"
                  disabled={disabled}
                  id={`${id}-remove`}
                  aria-labelledby={`${id}-remove ${id}-label`}
                  onClick={() => {
                    setUploadError(null);
                    onChange(null);
                  }}
                >
                  {t("images.field.remove")}
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
        {uploading && (
          <Progress
            mt="sm"
            value={Math.round(progress * 100)}
            aria-label={t("images.field.progress", { label })}
            animated
          />
        )}
      </DropArea>
      <Text id={`${id}-hint`} size="xs" c="gray.7" mt={4}>
        {hint}
      </Text>
    </Input.Wrapper>
  );
}
