import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor, Transaction } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import type { JobDefinition } from "../../../platform/jobs.js";
import { type CreditActor, releaseCredits, reserveCredits } from "../../accounts/credits/credits.service.js";
import { campaignRecipients, campaigns } from "../campaigns.tables.js";
import { recordRecipients } from "../recipients/recipients.service.js";

/**
 * The start and the end of a campaign's send (the batches in between are sent by campaign-batch.ts):
 *
 * - beginSend, in the caller's transaction: the campaign goes to `sending` (only from draft or scheduled: a second
 *   send is refused), its send records are written in one INSERT … SELECT (recipients.service), and as many credits
 *   as records are reserved (credits.service; 409 when the account holds too few, and the transaction rolls back).
 * - enqueueBatches, after the commit: one pg-boss job per batch of records.
 * - finishCampaign, when no record is left queued or pending: `sent`, and the credits reserved but not spent (a mail
 *   SMTP never accepted) go back, exactly once (the status change from `sending` guards it).
 */

export const sendBatchPayload = z.object({ campaignId: z.string().uuid(), batch: z.number().int().min(0) });
export type SendBatchPayload = z.infer<typeof sendBatchPayload>;

/** The queue of the batch jobs; its handler is campaign-batch.ts's (registered in app.ts). */
export const sendBatchQueue = { name: "campaigns.send-batch", payload: sendBatchPayload } as const;

/** The definition a sender needs to queue a job (the handler runs in the worker, never here). */
const sendBatchJob: JobDefinition<typeof sendBatchPayload> = {
  ...sendBatchQueue,
  handle: async () => {
    throw new Error("campaigns.send-batch is handled by the worker registered in app.ts");
  },
};

/**
 * Starts a campaign's send in `tx`: status `sending` (from draft or scheduled only: "Campaign has already been sent
 * or scheduled."), its send records, its credits reserved. After the commit, call enqueueBatches.
 */
export async function beginSend(
  context: AppContext,
  tx: Transaction,
  campaign: { id: string; accountId: string },
  actor?: CreditActor,
): Promise<{ recipients: number }> {
  // First, so that two sends of one campaign queue behind this row lock and the second finds it sending.
  const [started] = await tx
    .update(campaigns)
    .set({
      status: "sending",
      sendingAt: sql`coalesce(least(${campaigns.sendingAt}, now()), now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(campaigns.id, campaign.id), inArray(campaigns.status, ["draft", "scheduled"])))
    .returning({ id: campaigns.id });
  if (!started) throw new AppError(409, "CAMPAIGN_ALREADY_SENT");
  const recipients = await recordRecipients(tx, campaign, context.config.campaigns.batchSize);
  if (recipients === 0) throw new AppError(409, "CAMPAIGN_NO_RECIPIENTS");
  await reserveCredits(tx, {
    accountId: campaign.accountId,
    kind: "campaign",
    count: recipients,
    campaignId: campaign.id,
    ...(actor && { actor }),
  });
  await tx.update(campaigns).set({ reservedCredits: recipients }).where(eq(campaigns.id, campaign.id));
  return { recipients };
}

/**
 * Queues one job per batch that still has records to send (all of them for a send that just started). Safe to call
 * again: a job finds its records by a conditional claim, so a batch queued twice is sent once.
 */
export async function enqueueBatches(context: AppContext, campaignId: string, batches?: number[]): Promise<number> {
  const numbers =
    batches ??
    (
      await context.db
        .selectDistinct({ batch: campaignRecipients.batch })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, "queued")))
        .orderBy(campaignRecipients.batch)
    ).map((row) => row.batch);
  for (const batch of numbers) await context.jobs.send(sendBatchJob, { campaignId, batch });
  return numbers.length;
}

/**
 * Ends a campaign whose records are all sent or given up: `sent`, then the credits it reserved and did not spend go
 * back (a record spent its credit when SMTP accepted its mail: sent_at set). The conditional status change makes it
 * happen once, whichever batch (or sweep, or instance) gets here first. Answers whether this call ended it.
 */
export async function finishCampaign(context: AppContext, campaignId: string): Promise<boolean> {
  return context.db.transaction(async (tx) => finishCampaignIn(tx, campaignId));
}

export async function finishCampaignIn(tx: Transaction, campaignId: string): Promise<boolean> {
  const [ended] = await tx
    .update(campaigns)
    .set({ status: "sent", sentAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(campaigns.id, campaignId),
        eq(campaigns.status, "sending"),
        sql`not exists (select 1 from ${campaignRecipients} r
          where r.campaign_id = ${campaignId} and r.status in ('queued', 'pending'))`,
      ),
    )
    .returning({ accountId: campaigns.accountId, reserved: campaigns.reservedCredits });
  if (!ended) return false;
  const spent = await spentCredits(tx, campaignId);
  const unused = Math.max(0, ended.reserved - spent);
  if (unused > 0) {
    await releaseCredits(tx, { accountId: ended.accountId, kind: "campaign", count: unused, campaignId });
  }
  return true;
}

/** The credits a campaign spent: its mails SMTP accepted. */
export async function spentCredits(executor: Executor, campaignId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), sql`${campaignRecipients.sentAt} is not null`));
  return Number(row?.count ?? 0);
}
