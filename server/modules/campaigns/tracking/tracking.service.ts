import { sql } from "drizzle-orm";
import type { RecipientStatus } from "../../../../contract/campaigns.js";
import { type Executor, rowsOf } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import type { Language } from "../../../platform/language.js";
import { guests } from "../../guests/guests.tables.js";
import {
  type CampaignEventKind,
  campaignEvents,
  campaignRecipients,
  campaigns,
  type ErrorMailReason,
} from "../campaigns.tables.js";
import { recordErrorMail } from "../error-mails/error-mails.service.js";

/**
 * What tracking learns about a sent mail (a pixel, a click, an unsubscribe, the provider's webhook), written in one
 * statement: the send record (its dates and counts, its status moved only forward: sent < delivered < opened <
 * clicked, while bounce, blocked and unsubscribed win over all of them), a campaign_events row and the guest's mail
 * status (SPEC §4). Addresses that bounce, are blocked, complain or unsubscribe join the account's error mails.
 */

export type TrackedKind = "delivered" | "open" | "click" | "bounce" | "blocked" | "unsubscribe" | "complaint";

/** The status each kind of event moves a record to. */
const statusOf: Record<TrackedKind, RecipientStatus> = {
  delivered: "delivered",
  open: "opened",
  click: "clicked",
  bounce: "bounce",
  blocked: "blocked",
  unsubscribe: "unsubscribed",
  complaint: "unsubscribed",
};
const eventKindOf: Record<TrackedKind, CampaignEventKind> = {
  delivered: "delivered",
  open: "open",
  click: "click",
  bounce: "bounce",
  blocked: "blocked",
  unsubscribe: "unsubscribe",
  complaint: "unsubscribe",
};
const errorMailOf: Partial<Record<TrackedKind, ErrorMailReason>> = {
  bounce: "bounce",
  blocked: "blocked",
  unsubscribe: "unsubscribed",
  complaint: "complaint",
};

type Tracked = { id: string; status: RecipientStatus; email: string; language: Language; account_id: string };

/** Records one event of a mail; undefined when the record does not exist (any more). */
export async function recordTracking(
  context: AppContext,
  recipientId: string,
  kind: TrackedKind,
  detail: string | null = null,
): Promise<Tracked | undefined> {
  const next = statusOf[kind];
  const winner = ["bounce", "blocked", "unsubscribed"].includes(next);
  const rows = await rowsOf<Tracked>(
    context.db,
    sql`with updated as (
        update ${campaignRecipients} r set
          status = case
            when ${winner} then ${next}
            when r.status in ('unsubscribed', 'blocked', 'bounce', 'error', 'queued', 'pending') then r.status
            when array_position(array['sent', 'delivered', 'opened', 'clicked'], ${next}::text)
              > array_position(array['sent', 'delivered', 'opened', 'clicked'], r.status) then ${next}
            else r.status end,
          delivered_at = case when ${kind} = 'delivered' then coalesce(r.delivered_at, now()) else r.delivered_at end,
          opened_at = case when ${kind} = 'open' then coalesce(r.opened_at, now()) else r.opened_at end,
          open_count = r.open_count + (case when ${kind} = 'open' then 1 else 0 end),
          clicked_at = case when ${kind} = 'click' then coalesce(r.clicked_at, now()) else r.clicked_at end,
          click_count = r.click_count + (case when ${kind} = 'click' then 1 else 0 end)
        where r.id = ${recipientId}
        returning r.id, r.campaign_id, r.guest_id, r.status, r.email, r.language
      ),
      logged as (
        insert into ${campaignEvents} (campaign_id, recipient_id, kind, detail)
        select campaign_id, id, ${eventKindOf[kind]}, ${detail} from updated
        returning 1
      ),
      marked as (
        update ${guests} g set mail_status = updated.status from updated where g.id = updated.guest_id returning 1
      )
      select updated.id, updated.status, updated.email, updated.language, c.account_id
      from updated join ${campaigns} c on c.id = updated.campaign_id`,
  );
  const tracked = rows[0];
  const reason = errorMailOf[kind];
  if (tracked && reason) {
    await recordErrorMail(context.db, {
      accountId: tracked.account_id,
      email: tracked.email,
      reason,
      detail: detail ?? kind,
      campaignId: null,
    });
  }
  return tracked;
}

/** The send record of a mail by the Message-ID the send gave it (`<record id@domain>`). */
export async function recipientOfMessageId(executor: Executor, messageId: string): Promise<string | undefined> {
  const bare = messageId.trim().replace(/^<|>$/g, "");
  const id = bare.split("@")[0] ?? "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const rows = await rowsOf<{ id: string }>(
    executor,
    sql`select id from ${campaignRecipients} where id = ${id} and message_id = ${`<${bare}>`}`,
  );
  return rows[0]?.id;
}
