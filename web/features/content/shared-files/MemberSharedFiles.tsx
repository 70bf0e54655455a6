import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../ui/date-format";
import { useDownload } from "../../../ui/download";
import { useLanguageScope } from "../../../ui/language-scope";
import { useEventSlug } from "../../../ui/public-layout/public-event.queries";
import { memberSharedFile, useMemberSharedFiles } from "./member-shared-files.queries";

/** A file's size as a guest reads it, in their language's units: kB under a megabyte, else MB with one decimal. */
const fileSize = (bytes: number, language: string) =>
  bytes < 1_000_000
    ? new Intl.NumberFormat(language, { style: "unit", unit: "kilobyte" }).format(
        Math.max(1, Math.round(bytes / 1_000)),
      )
    : new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(
        bytes / 1_000_000,
      );

/**
 * The member area's "Files for you" (issue 21): the files the organizers shared with this guest, each with its size
 * and a Download button (fetched with the member session). Nothing shows for a guest who has none.
 */
export function MemberSharedFiles() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const slug = useEventSlug();
  const files = useMemberSharedFiles(slug);
  const { busy, download } = useDownload();
  const queryClient = useQueryClient();
  if (files.isPending) return null;
  if (files.isError) return <Text role="alert">{files.error.message}</Text>;
  if (files.data.items.length === 0) return null;
  const save = async (id: string, name: string) => {
    await download(id, name, () => memberSharedFile(slug, id));
    // The download is recorded: the list shows its date.
    void queryClient.invalidateQueries({ queryKey: ["public", slug, "member", "sharedFiles"] });
  };
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="member-shared-files">
      <Title order={2} size="h4" id="member-shared-files" mb="xs">
        {t("sharedFiles.member.title")}
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {files.data.items.map((file) => (
          <Group component="li" key={file.id} justify="space-between" gap="xs" wrap="wrap">
            <div style={{ minWidth: 0, flex: "1 1 200px" }}>
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {file.name}
              </Text>
              <Text size="sm" c="gray.8">
                {file.lastDownloadedAt
                  ? t("sharedFiles.member.downloaded", {
                      size: fileSize(file.size, language),
                      date: formatDateTime(file.lastDownloadedAt, language),
                    })
                  : fileSize(file.size, language)}
              </Text>
            </div>
            <Button
              variant="light"
              loading={busy === file.id}
              onClick={() => save(file.id, file.name)}
              aria-label={t("sharedFiles.member.downloadNamed", { name: file.name })}
            >
              {t("sharedFiles.member.download")}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
