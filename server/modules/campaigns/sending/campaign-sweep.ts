import { and, eq, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import type { JobDefinition } from "../../../platform/jobs.js";
import { recordAudit } from "../../audit/audit.service.js";
import { campaignRecipients, campaigns } from "../campaigns.tables.js";
import { beginSend, enqueueBatches, finishCampaign, sendBatchQueue } from "./campaign-send.js";

/**
 * Every minute (and at start), on any instance: starts the scheduled campaigns whose time has come, queues again the
 * batches of sending campaigns that hold records nobody sends (a sender that died, a crash before the batches were
 * queued, mails to try again), and ends the sending campaigns with nothing left to send. Two instances sweeping at
 * once are safe: a campaign starts under its row lock (SKIP LOCKED) from `scheduled` only, and a batch queued twice
 * is sent once (its job takes only records nobody holds).
 */
export function campaignSweepJob(context: AppContext): JobDefinition<z.ZodObject> {
  return { name: "campaigns.sweep", payload: z.object({}), cron: "* * * * *", handle: () => sweepCampaigns(context) };
}

export async function sweepCampaigns(context: AppContext): Promise<void> {
  await startScheduledCampaigns(context);
  await requeueStuckBatches(context);
}

export async function startScheduledCampaigns(context: AppContext): Promise<number> {
  const due = await context.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, "scheduled"), lte(campaigns.sendingAt, sql`now()`)))
    .orderBy(campaigns.sendingAt)
    .limit(50);
  let started = 0;
  for (const { id } of due) {
    try {
      const begun = await context.db.transaction(async (tx) => {
        const [campaign] = await tx
          .select({ id: campaigns.id, accountId: campaigns.accountId, eventId: campaigns.eventId })
          .from(campaigns)
          .where(and(eq(campaigns.id, id), eq(campaigns.status, "scheduled")))
          .for("update", { skipLocked: true });
        if (!campaign) return false;
        await beginSend(context, tx, campaign);
        await recordAudit(tx, systemActor, {
          accountId: campaign.accountId,
          eventId: campaign.eventId,
          action: "campaigns.campaign.send_started",
          targetType: "campaign",
          targetId: campaign.id,
        });
        return true;
      });
      if (!begun) continue;
      started++;
      await enqueueBatches(context, id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await refuseScheduledSend(context, id, error);
    }
  }
  return started;
}

const systemActor = { kind: "system", label: "campaign schedule" } as const;

/**
 * A scheduled campaign that cannot start (too few credits, nobody left to receive it) goes back to draft, with the
 * reason in the audit log: the organizer sees it unsent rather than scheduled for a time gone by.
 */
async function refuseScheduledSend(context: AppContext, campaignId: string, error: AppError) {
  context.logger.warn({ campaignId, code: error.code }, "a scheduled campaign could not start");
  await context.db.transaction(async (tx) => {
    const [campaign] = await tx
      .update(campaigns)
      .set({ status: "draft", updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "scheduled")))
      .returning({ accountId: campaigns.accountId, eventId: campaigns.eventId });
    if (!campaign) return;
    await recordAudit(tx, systemActor, {
      accountId: campaign.accountId,
      eventId: campaign.eventId,
      action: "campaigns.campaign.send_refused",
      targetType: "campaign",
      targetId: campaignId,
      after: { status: "draft", reason: error.code },
    });
  });
}

/**
 * Batches of sending campaigns with records a job may take now, and no job waiting for them in the queue: queued
 * again. Then the campaigns with nothing left to send end.
 */
export async function requeueStuckBatches(context: AppContext): Promise<number> {
  const stuck = await rowsOf<{ campaign_id: string; batch: number }>(
    context.db,
    sql`select distinct r.campaign_id, r.batch
      from ${campaignRecipients} r join ${campaigns} c on c.id = r.campaign_id
      where c.status = 'sending'
        and ((r.status = 'queued' and (r.lease_until is null or r.lease_until <= now()))
          or (r.status = 'pending' and r.lease_until < now()))
        and not exists (
          select 1 from pgboss.job j
          where j.name = ${sendBatchQueue.name} and j.state in ('created', 'retry')
            and j.data->>'campaignId' = r.campaign_id::text and (j.data->>'batch')::int = r.batch)`,
  );
  const byCampaign = new Map<string, number[]>();
  for (const row of stuck) byCampaign.set(row.campaign_id, [...(byCampaign.get(row.campaign_id) ?? []), row.batch]);
  for (const [campaignId, batches] of byCampaign) await enqueueBatches(context, campaignId, batches);
  const idle = await rowsOf<{ id: string }>(
    context.db,
    sql`select c.id from ${campaigns} c where c.status = 'sending' and not exists (
      select 1 from ${campaignRecipients} r where r.campaign_id = c.id and r.status in ('queued', 'pending'))`,
  );
  for (const { id } of idle) await finishCampaign(context, id);
  return stuck.length;
}
