import "@mantine/charts/styles.layer.css";
import { BarChart } from "@mantine/charts";
import { SimpleGrid, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { StatisticsSection } from "../../../contract/statistics";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { ExportMenu } from "../../ui/ExportMenu";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { formatCents } from "../../ui/money";
import { ChartCard, Kpi } from "../../ui/statistics-cards";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { useEventStatistics, useExportSection } from "./statistics.queries";

/** A table of label and figure columns, the figures aligned right. */
function FigureTable({ headers, rows }: { headers: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          {headers.map((header, index) => (
            <Table.Th key={header} scope="col" ta={index === 0 ? undefined : "right"}>
              {header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, always in this order.
              <Table.Td key={index} ta={index === 0 ? undefined : "right"}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Issue 21: how the event is doing. Key figures, then one card per section (registrations, statuses, choice fields,
 * sales, mails, check-ins), each a chart with its table and its export; a section without data says so instead.
 */
export function EventStatisticsPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const event = useEvent(eventId);
  const statistics = useEventStatistics(eventId);
  const exportSection = useExportSection(eventId);
  usePageTitle(event.data ? t("statistics.pageTitle", { name: event.data.name }) : t("statistics.title"));
  const page = eventPageQueries(event, statistics);
  if (!page.answers) return page.placeholder;
  const [eventData, figures] = page.answers;
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 });
  const dayFormat = new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" });
  const day = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`));
  const money = (cents: number) => formatCents(cents, language, figures.sales.currency);
  const exportOf = (section: StatisticsSection, title: string) => (
    <ExportMenu
      label={
        <>
          {t("statistics.export")} <VisuallyHidden>{title}</VisuallyHidden>
        </>
      }
      fileName={t("statistics.fileName", { section: title, name: eventData.name })}
      fetchFile={exportSection(section)}
    />
  );
  const guestsLabel = t("statistics.guests");
  const { deliverability, reactivity } = figures.mails;
  const mailRows = [
    { key: "sent", count: deliverability.sent, label: t("campaignStatistics.deliverability.sent") },
    { key: "delivered", count: deliverability.delivered, label: t("campaignStatistics.deliverability.delivered") },
    { key: "bounced", count: deliverability.bounced, label: t("campaignStatistics.deliverability.bounced") },
    { key: "blocked", count: deliverability.blocked, label: t("campaignStatistics.deliverability.blocked") },
    { key: "errors", count: deliverability.errors, label: t("campaignStatistics.deliverability.errors") },
    { key: "opened", count: reactivity.uniqueOpens, label: t("statistics.mails.opened") },
    { key: "clicked", count: reactivity.uniqueClicks, label: t("statistics.mails.clicked") },
  ];
  const titles = {
    registrations: t("statistics.registrations.title"),
    statuses: t("statistics.statuses.title"),
    fields: t("statistics.fields.title"),
    sales: t("statistics.sales.title"),
    mails: t("statistics.mails.title"),
    checkins: t("statistics.checkins.title"),
  };

  return (
    <Stack gap="lg" maw={1200}>
      <EventPageHeader
        back={adminPath(`/events/${eventId}`)}
        backLabel={t("statistics.back")}
        title={t("statistics.title")}
        eventName={eventData.name}
      />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Kpi label={guestsLabel} value={number.format(figures.registrations.total)} />
        <Kpi
          label={t("guests.status.confirmed")}
          value={number.format(figures.statuses.find((row) => row.status === "confirmed")?.count ?? 0)}
        />
        <Kpi label={t("statistics.sales.revenue")} value={money(figures.sales.revenueCents)}>
          {t("statistics.sales.unitsSold", { count: figures.sales.units })}
        </Kpi>
        <Kpi label={t("campaignStatistics.kpi.openRate")} value={percent.format(reactivity.openRate)}>
          {t("statistics.mails.sentCount", { count: deliverability.sent })}
        </Kpi>
        <Kpi label={t("checkin.live.checkedIn")} value={number.format(figures.checkins.checkedIn)}>
          {t("statistics.checkins.ofExpected", { count: figures.checkins.expected })}
        </Kpi>
      </SimpleGrid>

      <ChartCard
        title={titles.registrations}
        empty={figures.registrations.total === 0 ? t("statistics.registrations.empty") : undefined}
        actions={exportOf("registrations", titles.registrations)}
        chart={
          <BarChart
            h={220}
            data={figures.registrations.byDay.map((row) => ({ day: day(row.day), count: row.count }))}
            dataKey="day"
            series={[{ name: "count", label: guestsLabel, color: "blue.7" }]}
          />
        }
        table={
          <FigureTable
            headers={[t("statistics.day"), guestsLabel]}
            rows={figures.registrations.byDay.map((row) => ({ key: row.day, cells: [day(row.day), row.count] }))}
          />
        }
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title={titles.statuses}
          empty={figures.registrations.total === 0 ? t("statistics.registrations.empty") : undefined}
          actions={exportOf("statuses", titles.statuses)}
          chart={
            <BarChart
              h={220}
              data={figures.statuses.map((row) => ({ status: t(`guests.status.${row.status}`), count: row.count }))}
              dataKey="status"
              orientation="vertical"
              yAxisProps={{ width: 150 }}
              series={[{ name: "count", label: guestsLabel, color: "teal.7" }]}
            />
          }
          table={
            <FigureTable
              headers={[t("statistics.statuses.status"), guestsLabel]}
              rows={figures.statuses.map((row) => ({
                key: row.status,
                cells: [t(`guests.status.${row.status}`), row.count],
              }))}
            />
          }
        />
        <ChartCard
          title={titles.fields}
          empty={figures.fields.length === 0 ? t("statistics.fields.empty") : undefined}
          actions={exportOf("fields", titles.fields)}
          chart={
            <Stack gap="xs">
              {figures.fields.map((field) => (
                <Stack key={field.fieldId} gap={4}>
                  <Text size="sm" fw={600}>
                    {field.name}
                  </Text>
                  <BarChart
                    h={Math.max(80, field.choices.length * 32)}
                    data={field.choices}
                    dataKey="label"
                    orientation="vertical"
                    yAxisProps={{ width: 120 }}
                    series={[{ name: "count", label: guestsLabel, color: "violet.7" }]}
                  />
                </Stack>
              ))}
            </Stack>
          }
          table={
            <FigureTable
              headers={[t("statistics.fields.field"), t("statistics.fields.choice"), guestsLabel]}
              rows={figures.fields.flatMap((field) => [
                ...field.choices.map((choice) => ({
                  key: `${field.fieldId}-${choice.choiceId}`,
                  cells: [field.name, choice.label, choice.count],
                })),
                {
                  key: `${field.fieldId}-answered`,
                  cells: [field.name, t("statistics.fields.answered"), field.answered],
                },
              ])}
            />
          }
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title={titles.sales}
          empty={figures.sales.byTicket.length === 0 ? t("statistics.sales.empty") : undefined}
          actions={exportOf("sales", titles.sales)}
          chart={
            <BarChart
              h={220}
              data={figures.sales.byTicket}
              dataKey="name"
              series={[{ name: "units", label: t("statistics.sales.units"), color: "orange.7" }]}
            />
          }
          table={
            <FigureTable
              headers={[t("statistics.sales.ticket"), t("statistics.sales.units"), t("statistics.sales.revenue")]}
              rows={[
                ...figures.sales.byTicket.map((row) => ({
                  key: row.ticketId,
                  cells: [row.name, row.units, money(row.revenueCents)],
                })),
                {
                  key: "total",
                  cells: [t("statistics.sales.total"), figures.sales.units, money(figures.sales.revenueCents)],
                },
              ]}
            />
          }
        />
        <ChartCard
          title={t("statistics.sales.byDay")}
          empty={figures.sales.byDay.length === 0 ? t("statistics.sales.empty") : undefined}
          chart={
            <BarChart
              h={220}
              data={figures.sales.byDay.map((row) => ({ day: day(row.day), revenue: row.revenueCents / 100 }))}
              dataKey="day"
              valueFormatter={(value) => money(value * 100)}
              series={[{ name: "revenue", label: t("statistics.sales.revenue"), color: "green.7" }]}
            />
          }
          table={
            <FigureTable
              headers={[t("statistics.day"), t("statistics.sales.units"), t("statistics.sales.revenue")]}
              rows={figures.sales.byDay.map((row) => ({
                key: row.day,
                cells: [day(row.day), row.units, money(row.revenueCents)],
              }))}
            />
          }
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title={titles.mails}
          empty={deliverability.recipients === 0 ? t("statistics.mails.empty") : undefined}
          actions={exportOf("mails", titles.mails)}
          chart={
            <BarChart
              h={220}
              data={mailRows}
              dataKey="label"
              orientation="vertical"
              yAxisProps={{ width: 110 }}
              series={[{ name: "count", label: t("campaignStatistics.deliverability.count"), color: "cyan.7" }]}
            />
          }
          table={
            <FigureTable
              headers={[t("campaignStatistics.deliverability.state"), t("campaignStatistics.deliverability.count")]}
              rows={[
                {
                  key: "campaigns",
                  cells: [t("statistics.mails.campaigns"), figures.mails.campaigns],
                },
                ...mailRows.map((row) => ({ key: row.key, cells: [row.label, row.count] })),
              ]}
            />
          }
        />
        <ChartCard
          title={titles.checkins}
          empty={figures.checkins.checkedIn === 0 ? t("statistics.checkins.empty") : undefined}
          actions={exportOf("checkins", titles.checkins)}
          chart={
            <BarChart
              h={220}
              data={figures.checkins.bySession}
              dataKey="name"
              series={[{ name: "count", label: t("checkin.statistics.checkins"), color: "grape.7" }]}
            />
          }
          table={
            <FigureTable
              headers={[t("checkin.sessions.name"), t("checkin.statistics.checkins")]}
              rows={figures.checkins.bySession.map((row) => ({
                key: row.sessionId ?? "none",
                cells: [row.sessionId ? row.name : t("checkin.statistics.deletedSession"), row.count],
              }))}
            />
          }
        />
      </SimpleGrid>
    </Stack>
  );
}
