import "@mantine/charts/styles.layer.css";
import { BarChart } from "@mantine/charts";
import { SimpleGrid, Stack, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { ExportMenu } from "../../ui/ExportMenu";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { ChartCard, Kpi } from "../../ui/statistics-cards";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { useCheckinStatistics, useExportStatistics } from "./checkin.queries";
import { formatMoment } from "./checkin-format";

/** SPEC §2 check-in statistics of an event: arrivals over time, by session (door) and by ticket category; export. */
export function CheckinStatisticsPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const event = useEvent(eventId);
  const statistics = useCheckinStatistics(eventId);
  const exportFile = useExportStatistics(eventId);
  usePageTitle(
    event.data ? t("checkin.statistics.pageTitle", { name: event.data.name }) : t("checkin.statistics.title"),
  );
  const page = eventPageQueries(event, statistics);
  if (!page.answers) return page.placeholder;
  const [eventData, figures] = page.answers;
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const overTime = figures.overTime.map((slot) => ({
    at: new Date(slot.at).toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit" }),
    when: formatMoment(slot.at, i18n.language),
    count: slot.count,
  }));
  const countLabel = t("checkin.statistics.checkins");
  const noneYet = t("checkin.statistics.empty");

  return (
    <Stack gap="lg" maw={1200}>
      <EventPageHeader
        back={adminPath(`/events/${eventId}/checkin`)}
        backLabel={t("checkin.session.back")}
        title={t("checkin.statistics.title")}
        eventName={eventData.name}
        actions={
          <ExportMenu
            label={t("checkin.statistics.export")}
            fileName={t("checkin.statistics.fileName", { name: eventData.name })}
            fetchFile={exportFile}
          />
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Kpi label={t("checkin.live.checkedIn")} value={figures.checkedIn} />
        <Kpi label={t("checkin.statistics.expected")} value={figures.expected} />
        <Kpi
          label={t("checkin.statistics.rate")}
          value={percent.format(figures.expected > 0 ? figures.checkedIn / figures.expected : 0)}
        />
        <Kpi label={t("checkin.live.flagged")} value={figures.flagged} />
      </SimpleGrid>
      <ChartCard
        title={t("checkin.statistics.overTime")}
        empty={overTime.length === 0 ? noneYet : undefined}
        chart={
          <BarChart
            h={240}
            data={overTime}
            dataKey="at"
            series={[{ name: "count", label: countLabel, color: "blue.7" }]}
          />
        }
        table={
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("checkin.statistics.quarter")}</Table.Th>
                <Table.Th scope="col">{countLabel}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {overTime.map((slot) => (
                <Table.Tr key={slot.when}>
                  <Table.Td>{slot.when}</Table.Td>
                  <Table.Td>{slot.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title={t("checkin.statistics.bySession")}
          empty={figures.bySession.length === 0 ? noneYet : undefined}
          chart={
            <BarChart
              h={200}
              data={figures.bySession}
              dataKey="name"
              series={[{ name: "count", label: countLabel, color: "teal.7" }]}
            />
          }
          table={
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("checkin.sessions.name")}</Table.Th>
                  <Table.Th scope="col">{countLabel}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {figures.bySession.map((row) => (
                  <Table.Tr key={row.sessionId ?? "none"}>
                    <Table.Td>{row.sessionId ? row.name : t("checkin.statistics.deletedSession")}</Table.Td>
                    <Table.Td>{row.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          }
        />
        <ChartCard
          title={t("checkin.statistics.byCategory")}
          empty={figures.byCategory.length === 0 ? noneYet : undefined}
          chart={
            <BarChart
              h={200}
              data={figures.byCategory}
              dataKey="name"
              series={[
                { name: "sold", label: t("checkin.statistics.sold"), color: "gray.6" },
                { name: "checkedIn", label: countLabel, color: "green.7" },
              ]}
            />
          }
          table={
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("checkin.statistics.category")}</Table.Th>
                  <Table.Th scope="col">{t("checkin.statistics.sold")}</Table.Th>
                  <Table.Th scope="col">{countLabel}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {figures.byCategory.map((row) => (
                  <Table.Tr key={row.categoryId ?? "none"}>
                    <Table.Td>{row.categoryId ? row.name : t("checkin.statistics.noCategory")}</Table.Td>
                    <Table.Td>{row.sold}</Table.Td>
                    <Table.Td>{row.checkedIn}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          }
        />
      </SimpleGrid>
    </Stack>
  );
}
