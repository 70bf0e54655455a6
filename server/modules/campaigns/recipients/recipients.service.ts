import { type SQL, sql } from "drizzle-orm";
import type { CampaignType, ExclusionReason } from "../../../../contract/campaigns.js";
import type { GuestStatus, MailStatus } from "../../../../contract/guests.js";
import { type Executor, rowsOf } from "../../../db/connection.js";
import { events } from "../../events/events.tables.js";
import { searchable } from "../../guests/guests.list.js";
import { guests } from "../../guests/guests.tables.js";
import { campaignRecipients, campaigns, errorMails } from "../campaigns.tables.js";

/**
 * SPEC §5 campaign rules, in one place: whether each guest of a campaign's event may receive it and, when not, the
 * first reason why. Everything is set-based SQL over the event's guests (one statement for a listing, a summary or
 * the recording of 100,000 send records), never a statement per guest.
 */

/** Reflate and reminder go out several times, at most this many to one guest (per type, per event). */
export const repeatedSendsMax = 3;
/** Save the date, invitation and thank-you reach a guest once per type. */
const oncePerGuest: CampaignType[] = ["save_the_date", "invitation", "thank_you"];
const repeated: CampaignType[] = ["reflate", "reminder"];

const typeList = (types: CampaignType[]) => sql.raw(types.map((type) => `'${type}'`).join(", "));

/**
 * Who attends an event, for a thank-you. There is no check-in yet (issue 20 adds it): until then an attendee is a
 * confirmed guest of an event that has started. Issue 20 changes this function only.
 */
export function attendeeSql(guest: string, event: string): SQL {
  return sql`(${sql.raw(guest)}.status = 'confirmed' and ${sql.raw(event)}.starts_at <= now())`;
}

/**
 * The verdict of every guest of the campaign's event, as the CTEs `target` (the campaign with its event and the
 * language of its mails) and `verdicts` (each guest's columns, `reason` null when selectable, and `selected` when
 * the organizer's selection holds the guest). A send record of another campaign of the same event counts as having
 * received it (save the date, invitation, thank-you: once; reflate and reminder: up to repeatedSendsMax); an
 * invitation's record is what "already invited" means for save the date (no longer) and reflate (required).
 */
export function verdictsCte(campaignId: string): SQL {
  const reason = sql`case
    when g.email is null or btrim(g.email) = '' then 'email_empty'
    when em.id is not null then 'email_rejected'
    when g.host_id is not null and g.status = 'not_responded' then 'companion_not_responded'
    when target.type in (${typeList(oncePerGuest)}) and coalesce(h.same_type, 0) > 0 then 'already_in_campaign_type'
    when target.type in (${typeList(repeated)}) and coalesce(h.same_type, 0) >= ${repeatedSendsMax}
      then 'send_count_reached'
    when not (case target.type
      when 'save_the_date' then g.status = 'not_responded' and not coalesce(h.invited, false)
      when 'invitation' then g.status = 'not_responded'
      when 'reflate' then g.status = 'not_responded' and coalesce(h.invited, false)
      when 'reminder' then g.status = 'confirmed'
      when 'thank_you' then ${attendeeSql("g", "target")}
      else false end) then 'status_not_selectable'
    end`;
  return sql`target as (
      select c.id, c.type, c.account_id, c.event_id, c.select_all, e.starts_at,
        case when c.content ? e.preferred_language or c.content = '{}'::jsonb then e.preferred_language
          else (select min(k) from jsonb_object_keys(c.content) k) end as language
      from ${campaigns} c join ${events} e on e.id = c.event_id
      where c.id = ${campaignId}
    ),
    picked as (
      select value::uuid as id from ${campaigns} c, jsonb_array_elements_text(
        case when c.select_all then c.unselected_guest_ids else c.selected_guest_ids end)
      where c.id = ${campaignId}
    ),
    history as (
      select r.guest_id,
        count(*) filter (where pc.type = target.type) as same_type,
        bool_or(pc.type = 'invitation') as invited
      from ${campaignRecipients} r
        join ${campaigns} pc on pc.id = r.campaign_id
        cross join target
      where pc.event_id = target.event_id and pc.id <> target.id and r.guest_id is not null
      group by r.guest_id
    ),
    verdicts as (
      select g.id, g.first_name, g.last_name, g.email, g.status, g.mail_status, g.host_id, g.search_text,
        (${reason}) as reason,
        (target.select_all <> (g.id in (select id from picked))) as selected,
        target.select_all
      from ${guests} g
        cross join target
        left join history h on h.guest_id = g.id
        left join ${errorMails} em on em.account_id = target.account_id and em.email = lower(btrim(g.email))
      where g.event_id = target.event_id
    )`;
}

/**
 * Records the send records of a campaign whose send starts: the selected guests still selectable now, in batches of
 * `batchSize` (batch = (row_number - 1) / batchSize), and marks their guest mail status queued. One statement, however
 * many guests; a guest recorded already is left as it is (ON CONFLICT DO NOTHING). Answers how many were recorded.
 */
export async function recordRecipients(tx: Executor, campaign: { id: string }, batchSize: number): Promise<number> {
  const size = Math.max(1, Math.floor(batchSize));
  const [row] = await rowsOf<{ count: number }>(
    tx,
    sql`with ${verdictsCte(campaign.id)},
      recorded as (
        insert into ${campaignRecipients} (campaign_id, guest_id, email, language, batch)
        select target.id, v.id, btrim(v.email), target.language, ((row_number() over (order by v.id)) - 1) / ${size}
        from verdicts v cross join target
        where v.reason is null and v.selected
        on conflict do nothing
        returning guest_id
      ),
      queued as (
        update ${guests} set mail_status = 'queued' from recorded where ${guests.id} = recorded.guest_id
        returning 1
      )
      select count(*)::int as count from recorded`,
  );
  return row?.count ?? 0;
}

export type RecipientFilter = {
  query?: string;
  status?: GuestStatus[];
  selectable?: "true" | "false";
  reason?: ExclusionReason[];
  selected?: "true" | "false";
  limit: number;
  offset: number;
};

export type RecipientRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  status: GuestStatus;
  mailStatus: MailStatus | null;
  companion: boolean;
  selectable: boolean;
  reason: ExclusionReason | null;
  selected: boolean;
};

const inList = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** One page of the event's guests with their verdict for the campaign, searched and filtered, and the total. */
export async function listRecipientVerdicts(
  executor: Executor,
  campaignId: string,
  filter: RecipientFilter,
): Promise<{ items: RecipientRow[]; total: number }> {
  const words = searchable(filter.query ?? "")
    .split(/\s+/)
    .filter(Boolean);
  const conditions: SQL[] = [sql`true`];
  for (const word of words) conditions.push(sql`strpos(v.search_text, ${word}) > 0`);
  if (filter.status?.length) conditions.push(sql`v.status in (${inList(filter.status)})`);
  if (filter.reason?.length) conditions.push(sql`v.reason in (${inList(filter.reason)})`);
  if (filter.selectable)
    conditions.push(filter.selectable === "true" ? sql`v.reason is null` : sql`v.reason is not null`);
  if (filter.selected) {
    conditions.push(
      filter.selected === "true" ? sql`(v.selected and v.reason is null)` : sql`not (v.selected and v.reason is null)`,
    );
  }
  const rows = await rowsOf<{
    id: string;
    first_name: string;
    last_name: string;
    email: string | null;
    status: GuestStatus;
    mail_status: MailStatus | null;
    host_id: string | null;
    reason: ExclusionReason | null;
    selected: boolean;
    total: number;
  }>(
    executor,
    sql`with ${verdictsCte(campaignId)}
      select v.id, v.first_name, v.last_name, v.email, v.status, v.mail_status, v.host_id, v.reason, v.selected,
        count(*) over ()::int as total
      from verdicts v
      where ${sql.join(conditions, sql` and `)}
      order by lower(v.last_name), lower(v.first_name), v.id
      limit ${filter.limit} offset ${filter.offset}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.offset > 0) {
    const [counted] = await rowsOf<{ total: number }>(
      executor,
      sql`with ${verdictsCte(campaignId)} select count(*)::int as total from verdicts v
        where ${sql.join(conditions, sql` and `)}`,
    );
    total = counted?.total ?? 0;
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      status: row.status,
      mailStatus: row.mail_status,
      companion: row.host_id !== null,
      selectable: row.reason === null,
      reason: row.reason,
      selected: row.selected && row.reason === null,
    })),
    total,
  };
}

export type RecipientCounts = {
  /** Guests of the event. */
  guests: number;
  selectable: number;
  /** Selected and selectable: who would receive the campaign if it were sent now, and its cost in credits. */
  recipients: number;
  excluded: Record<ExclusionReason, number>;
  /** Guests picked one by one who are not selectable (any more): they will not receive it. */
  selectedExcluded: number;
};

/** The counts of the summary and the recipients step, in one statement. */
export async function countRecipientVerdicts(executor: Executor, campaignId: string): Promise<RecipientCounts> {
  const rows = await rowsOf<{ reason: ExclusionReason | null; count: number; selected: number; picked: number }>(
    executor,
    sql`with ${verdictsCte(campaignId)}
      select v.reason, count(*)::int as count, (count(*) filter (where v.selected))::int as selected,
        (count(*) filter (where v.selected and not v.select_all))::int as picked
      from verdicts v group by v.reason`,
  );
  const excluded: Record<ExclusionReason, number> = {
    email_empty: 0,
    already_in_campaign_type: 0,
    send_count_reached: 0,
    status_not_selectable: 0,
    email_rejected: 0,
    companion_not_responded: 0,
  };
  const counts: RecipientCounts = { guests: 0, selectable: 0, recipients: 0, excluded, selectedExcluded: 0 };
  for (const row of rows) {
    counts.guests += row.count;
    if (row.reason === null) {
      counts.selectable = row.count;
      counts.recipients = row.selected;
    } else {
      excluded[row.reason] = row.count;
      counts.selectedExcluded += row.picked;
    }
  }
  return counts;
}
