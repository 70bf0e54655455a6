import {
  Badge,
  Box,
  Button,
  Card,
  FileButton,
  FileInput,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { translate } from "../../../../contract/error-messages";
import {
  type SharedFile,
  type SharedFileFilter,
  sharedFileFilters,
  sharedFileMaxBytes,
} from "../../../../contract/shared-files";
import { ApiError } from "../../../api/client";
import { useAdminContext } from "../../../ui/admin-context";
import { useAlert, useAlertError } from "../../../ui/alert";
import { ConfirmDeleteModal } from "../../../ui/ConfirmDeleteModal";
import { formatDateTime } from "../../../ui/date-format";
import { EventPageHeader } from "../../../ui/EventPageHeader";
import { eventPageQueries } from "../../../ui/event-page-queries";
import { useAdminPath } from "../../../ui/language-scope";
import { PageLinks } from "../../../ui/PageLinks";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useEvent } from "../../events/events.queries";
import {
  sharedFilesPageSize,
  useDeleteSharedFile,
  useGuestSearch,
  useNotifySharedFile,
  useRenameSharedFile,
  useSharedFiles,
  useShareFile,
  useUploadSharedFile,
} from "./shared-files.queries";

/** The server's message about one field, when it named it. */
const fieldMessage = (error: Error, field: string) => (error instanceof ApiError ? error.fields[field] : undefined);

const guestName = (guest: { firstName: string; lastName: string; email: string | null }) =>
  `${guest.firstName} ${guest.lastName}`.trim() || guest.email || "—";

/**
 * SPEC §7 sharedfiles (issue 21): the files the organizers share with one guest each. Each shows its guest, its name
 * and its states (uploaded, notified when, downloaded when); it is uploaded again, renamed, notified (after a
 * question) or deleted from its row. Readers, and anyone on an archived event, see the list only.
 */
export function SharedFilesPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const event = useEvent(eventId);
  const [state, setState] = useState<SharedFileFilter | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const list = useSharedFiles(eventId, state, pageNumber);
  const [sharing, setSharing] = useState(false);
  const [renaming, setRenaming] = useState<SharedFile | null>(null);
  const [notifying, setNotifying] = useState<SharedFile | null>(null);
  const [deleting, setDeleting] = useState<SharedFile | null>(null);
  const remove = useDeleteSharedFile(eventId);
  const notify = useNotifySharedFile(eventId);
  const { clearAlert } = useAlert();
  const alertError = useAlertError();
  usePageTitle(event.data ? t("sharedFiles.pageTitle", { name: event.data.name }) : t("sharedFiles.title"));
  const page = eventPageQueries(event, list);
  if (!page.answers) return page.placeholder;
  const [eventData, files] = page.answers;
  const editable = can("events.update") && !eventData.archived;

  const confirmNotify = (file: SharedFile) => {
    clearAlert();
    notify.mutate(file, {
      onSuccess: () => notifications.show({ color: "green", message: t("sharedFiles.notified", { name: file.name }) }),
      onError: alertError,
      onSettled: () => setNotifying(null),
    });
  };
  const confirmDelete = (file: SharedFile) => {
    clearAlert();
    remove.mutate(file.id, { onError: alertError, onSettled: () => setDeleting(null) });
  };

  return (
    <Stack gap="md">
      <EventPageHeader
        back={adminPath(`/events/${eventId}`)}
        backLabel={t("sharedFiles.back")}
        title={t("sharedFiles.title")}
        eventName={eventData.name}
        actions={editable && <Button onClick={() => setSharing(true)}>{t("sharedFiles.share")}</Button>}
      />
      <Select
        label={t("sharedFiles.filter")}
        placeholder={t("sharedFiles.filters.all")}
        data={sharedFileFilters.map((value) => ({ value, label: t(`sharedFiles.filters.${value}`) }))}
        value={state}
        onChange={(value) => {
          setState(value as SharedFileFilter | null);
          setPageNumber(1);
        }}
        clearable
        maw={320}
      />
      {files.items.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Text ta="center" c="gray.7">
            {t(state ? "sharedFiles.noneInState" : "sharedFiles.empty")}
          </Text>
        </Card>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
          {files.items.map((file) => (
            <SharedFileRow
              key={file.id}
              file={file}
              editable={editable}
              onRename={() => setRenaming(file)}
              onNotify={() => setNotifying(file)}
              onDelete={() => setDeleting(file)}
            />
          ))}
        </Stack>
      )}
      <PageLinks
        label={t("sharedFiles.pages")}
        pages={Math.ceil(files.total / sharedFilesPageSize)}
        page={pageNumber}
        onChange={setPageNumber}
        pageLabel={(number) => t("sharedFiles.page", { page: number })}
      />
      {sharing && <ShareFileModal eventId={eventId} onClose={() => setSharing(false)} />}
      {renaming && <RenameModal eventId={eventId} file={renaming} onClose={() => setRenaming(null)} />}
      <Modal opened={notifying !== null} onClose={() => setNotifying(null)} title={t("sharedFiles.notifyTitle")}>
        <Stack>
          <Text>
            {notifying && t("sharedFiles.notifyText", { name: notifying.name, guest: guestName(notifying.guest) })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNotifying(null)}>
              {t("common.cancel")}
            </Button>
            <Button loading={notify.isPending} onClick={() => notifying && confirmNotify(notifying)}>
              {t("sharedFiles.notify")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDeleteModal
        title={t("sharedFiles.deleteTitle")}
        text={deleting && t("sharedFiles.deleteText", { name: deleting.name || t("sharedFiles.unnamed") })}
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function SharedFileRow({
  file,
  editable,
  onRename,
  onNotify,
  onDelete,
}: {
  file: SharedFile;
  editable: boolean;
  onRename(): void;
  onNotify(): void;
  onDelete(): void;
}) {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const upload = useUploadSharedFile(eventId);
  const alertError = useAlertError();
  const name = file.name || t("sharedFiles.unnamed");
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm" align="flex-start">
        <Box style={{ minWidth: 0, flex: "1 1 260px" }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {name}
          </Text>
          <Text size="sm" c="gray.7" style={{ overflowWrap: "anywhere" }}>
            {t("sharedFiles.forGuest", { guest: guestName(file.guest) })}
            {file.guest.email && file.guest.email !== guestName(file.guest) ? ` · ${file.guest.email}` : ""}
          </Text>
          <Group gap={6} mt={6}>
            <Badge color={file.file ? "blue" : "gray"} variant="light" tt="none">
              {t(file.file ? "sharedFiles.states.uploaded" : "sharedFiles.states.notUploaded")}
            </Badge>
            <Badge color={file.lastNotifiedAt ? "teal" : "gray"} variant="light" tt="none">
              {file.lastNotifiedAt
                ? t("sharedFiles.states.notifiedAt", { date: when(file.lastNotifiedAt) })
                : t("sharedFiles.states.notNotified")}
            </Badge>
            <Badge color={file.lastDownloadedAt ? "green" : "gray"} variant="light" tt="none">
              {file.lastDownloadedAt
                ? t("sharedFiles.states.downloadedAt", { date: when(file.lastDownloadedAt) })
                : t("sharedFiles.states.notDownloaded")}
            </Badge>
          </Group>
        </Box>
        {editable && (
          <Group gap={4}>
            <FileButton
              onChange={(chosen) => chosen && upload.mutate({ id: file.id, file: chosen }, { onError: alertError })}
            >
              {(props) => (
                <Button
                  {...props}
                  size="compact-sm"
                  variant="subtle"
                  loading={upload.isPending}
                  aria-label={t(file.file ? "sharedFiles.replaceNamed" : "sharedFiles.uploadNamed", { name })}
                >
                  {t(file.file ? "sharedFiles.replace" : "sharedFiles.upload")}
                </Button>
              )}
            </FileButton>
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={t("sharedFiles.renameNamed", { name })}
              onClick={onRename}
            >
              {t("sharedFiles.rename")}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              disabled={!file.file || !file.guest.email}
              aria-label={t("sharedFiles.notifyNamed", { name })}
              onClick={onNotify}
            >
              {t("sharedFiles.notify")}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={t("sharedFiles.deleteNamed", { name })}
              onClick={onDelete}
            >
              {t("common.delete")}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/** Picks a guest (searched by name or address), an optional name, and the file; the file is checked for size here too. */
function ShareFileModal({ eventId, onClose }: { eventId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState("");
  const [searched] = useDebouncedValue(search.trim(), 250);
  const guests = useGuestSearch(eventId, searched);
  const [guestId, setGuestId] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ guest?: string; file?: string; form?: string }>({});
  const share = useShareFile(eventId);
  const options = (guests.data?.items ?? []).map((guest) => ({
    value: guest.id,
    label: guest.email ? `${guestName(guest)} <${guest.email}>` : guestName(guest),
  }));

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const language = i18n.language === "fr" || i18n.language === "es" ? i18n.language : "en";
    const found = {
      guest: guestId ? undefined : t("sharedFiles.guestRequired"),
      file: !file
        ? t("sharedFiles.fileRequired")
        : file.size > sharedFileMaxBytes
          ? translate("FILE_TOO_BIG", language)
          : undefined,
    };
    setErrors(found);
    if (found.guest || found.file || !guestId || !file) return;
    share.mutate(
      { guestId, name: name.trim(), file },
      {
        onSuccess: onClose,
        onError: (error) =>
          setErrors({ form: fieldMessage(error, "user_id") ?? fieldMessage(error, "file") ?? error.message }),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t("sharedFiles.shareTitle")}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t("sharedFiles.guest")}
            placeholder={t("sharedFiles.guestPlaceholder")}
            data={options}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            value={guestId}
            onChange={setGuestId}
            nothingFoundMessage={t("sharedFiles.noGuest")}
            error={errors.guest}
            required
          />
          <TextInput
            label={t("sharedFiles.name")}
            description={t("sharedFiles.nameHelp")}
            value={name}
            onChange={(change) => setName(change.currentTarget.value)}
            maxLength={200}
          />
          <FileInput
            label={t("sharedFiles.file")}
            description={t("sharedFiles.fileHelp")}
            value={file}
            onChange={setFile}
            accept="application/pdf,image/jpeg,image/png,image/gif,image/webp,.zip,.docx,.xlsx,.pptx,.odt,.ods,.odp"
            error={errors.file}
            required
            clearable
          />
          {errors.form && (
            <Text c="red.8" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={share.isPending}>
              {t("sharedFiles.shareSubmit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RenameModal({ eventId, file, onClose }: { eventId: string; file: SharedFile; onClose(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameSharedFile(eventId);
  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    rename.mutate(
      { id: file.id, name: name.trim() },
      { onSuccess: onClose, onError: (failure) => setError(fieldMessage(failure, "name") ?? failure.message) },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t("sharedFiles.renameTitle")}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t("sharedFiles.name")}
            value={name}
            onChange={(change) => setName(change.currentTarget.value)}
            maxLength={200}
            required
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
