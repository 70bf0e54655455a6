import { Anchor, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type FormStatistics, localizedText } from "../../../contract/forms";
import { toLanguage } from "../../i18n/i18n";
import { useAdminContext } from "../../ui/admin-context";
import { useDownload } from "../../ui/download";
import { eventLoadFailure } from "../../ui/event-page-queries";
import { LoadingLine } from "../../ui/LoadingLine";
import { useAdminPath } from "../../ui/language-scope";
import { ChartCard } from "../../ui/statistics-cards";
import { usePageTitle } from "../../ui/usePageTitle";
import { formsApi, useFormDetail, useFormStatistics } from "./forms.queries";

/** Submissions over time, answers per question and rating averages of one form, and its answers as CSV. */
export function FormStatisticsPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "", formId = "" } = useParams();
  const { accountId } = useAdminContext();
  const adminPath = useAdminPath();
  const language = toLanguage(i18n.language);
  const form = useFormDetail(eventId, formId);
  const statistics = useFormStatistics(eventId, formId, language);
  const { busy, download } = useDownload();
  const title = (form.data && localizedText(form.data.title, language)) || t("forms.untitled");
  usePageTitle(t("forms.statistics.pageTitle", { title }));

  const failure = eventLoadFailure(form, statistics);
  if (failure) return failure;
  if (!statistics.data) return <LoadingLine />;
  const { submissionCount, byDay, questions } = statistics.data;

  const exportAnswers = () =>
    download("answers", `${title}.csv`, () =>
      formsApi.exportAnswers({ params: { account: accountId, event: eventId, id: formId }, query: { language } }),
    );

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to={adminPath(`/events/${eventId}/forms`)} size="sm" c="blue.8">
        ← {t("forms.list.title")}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Title order={1}>{t("forms.statistics.title")}</Title>
          <Text c="gray.7">{title}</Text>
        </Stack>
        <Button onClick={exportAnswers} loading={busy !== null} variant="light">
          {t("forms.statistics.export")}
        </Button>
      </Group>
      <Text fw={600}>{t("forms.statistics.submissions", { count: submissionCount })}</Text>
      {submissionCount === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Text ta="center" c="gray.7">
            {t("forms.statistics.empty")}
          </Text>
        </Card>
      ) : (
        <>
          <OverTime byDay={byDay} language={i18n.language} />
          <Title order={2} size="h3">
            {t("forms.statistics.perQuestion")}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {questions.map((question) => (
              <QuestionCard key={question.questionId} question={question} total={submissionCount} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

const dayLabel = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A bar per day, drawn here (a handful of days needs no chart library); the table says the same on demand. */
function OverTime({ byDay, language }: { byDay: FormStatistics["byDay"]; language: string }) {
  const { t } = useTranslation();
  const most = Math.max(1, ...byDay.map((day) => day.count));
  return (
    <ChartCard
      title={t("forms.statistics.overTime")}
      chartLabel={t("forms.statistics.chartLabel", { days: byDay.length, most })}
      tableToggle={{ showTable: t("forms.statistics.showTable"), showChart: t("forms.statistics.showChart") }}
      chart={
        <Box style={{ overflowX: "auto" }}>
          <Group gap={4} align="flex-end" wrap="nowrap" h={180}>
            {byDay.map((day) => (
              <Stack
                key={day.day}
                gap={2}
                align="center"
                justify="flex-end"
                h="100%"
                miw={36}
                maw={72}
                style={{ flex: 1 }}
              >
                <Text size="xs" fw={600}>
                  {day.count}
                </Text>
                <Box
                  w="70%"
                  bg="blue.7"
                  style={{ height: `${(day.count / most) * 120}px`, minHeight: 2, borderRadius: 3 }}
                />
                <Text size="xs" c="gray.7" style={{ whiteSpace: "nowrap" }}>
                  {dayLabel(day.day, language)}
                </Text>
              </Stack>
            ))}
          </Group>
        </Box>
      }
      table={
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("forms.statistics.day")}</Table.Th>
              <Table.Th scope="col">{t("forms.statistics.count")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {byDay.map((day) => (
              <Table.Tr key={day.day}>
                <Table.Td>{dayLabel(day.day, language)}</Table.Td>
                <Table.Td>{day.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}

type QuestionStatistics = FormStatistics["questions"][number];

function QuestionCard({ question, total }: { question: QuestionStatistics; total: number }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h4" style={{ overflowWrap: "break-word", minWidth: 0 }}>
            {question.name}
          </Title>
          <Text size="sm" c="gray.7">
            {t(`forms.questionTypes.${question.type}`)}
          </Text>
        </Group>
        <Text size="sm">{t("forms.statistics.answered", { count: question.answered, total })}</Text>
        {question.average !== null && (
          <Text size="sm" fw={600}>
            {t("forms.statistics.average", { value: decimal.format(question.average) })}
          </Text>
        )}
        {question.distribution.length > 0 && (
          <Table verticalSpacing={4} withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("forms.statistics.answer")}</Table.Th>
                <Table.Th scope="col" w="40%">
                  <VisuallyHidden>{t("forms.statistics.bar")}</VisuallyHidden>
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t("forms.statistics.count")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {question.distribution.map((entry) => {
                const share = question.answered ? entry.count / question.answered : 0;
                return (
                  <Table.Tr key={entry.key}>
                    <Table.Td>
                      <Text size="sm">{entry.label}</Text>
                    </Table.Td>
                    <Table.Td aria-hidden>
                      <Box bg="gray.2" style={{ borderRadius: 3 }}>
                        <Box bg="teal.7" h={12} style={{ width: `${share * 100}%`, borderRadius: 3 }} />
                      </Box>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                      <Text size="sm">
                        {entry.count} ({percent.format(share)})
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
