import { Button, Checkbox, FileInput, Group, Paper, Stack, Text } from "@mantine/core";
import { type DragEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UploadedImport } from "../../../../contract/guest-imports";
import { importMaxBytes } from "../../../../contract/guest-imports";
import { useAlert } from "../../../ui/alert";
import { useUploadImport } from "./guest-imports.queries";

const acceptedExtensions = [".csv", ".xlsx"];
const accept = [
  ...acceptedExtensions,
  "text/csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
].join(",");

export function ImportUploadStep({
  eventId,
  onUploaded,
}: {
  eventId: string;
  onUploaded(upload: UploadedImport): void;
}) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const upload = useUploadImport(eventId);
  const [file, setFile] = useState<File | null>(null);
  const [hasHeaders, setHasHeaders] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(null);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  };
  const submit = () => {
    if (!file) return setError(t("guests.import.upload.required"));
    if (!acceptedExtensions.some((extension) => file.name.toLowerCase().endsWith(extension)))
      return setError(t("guests.import.upload.wrongType"));
    // Checked here too: it spares uploading a file the server would refuse.
    if (file.size > importMaxBytes) return setError(t("guests.import.upload.tooBig"));
    clearAlert();
    upload.mutate({ file, hasHeaders }, { onSuccess: onUploaded, onError: (failure) => showAlert(failure.message) });
  };

  return (
    <Stack gap="md">
      <Paper
        withBorder
        p="lg"
        radius="md"
        bg={dragging ? "blue.0" : undefined}
        style={{ borderStyle: "dashed", borderWidth: 2 }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="import-drop-zone"
      >
        <Stack gap="sm">
          <Text fw={600}>{t("guests.import.upload.dropHere")}</Text>
          <FileInput
            label={t("guests.import.upload.file")}
            description={t("guests.import.upload.limits")}
            placeholder={t("guests.import.upload.choose")}
            accept={accept}
            value={file}
            onChange={choose}
            error={error}
            clearable
          />
        </Stack>
      </Paper>
      <Checkbox
        label={t("guests.import.upload.hasHeaders")}
        checked={hasHeaders}
        onChange={(event) => setHasHeaders(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={upload.isPending}>
          {t("guests.import.upload.submit")}
        </Button>
      </Group>
    </Stack>
  );
}
