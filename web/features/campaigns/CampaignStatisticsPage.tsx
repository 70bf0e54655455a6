import "@mantine/charts/styles.layer.css";
import { BarChart, LineChart } from "@mantine/charts";
import { Anchor, Badge, Card, Group, MultiSelect, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { CampaignStatistics, RecipientStatistics } from "../../../contract/campaign-statistics";
import { type RecipientStatus, recipientStatuses } from "../../../contract/campaigns";
import { toLanguage } from "../../i18n/i18n";
import { useAdminContext } from "../../ui/admin-context";
import { ExportMenu } from "../../ui/ExportMenu";
import { eventLoadFailure } from "../../ui/event-page-queries";
import { LoadingLine } from "../../ui/LoadingLine";
import { useAdminPath } from "../../ui/language-scope";
import { PagedListStates, SearchField, usePagedSearch } from "../../ui/paged-list";
import { ChartCard, Kpi } from "../../ui/statistics-cards";
import { usePageTitle } from "../../ui/usePageTitle";
import {
  campaignStatisticsApi,
  recipientsPageSize,
  useCampaignRecipients,
  useCampaignStatistics,
} from "./campaign-statistics.queries";

/** A recipient's mail status as a badge: its colour says how it went, its text says what it is. */
const statusColors: Record<RecipientStatus, string> = {
  queued: "gray",
  pending: "gray",
  sent: "blue",
  delivered: "cyan",
  opened: "teal",
  clicked: "green",
  unsubscribed: "orange",
  blocked: "red",
  bounce: "red",
  error: "red",
};

/** SPEC §2 statistics of one campaign: deliverability, reactivity over time, links and each recipient's status. */
export function CampaignStatisticsPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "", campaignId = "" } = useParams();
  const adminPath = useAdminPath();
  const statistics = useCampaignStatistics(eventId, campaignId);
  const name = statistics.data?.campaign.name ?? "";
  usePageTitle(name ? t("campaignStatistics.pageTitle", { name }) : t("campaignStatistics.title"));

  const failure = eventLoadFailure(statistics);
  if (failure) return failure;
  if (!statistics.data) return <LoadingLine />;
  const { campaign, deliverability, reactivity, overTime, topLinks } = statistics.data;
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to={adminPath(`/events/${eventId}/campaigns`)} size="sm" c="blue.8">
        ← {t("campaignStatistics.back")}
      </Anchor>
      <Stack gap={4}>
        <Title order={1}>{t("campaignStatistics.title")}</Title>
        <Group gap="sm">
          <Text c="gray.7" style={{ overflowWrap: "anywhere" }}>
            {campaign.name}
          </Text>
          <Badge variant="light" color="gray">
            {t(`campaignStatistics.campaignStatus.${campaign.status}`)}
          </Badge>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Kpi label={t("campaignStatistics.kpi.sent")} value={deliverability.sent}>
          {t("campaignStatistics.kpi.ofRecipients", { count: deliverability.recipients })}
        </Kpi>
        <Kpi label={t("campaignStatistics.kpi.delivered")} value={deliverability.delivered}>
          {deliverability.waiting > 0 && t("campaignStatistics.kpi.waiting", { count: deliverability.waiting })}
        </Kpi>
        <Kpi label={t("campaignStatistics.kpi.openRate")} value={percent.format(reactivity.openRate)}>
          {t("campaignStatistics.kpi.opens", { count: reactivity.uniqueOpens, total: reactivity.opens })}
        </Kpi>
        <Kpi label={t("campaignStatistics.kpi.clickRate")} value={percent.format(reactivity.clickRate)}>
          {t("campaignStatistics.kpi.clicks", { count: reactivity.uniqueClicks, total: reactivity.clicks })}
        </Kpi>
        <Kpi label={t("campaignStatistics.kpi.clickToOpen")} value={percent.format(reactivity.clickToOpen)} />
        <Kpi
          label={t("campaignStatistics.kpi.failed")}
          value={deliverability.bounced + deliverability.blocked + deliverability.errors}
        >
          {t("campaignStatistics.kpi.unsubscribed", { count: deliverability.unsubscribed })}
        </Kpi>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Deliverability deliverability={deliverability} />
        <TopLinks links={topLinks} />
      </SimpleGrid>
      <OverTime overTime={overTime} />
      <Recipients eventId={eventId} campaignId={campaignId} fileName={name} />
    </Stack>
  );
}

/** The campaign's charts show their table in place of the chart on demand. */
const tableToggle = (t: TFunction) => ({
  showTable: t("campaignStatistics.showTable"),
  showChart: t("campaignStatistics.showChart"),
});

const deliverabilityRows = ["sent", "delivered", "bounced", "blocked", "errors", "unsubscribed", "waiting"] as const;

function Deliverability({ deliverability }: { deliverability: CampaignStatistics["deliverability"] }) {
  const { t } = useTranslation();
  const data = deliverabilityRows.map((key) => ({
    label: t(`campaignStatistics.deliverability.${key}`),
    count: deliverability[key],
  }));
  const summary = t("campaignStatistics.deliverability.summary", {
    recipients: deliverability.recipients,
    figures: data.map((row) => `${row.label} ${row.count}`).join(", "),
  });
  return (
    <ChartCard
      tableToggle={tableToggle(t)}
      title={t("campaignStatistics.deliverability.title")}
      chartLabel={summary}
      empty={deliverability.recipients === 0 ? t("campaignStatistics.deliverability.empty") : undefined}
      chart={
        <BarChart
          h={240}
          data={data}
          dataKey="label"
          orientation="vertical"
          yAxisProps={{ width: 110 }}
          series={[{ name: "count", label: t("campaignStatistics.deliverability.count"), color: "blue.7" }]}
        />
      }
      table={
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("campaignStatistics.deliverability.state")}</Table.Th>
              <Table.Th scope="col">{t("campaignStatistics.deliverability.count")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>{row.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}

function OverTime({ overTime }: { overTime: CampaignStatistics["overTime"] }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(
    i18n.language,
    overTime.unit === "hour"
      ? { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }
      : { day: "numeric", month: "short" },
  );
  const data = overTime.buckets.map((bucket) => ({ ...bucket, label: format.format(new Date(bucket.at)) }));
  const most = (key: "opens" | "clicks") => Math.max(0, ...data.map((bucket) => bucket[key]));
  const columns = ["sent", "opens", "clicks", "failures", "unsubscribes"] as const;
  return (
    <ChartCard
      tableToggle={tableToggle(t)}
      title={t("campaignStatistics.overTime.title")}
      chartLabel={t(`campaignStatistics.overTime.summary.${overTime.unit}`, {
        count: data.length,
        opens: most("opens"),
        clicks: most("clicks"),
      })}
      empty={data.length === 0 ? t("campaignStatistics.overTime.empty") : undefined}
      chart={
        <LineChart
          h={260}
          data={data}
          dataKey="label"
          withLegend
          curveType="linear"
          series={[
            { name: "opens", label: t("campaignStatistics.overTime.opens"), color: "teal.8" },
            { name: "clicks", label: t("campaignStatistics.overTime.clicks"), color: "indigo.7" },
          ]}
        />
      }
      table={
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t(`campaignStatistics.overTime.${overTime.unit}`)}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`campaignStatistics.overTime.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((bucket) => (
              <Table.Tr key={bucket.at}>
                <Table.Td>{bucket.label}</Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column}>{bucket[column]}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}

function TopLinks({ links }: { links: CampaignStatistics["topLinks"] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h3" mb="sm">
        {t("campaignStatistics.links.title")}
      </Title>
      {links.length === 0 ? (
        <Text c="gray.7">{t("campaignStatistics.links.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("campaignStatistics.links.url")}</Table.Th>
                <Table.Th scope="col">{t("campaignStatistics.links.clicks")}</Table.Th>
                <Table.Th scope="col">{t("campaignStatistics.links.unique")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.map((link) => (
                <Table.Tr key={link.url}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{link.url}</Table.Td>
                  <Table.Td>{link.clicks}</Table.Td>
                  <Table.Td>{link.uniqueClicks}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function Recipients({ eventId, campaignId, fileName }: { eventId: string; campaignId: string; fileName: string }) {
  const { t, i18n } = useTranslation();
  const { accountId } = useAdminContext();
  const paged = usePagedSearch(recipientsPageSize);
  const [statuses, setStatuses] = useState<RecipientStatus[]>([]);
  const filter = { status: statuses.length > 0 ? statuses : undefined, query: paged.query || undefined };
  const list = useCampaignRecipients(eventId, campaignId, { ...filter, ...paged.window });
  const total = list.data?.total ?? 0;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const time = (value: string | null) => (value ? when.format(new Date(value)) : "—");
  const fetchFile = (format: "csv" | "xlsx") =>
    campaignStatisticsApi.exportRecipients({
      params: { account: accountId, event: eventId, id: campaignId },
      query: { format, language: toLanguage(i18n.language), query: filter.query, status: filter.status?.join(",") },
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          {t("campaignStatistics.recipients.title")}
        </Title>
        <ExportMenu
          label={t("campaignStatistics.recipients.export")}
          fileName={`campaign-${fileName}`}
          fetchFile={fetchFile}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={760}>
        <SearchField field={paged.field} placeholder={t("campaignStatistics.recipients.searchPlaceholder")} />
        <MultiSelect
          label={t("campaignStatistics.recipients.status")}
          data={recipientStatuses.map((value) => ({ value, label: t(`guests.mailStatus.${value}`) }))}
          value={statuses}
          clearable
          onChange={(value) => {
            setStatuses(value as RecipientStatus[]);
            paged.toFirstPage();
          }}
        />
      </SimpleGrid>
      <PagedListStates
        query={list}
        emptyText={t(
          paged.query || statuses.length > 0
            ? "campaignStatistics.recipients.noMatch"
            : "campaignStatistics.recipients.empty",
        )}
        totalText={t("campaignStatistics.recipients.total", { count: total })}
        paginationLabel={t("campaignStatistics.recipients.pagination")}
        {...paged.pageLinks(total)}
      >
        <Table.ScrollContainer minWidth={900}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("campaignStatistics.recipients.guest")}</Table.Th>
                <Table.Th scope="col">{t("campaignStatistics.recipients.status")}</Table.Th>
                <Table.Th scope="col">{t("campaignStatistics.recipients.sentAt")}</Table.Th>
                <Table.Th scope="col">{t("campaignStatistics.recipients.openedAt")}</Table.Th>
                <Table.Th scope="col">{t("campaignStatistics.recipients.clickedAt")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((recipient) => (
                <RecipientRow key={recipient.id} recipient={recipient} time={time} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedListStates>
    </Stack>
  );
}

function RecipientRow({ recipient, time }: { recipient: RecipientStatistics; time: (value: string | null) => string }) {
  const { t } = useTranslation();
  const name = [recipient.firstName, recipient.lastName].filter(Boolean).join(" ");
  return (
    <Table.Tr>
      <Table.Td>
        {name && <Text size="sm">{name}</Text>}
        <Text size="sm" c="gray.7" style={{ overflowWrap: "anywhere" }}>
          {recipient.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={statusColors[recipient.status]}>
          {t(`guests.mailStatus.${recipient.status}`)}
        </Badge>
        {recipient.error && (
          <Text size="xs" c="gray.7" style={{ overflowWrap: "anywhere" }}>
            {recipient.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{time(recipient.sentAt)}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {time(recipient.openedAt)}
        {recipient.opens > 1 && (
          <Text span size="xs" c="gray.7">
            {" "}
            {t("campaignStatistics.recipients.times", { count: recipient.opens })}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {time(recipient.clickedAt)}
        {recipient.clicks > 1 && (
          <Text span size="xs" c="gray.7">
            {" "}
            {t("campaignStatistics.recipients.times", { count: recipient.clicks })}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
