import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAlert } from "../../../ui/alert";
import { useAdminPath } from "../../../ui/language-scope";
import { useDownloadReport, useImportProgress } from "./guest-imports.queries";

export function ImportProgressStep({ eventId, importId }: { eventId: string; importId: string }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const { showAlert } = useAlert();
  const progress = useImportProgress(eventId, importId);
  const report = useDownloadReport(eventId);
  const backToList = (
    <Group>
      <Button component={Link} to={adminPath(`/events/${eventId}/guests`)} variant="default">
        {t("guests.import.progress.backToList")}
      </Button>
    </Group>
  );

  if (progress.isError)
    return (
      <Stack gap="md">
        <Alert color="red" role="alert" variant="light">
          {progress.error.message}
        </Alert>
        {backToList}
      </Stack>
    );
  const job = progress.data;
  const total = job?.totalRows ?? 0;
  const processed = job?.processedRows ?? 0;
  const done = job?.status === "completed";
  const failed = job?.status === "failed";
  const percent = total > 0 ? Math.round((processed / total) * 100) : done ? 100 : 0;
  const counts = job
    ? [
        { key: "created", value: job.createdCount },
        { key: "updated", value: job.updatedCount },
        { key: "skipped", value: job.skippedCount },
        { key: "refused", value: job.errorCount },
      ]
    : [];

  return (
    <Stack gap="md">
      <Progress
        value={percent}
        size="xl"
        animated={!done && !failed}
        color={failed ? "red" : done ? "green" : "blue"}
        aria-label={t("guests.import.progress.label")}
      />
      <Text fw={600} aria-live="polite">
        {!job
          ? t("guests.import.progress.waiting")
          : done
            ? t("guests.import.progress.completed", { processed, total })
            : failed
              ? t("guests.import.progress.failed")
              : job.status === "running"
                ? t("guests.import.progress.running", { processed, total })
                : t("guests.import.progress.waiting")}
      </Text>
      {failed && job.failureReason && (
        <Alert color="red" role="alert" variant="light">
          {job.failureReason}
        </Alert>
      )}
      {(done || failed) && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
          {counts.map(({ key, value }) => (
            <Stack key={key} gap={0}>
              <Text component="dt" size="sm" c="gray.7">
                {t(`guests.import.progress.${key}`)}
              </Text>
              <Text component="dd" m={0} fw={700} size="xl">
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {job && job.errorCount > 0 && (done || failed) && (
        <Group>
          <Button
            variant="light"
            loading={report.isPending}
            onClick={() => report.mutate(importId, { onError: (failure) => showAlert(failure.message) })}
          >
            {t("guests.import.progress.report")}
          </Button>
        </Group>
      )}
      {backToList}
    </Stack>
  );
}
