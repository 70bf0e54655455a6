import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type CampaignStatistics,
  type CampaignSummary,
  type EventCampaignStatistics,
  type OverTimeBucket,
  type RecipientStatistics,
  recipientExportLabels,
  type recipientExportQuery,
  type recipientFilterSchema,
  type recipientStatisticsList,
  type recipientStatisticsQuery,
  type TopLink,
} from "../../../../contract/campaign-statistics.js";
import type { Language } from "../../../../contract/common.js";
import { exportLabels } from "../../../../contract/guest-export.js";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { notFound } from "../../../platform/errors.js";
import {
  exportRows,
  type SpreadsheetColumn,
  type SpreadsheetFile,
  writeSpreadsheet,
} from "../../../platform/spreadsheet.js";
import type { EventRow } from "../../events/events.visibility.js";
import { searchable } from "../../guests/guests.list.js";
import { guests } from "../../guests/guests.tables.js";
import { campaignEvents, campaignRecipients, campaigns } from "../campaigns.tables.js";

/*
 * A campaign's statistics, read from its send records (campaign_recipients: one row per mail, its latest status, its
 * first open and click and its counters, written by the sending and tracking code) and its append-only event log
 * (campaign_events: over time and per link). Every number is one aggregate in SQL, never rows counted in JavaScript.
 */

const r = campaignRecipients;
const failed = sql`${r.status} in ('bounce', 'blocked', 'error')`;
const opened = sql`(${r.openedAt} is not null or ${r.clickedAt} is not null)`;
const int = (expression: SQL) => sql<number>`(${expression})::int`;

/** The counts every statistics answer shares, over the send records joined to a campaign. */
const countColumns = {
  recipients: int(sql`count(${r.id})`),
  waiting: int(sql`count(${r.id}) filter (where ${r.status} in ('queued', 'pending'))`),
  sent: int(sql`count(${r.id}) filter (where ${r.sentAt} is not null)`),
  delivered: int(sql`count(${r.id}) filter (where ${r.deliveredAt} is not null or ${opened}
    or ${r.status} in ('delivered', 'opened', 'clicked', 'unsubscribed'))`),
  bounced: int(sql`count(${r.id}) filter (where ${r.status} = 'bounce')`),
  blocked: int(sql`count(${r.id}) filter (where ${r.status} = 'blocked')`),
  errors: int(sql`count(${r.id}) filter (where ${r.status} = 'error')`),
  unsubscribed: int(sql`count(${r.id}) filter (where ${r.status} = 'unsubscribed')`),
  // A click without a counted open (the pixel not loaded) is an open all the same.
  opens: int(sql`coalesce(sum(greatest(${r.openCount}, case when ${r.clickedAt} is not null then 1 else 0 end)), 0)`),
  uniqueOpens: int(sql`count(${r.id}) filter (where ${opened})`),
  clicks: int(sql`coalesce(sum(${r.clickCount}), 0)`),
  uniqueClicks: int(sql`count(${r.id}) filter (where ${r.clickedAt} is not null)`),
  /** The rates' base: mails accepted by SMTP that did not fail afterwards. */
  reached: int(sql`count(${r.id}) filter (where ${r.sentAt} is not null and not ${failed})`),
};

const headingColumns = {
  id: campaigns.id,
  name: campaigns.name,
  type: campaigns.type,
  status: campaigns.status,
  sendingAt: campaigns.sendingAt,
  sentAt: campaigns.sentAt,
  createdAt: campaigns.createdAt,
};

type Counts = { [Name in keyof typeof countColumns]: number };
type HeadingRow = { id: string; name: string; type: CampaignSummary["type"]; status: CampaignSummary["status"] } & {
  sendingAt: Date | null;
  sentAt: Date | null;
};

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function heading(row: HeadingRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    sendingAt: iso(row.sendingAt),
    sentAt: iso(row.sentAt),
  };
}

function summary(row: HeadingRow & Counts): CampaignSummary {
  return {
    ...heading(row),
    recipients: row.recipients,
    sent: row.sent,
    delivered: row.delivered,
    bounced: row.bounced,
    uniqueOpens: row.uniqueOpens,
    uniqueClicks: row.uniqueClicks,
    openRate: ratio(row.uniqueOpens, row.reached),
    clickRate: ratio(row.uniqueClicks, row.reached),
  };
}

/**
 * Every campaign of the event, newest first, with its headline numbers: one statement, the send records grouped
 * per campaign. The totals' rates are over every mail of the event that reached a guest.
 */
export async function eventCampaignStatistics(executor: Executor, event: EventRow): Promise<EventCampaignStatistics> {
  const rows = await executor
    .select({ ...headingColumns, ...countColumns })
    .from(campaigns)
    .leftJoin(r, eq(r.campaignId, campaigns.id))
    .where(eq(campaigns.eventId, event.id))
    .groupBy(campaigns.id)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  const sum = (name: keyof Counts) => rows.reduce((total, row) => total + row[name], 0);
  const reached = sum("reached");
  return {
    items: rows.map(summary),
    total: rows.length,
    totals: {
      sent: sum("sent"),
      uniqueOpens: sum("uniqueOpens"),
      uniqueClicks: sum("uniqueClicks"),
      openRate: ratio(sum("uniqueOpens"), reached),
      clickRate: ratio(sum("uniqueClicks"), reached),
    },
  };
}

/** A campaign of the event, or 404 (another event's campaign is as absent as a made-up id). */
async function requireCampaign(executor: Executor, eventId: string, id: string) {
  const [campaign] = await executor
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.eventId, eventId)));
  if (!campaign) throw notFound();
  return campaign;
}

type ActivityRow = { hourly: boolean | null; buckets: OverTimeBucket[] | null; links: TopLink[] | null };

/**
 * The event log over time and per link, in one statement. Buckets are hours when the campaign's events span at most
 * 48 hours, else days of the event's timezone; every bucket from the first event to the last is there, empty ones
 * at zero, so a chart's axis is regular.
 */
async function campaignActivity(executor: Executor, event: EventRow, id: string) {
  const e = campaignEvents;
  const zone = event.timezone;
  const bucketOf = (at: SQL) => sql`case when (select hourly from shape) then date_trunc('hour', ${at})
    else date_trunc('day', ${at} at time zone ${zone}) at time zone ${zone} end`;
  const count = (kinds: string) => sql`count(*) filter (where kind in (${sql.raw(kinds)}))::int`;
  const result = (await executor.execute(sql`
    with span as (
      select min(${e.at}) as first, max(${e.at}) as last from ${e} where ${e.campaignId} = ${id}
    ), shape as (
      select first, last, last - first <= interval '48 hours' as hourly from span where first is not null
    ), buckets as (
      select g as at from shape, generate_series(date_trunc('hour', first), date_trunc('hour', last), interval '1 hour') g
        where hourly
      union all
      select g at time zone ${zone} from shape, generate_series(date_trunc('day', first at time zone ${zone}),
        date_trunc('day', last at time zone ${zone}), interval '1 day') g
        where not hourly
    ), counted as (
      select ${bucketOf(sql`${e.at}`)} as bucket,
        ${count("'sent'")} as sent, ${count("'open'")} as opens, ${count("'click'")} as clicks,
        ${count("'bounce', 'blocked'")} as failures, ${count("'unsubscribe'")} as unsubscribes
      from ${e} where ${e.campaignId} = ${id} group by 1
    )
    select
      (select hourly from shape) as hourly,
      (select json_agg(json_build_object('at', buckets.at, 'sent', coalesce(sent, 0), 'opens', coalesce(opens, 0),
          'clicks', coalesce(clicks, 0), 'failures', coalesce(failures, 0), 'unsubscribes', coalesce(unsubscribes, 0))
          order by buckets.at)
        from buckets left join counted on counted.bucket = buckets.at) as buckets,
      (select json_agg(json_build_object('url', url, 'clicks', clicks, 'uniqueClicks', unique_clicks)
          order by clicks desc, url)
        from (select ${e.detail} as url, count(*)::int as clicks, count(distinct ${e.recipientId})::int as unique_clicks
          from ${e} where ${e.campaignId} = ${id} and ${e.kind} = 'click' and ${e.detail} is not null
          group by ${e.detail} order by clicks desc, url limit 10) top) as links`)) as unknown as {
    rows: ActivityRow[];
  };
  const row = result.rows[0];
  return {
    overTime: {
      unit: row?.hourly === false ? ("day" as const) : ("hour" as const),
      buckets: (row?.buckets ?? []).map((bucket) => ({ ...bucket, at: iso(bucket.at) ?? "" })),
    },
    topLinks: row?.links ?? [],
  };
}

/** A campaign's numbers: its send records' counts (one statement) and its activity (one more). */
export async function campaignStatistics(executor: Executor, event: EventRow, id: string): Promise<CampaignStatistics> {
  const [[row], activity] = await Promise.all([
    executor
      .select({ ...headingColumns, ...countColumns })
      .from(campaigns)
      .leftJoin(r, eq(r.campaignId, campaigns.id))
      .where(and(eq(campaigns.id, id), eq(campaigns.eventId, event.id)))
      .groupBy(campaigns.id),
    campaignActivity(executor, event, id),
  ]);
  if (!row) throw notFound();
  return { campaign: heading(row), ...mailFigures(row), ...activity };
}

/** Deliverability and reactivity of a set of send records' counts. */
function mailFigures(row: Counts) {
  return {
    deliverability: {
      recipients: row.recipients,
      waiting: row.waiting,
      sent: row.sent,
      delivered: row.delivered,
      bounced: row.bounced,
      blocked: row.blocked,
      errors: row.errors,
      unsubscribed: row.unsubscribed,
    },
    reactivity: {
      opens: row.opens,
      uniqueOpens: row.uniqueOpens,
      clicks: row.clicks,
      uniqueClicks: row.uniqueClicks,
      openRate: ratio(row.uniqueOpens, row.reached),
      clickRate: ratio(row.uniqueClicks, row.reached),
      clickToOpen: ratio(row.uniqueClicks, row.uniqueOpens),
    },
  };
}

/**
 * The event's mails over all its campaigns (the event's statistics page): how many campaigns sent something, and the
 * send records' deliverability and reactivity, in one statement.
 */
export async function eventMailFigures(executor: Executor, eventId: string) {
  const [row] = await executor
    .select({ ...countColumns, campaigns: int(sql`count(distinct ${r.campaignId})`) })
    .from(r)
    .innerJoin(campaigns, eq(campaigns.id, r.campaignId))
    .where(eq(campaigns.eventId, eventId));
  if (!row) throw new Error("an aggregate answers one row");
  return { campaigns: row.campaigns, ...mailFigures(row) };
}

const recipientColumns = {
  id: r.id,
  guestId: r.guestId,
  firstName: sql<string>`coalesce(${guests.firstName}, '')`,
  lastName: sql<string>`coalesce(${guests.lastName}, '')`,
  email: r.email,
  language: r.language,
  status: r.status,
  sentAt: r.sentAt,
  deliveredAt: r.deliveredAt,
  openedAt: r.openedAt,
  clickedAt: r.clickedAt,
  opens: r.openCount,
  clicks: r.clickCount,
  error: r.lastError,
  /** The list's order, and the export's key to read after: the address, then the row. */
  key: sql<string>`lower(${r.email})`,
};
type RecipientRow = Omit<RecipientStatistics, "sentAt" | "deliveredAt" | "openedAt" | "clickedAt"> & {
  sentAt: Date | null;
  deliveredAt: Date | null;
  openedAt: Date | null;
  clickedAt: Date | null;
  key: string;
};

/** The filter of the list and of its export: statuses, and every word in the guest's names or the address. */
function recipientCondition(campaignId: string, filter: z.output<typeof recipientFilterSchema>) {
  const words = searchable(filter.query ?? "")
    .split(/\s+/)
    .filter(Boolean);
  // Both sides lower case without accents; strpos needs no escaping of % and _ as a like pattern would.
  const text = sql`(coalesce(${guests.searchText}, '') || ' ' || lower(${r.email}))`;
  return and(
    eq(r.campaignId, campaignId),
    filter.status && filter.status.length > 0 ? inArray(r.status, filter.status) : undefined,
    ...words.map((word) => sql`strpos(${text}, ${word}) > 0`),
  );
}

const toRecipient = ({ key: _key, ...row }: RecipientRow): RecipientStatistics => ({
  ...row,
  sentAt: iso(row.sentAt),
  deliveredAt: iso(row.deliveredAt),
  openedAt: iso(row.openedAt),
  clickedAt: iso(row.clickedAt),
});

/** One page of a campaign's recipients by address, with the count of those the filter keeps. */
export async function campaignRecipientsPage(
  executor: Executor,
  event: EventRow,
  id: string,
  query: z.output<typeof recipientStatisticsQuery>,
): Promise<z.infer<typeof recipientStatisticsList>> {
  await requireCampaign(executor, event.id, id);
  const where = recipientCondition(id, query);
  const [rows, [total]] = await Promise.all([
    executor
      .select(recipientColumns)
      .from(r)
      .leftJoin(guests, eq(guests.id, r.guestId))
      .where(where)
      .orderBy(sql`lower(${r.email})`, r.id)
      .limit(query.limit)
      .offset(query.offset),
    executor
      .select({ count: int(sql`count(*)`) })
      .from(r)
      .leftJoin(guests, eq(guests.id, r.guestId))
      .where(where),
  ]);
  return { items: rows.map(toRecipient), total: total?.count ?? 0 };
}

const pageSize = 1000;

/**
 * The recipients and their mail status as CSV or XLSX, `campaign-<event slug>-<campaign name>`, times in the event's
 * timezone; read page by page after the last address, so memory stays flat for any campaign size.
 */
export async function exportCampaignRecipients(
  context: AppContext,
  event: EventRow,
  id: string,
  query: z.output<typeof recipientExportQuery>,
  language: Language,
): Promise<SpreadsheetFile> {
  const executor = context.db;
  const [campaign] = await executor
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.eventId, event.id)));
  if (!campaign) throw notFound();
  const where = recipientCondition(id, query);
  const guestLabels = exportLabels[language];
  const labels = recipientExportLabels[language];
  const when = new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short", timeZone: event.timezone });
  const time = (value: Date | null) => (value ? when.format(value) : "");
  const columns: SpreadsheetColumn<RecipientRow>[] = [
    { header: guestLabels.columns.firstName, cell: (row) => row.firstName },
    { header: guestLabels.columns.lastName, cell: (row) => row.lastName },
    { header: guestLabels.columns.email, cell: (row) => row.email },
    { header: labels.language, cell: (row) => row.language },
    { header: guestLabels.columns.mailStatus, cell: (row) => guestLabels.mailStatus[row.status] },
    { header: labels.sentAt, cell: (row) => time(row.sentAt) },
    { header: labels.deliveredAt, cell: (row) => time(row.deliveredAt) },
    { header: labels.openedAt, cell: (row) => time(row.openedAt) },
    { header: labels.clickedAt, cell: (row) => time(row.clickedAt) },
    { header: labels.opens, cell: (row) => row.opens },
    { header: labels.clicks, cell: (row) => row.clicks },
    { header: labels.error, cell: (row) => row.error ?? "" },
  ];
  const readPage = (last: RecipientRow | undefined) =>
    executor
      .select(recipientColumns)
      .from(r)
      .leftJoin(guests, eq(guests.id, r.guestId))
      .where(and(where, last && sql`(lower(${r.email}), ${r.id}) > (${last.key}, ${last.id}::uuid)`))
      .orderBy(sql`lower(${r.email})`, r.id)
      .limit(pageSize);
  const name = `campaign-${event.slug}-${campaign.name}`.replace(/[^\p{L}\p{N}._-]+/gu, "-").slice(0, 120);
  return writeSpreadsheet({
    format: query.format,
    name,
    sheetName: labels.sheet,
    language,
    columns,
    rows: await exportRows(pageSize, readPage),
    onError: (error) => context.logger.error({ err: error, campaignId: id }, "campaign recipients export stopped"),
  });
}
