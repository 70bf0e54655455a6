import { type SQL, sql } from "drizzle-orm";
import type { MailHistoryItem, MailHistoryStatus, mailHistoryKinds } from "../../../../contract/mail-history.js";
import type { Executor } from "../../../db/connection.js";
import { mails } from "../../../platform/mail.tables.js";
import { campaignRecipients, campaigns } from "../campaigns.tables.js";

export type MailHistoryQuery = {
  limit: number;
  offset: number;
  status?: MailHistoryStatus | undefined;
  kind?: (typeof mailHistoryKinds)[number] | undefined;
  query?: string | undefined;
};

type Scope = { accountId: string } & ({ guestId?: undefined } | { eventId: string; guestId: string });

type HistoryRow = {
  id: string;
  kind: "transactional" | "campaign";
  to_address: string;
  subject: string;
  label: string;
  status: MailHistoryStatus;
  event_id: string | null;
  guest_id: string | null;
  campaign_id: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  total: number;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * SPEC §2 "mail history": the transactional mails (`mails`) and the campaign mails (`campaign_recipients` of the
 * account's campaigns) in one list, newest first, with each one's status. The account's list, or one guest's.
 */
export async function listMailHistory(
  executor: Executor,
  scope: Scope,
  query: MailHistoryQuery,
): Promise<{ items: MailHistoryItem[]; total: number }> {
  const m = mails;
  const r = campaignRecipients;
  const c = campaigns;
  const search = query.query?.trim().toLowerCase();
  const transactionalWhere: SQL[] = [sql`${m.accountId} = ${scope.accountId}`];
  const campaignWhere: SQL[] = [sql`${c.accountId} = ${scope.accountId}`];
  if (scope.guestId !== undefined) {
    transactionalWhere.push(sql`${m.guestId} = ${scope.guestId}`, sql`${m.eventId} = ${scope.eventId}`);
    campaignWhere.push(sql`${r.guestId} = ${scope.guestId}`, sql`${c.eventId} = ${scope.eventId}`);
  }
  if (query.status) {
    transactionalWhere.push(sql`${m.status} = ${query.status}`);
    campaignWhere.push(sql`${r.status} = ${query.status}`);
  }
  if (search) {
    transactionalWhere.push(sql`strpos(lower(${m.toAddress}), ${search}) > 0`);
    campaignWhere.push(sql`strpos(lower(${r.email}), ${search}) > 0`);
  }
  const parts: SQL[] = [];
  if (query.kind !== "campaign") {
    parts.push(sql`select ${m.id} as id, 'transactional' as kind, ${m.toAddress} as to_address,
        ${m.subject} as subject, ${m.template} as label, ${m.status} as status, ${m.eventId} as event_id,
        ${m.guestId} as guest_id, null::uuid as campaign_id, ${m.createdAt} as created_at, ${m.sentAt} as sent_at
      from ${m} where ${sql.join(transactionalWhere, sql` and `)}`);
  }
  if (query.kind !== "transactional") {
    // The subject a recipient got is the one of its language, when the campaign has it.
    parts.push(sql`select ${r.id} as id, 'campaign' as kind, ${r.email} as to_address,
        coalesce(${c.content} -> ${r.language} ->> 'subject', '') as subject, ${c.name} as label,
        ${r.status} as status, ${c.eventId} as event_id, ${r.guestId} as guest_id, ${c.id} as campaign_id,
        ${r.createdAt} as created_at, ${r.sentAt} as sent_at
      from ${r} join ${c} on ${c.id} = ${r.campaignId} where ${sql.join(campaignWhere, sql` and `)}`);
  }
  const result = (await executor.execute(sql`
    select *, count(*) over ()::int as total from (${sql.join(parts, sql` union all `)}) history
    order by created_at desc, id desc
    limit ${query.limit} offset ${query.offset}`)) as unknown as { rows: HistoryRow[] };
  let total = result.rows[0]?.total;
  if (total === undefined) {
    // A page past the end: count without it.
    const counted = (await executor.execute(
      sql`select count(*)::int as total from (${sql.join(parts, sql` union all `)}) history`,
    )) as unknown as { rows: { total: number }[] };
    total = counted.rows[0]?.total ?? 0;
  }
  return {
    items: result.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      to: row.to_address,
      subject: row.subject,
      label: row.label,
      status: row.status,
      eventId: row.event_id,
      guestId: row.guest_id,
      campaignId: row.campaign_id,
      createdAt: iso(row.created_at) ?? "",
      sentAt: iso(row.sent_at),
    })),
    total,
  };
}
