import { and, eq, sql } from "drizzle-orm";
import type {
  CampaignSendSummary,
  RecipientSelection,
  SendCampaignAnswer,
  SendProblem,
} from "../../../../contract/campaign-recipients.js";
import type { Language } from "../../../../contract/common.js";
import { type MessageCode, translate } from "../../../../contract/error-messages.js";
import type { AccountAction } from "../../../../contract/permissions.js";
import type { Executor, Transaction } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, fieldError, notFound } from "../../../platform/errors.js";
import { spendableCredits } from "../../accounts/credits/credits.service.js";
import { recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { requireEvent } from "../../events/events.visibility.js";
import { validateForSend } from "../campaign-render.js";
import { campaignRecipients, campaigns } from "../campaigns.tables.js";
import { beginSend, enqueueBatches } from "../sending/campaign-send.js";
import { campaignSweepJob } from "../sending/campaign-sweep.js";
import {
  countRecipientVerdicts,
  listRecipientVerdicts,
  type RecipientCounts,
  type RecipientFilter,
} from "./recipients.service.js";

/**
 * The recipients step's selection, the summary and the send of SPEC §2 campaigns: send now, schedule for a date,
 * cancel a scheduled campaign. "A sent or scheduled campaign cannot be sent again" (§4) holds under concurrency: each
 * change locks the campaign row first and reads its status under that lock.
 */

type CampaignRow = typeof campaigns.$inferSelect;

/** The campaign of an event the caller reaches (404 otherwise, before any 403), locked for an update if asked. */
export async function requireCampaign(
  executor: Executor,
  caller: Caller,
  eventId: string,
  campaignId: string,
  action: AccountAction,
  options: { lock?: boolean } = {},
): Promise<CampaignRow> {
  await requireEvent(executor, caller.access, eventId, action);
  const query = executor
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.eventId, eventId)));
  const [campaign] = options.lock ? await query.for("update") : await query;
  if (!campaign) throw notFound();
  return campaign;
}

const alreadySent = () => new AppError(409, "CAMPAIGN_ALREADY_SENT");

/** Saves the selection of a draft campaign; answers the counts it gives. */
export async function saveSelection(
  context: AppContext,
  caller: Caller,
  eventId: string,
  campaignId: string,
  selection: RecipientSelection,
): Promise<RecipientCounts> {
  return context.db.transaction(async (tx) => {
    const campaign = await requireCampaign(tx, caller, eventId, campaignId, "events.update", { lock: true });
    if (campaign.status !== "draft") throw alreadySent();
    const guestIds = [...new Set(selection.guestIds)];
    await tx
      .update(campaigns)
      .set(
        selection.selectAll
          ? { selectAll: true, unselectedGuestIds: guestIds, selectedGuestIds: [], updatedAt: sql`now()` }
          : { selectAll: false, selectedGuestIds: guestIds, unselectedGuestIds: [], updatedAt: sql`now()` },
      )
      .where(eq(campaigns.id, campaignId));
    const counts = await countRecipientVerdicts(tx, campaignId);
    await recordAudit(
      tx,
      caller.access.principal,
      {
        accountId: campaign.accountId,
        eventId,
        action: "campaigns.campaign.recipients_selected",
        targetType: "campaign",
        targetId: campaignId,
        after: { selectAll: selection.selectAll, guestIds: guestIds.length, recipients: counts.recipients },
      },
      caller.ip,
    );
    return counts;
  });
}

/** The number of send records of a campaign (those of a send that started). */
async function recordedCount(executor: Executor, campaignId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId));
  return Number(row?.count ?? 0);
}

/** The rules of SPEC §5 a draft breaks (content, sender), as problems in the caller's language. */
async function contentProblems(executor: Executor, campaign: CampaignRow, language: Language): Promise<SendProblem[]> {
  try {
    await validateForSend(executor, campaign);
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = error.options.fields ?? { campaign: { code: error.code, values: error.options.values } };
    return Object.entries(fields).map(([field, { code, values }]) => ({
      field,
      code,
      message: translate(code, language, ...(values ?? [])),
    }));
  }
}

const problem = (field: string, code: MessageCode, language: Language, ...values: number[]): SendProblem => ({
  field,
  code,
  message: translate(code, language, ...values),
});

/** The summary step: recipients, cost, balance and everything that keeps the campaign from being sent. */
export async function campaignSummary(
  context: AppContext,
  caller: Caller,
  eventId: string,
  campaignId: string,
  language: Language,
): Promise<CampaignSendSummary> {
  const campaign = await requireCampaign(context.db, caller, eventId, campaignId, "events.read");
  const [counts, balance, recorded] = await Promise.all([
    countRecipientVerdicts(context.db, campaignId),
    spendableCredits(context.db, campaign.accountId, "campaign"),
    recordedCount(context.db, campaignId),
  ]);
  const cost = campaign.status === "draft" ? counts.recipients : recorded;
  const missingCredits = campaign.status === "draft" ? Math.max(0, cost - balance) : 0;
  const problems: SendProblem[] = [];
  if (campaign.status === "draft") {
    problems.push(...(await contentProblems(context.db, campaign, language)));
    if (counts.recipients === 0) problems.push(problem("recipients", "CAMPAIGN_NO_RECIPIENTS", language));
    if (missingCredits > 0) {
      problems.push(problem("credits", "CAMPAIGN_NOT_ENOUGH_CREDITS", language));
      problems.push(problem("credits", "CAMPAIGN_MISSING_CREDITS", language, missingCredits));
    }
  }
  return {
    id: campaign.id,
    status: campaign.status,
    sendingAt: campaign.sendingAt?.toISOString() ?? null,
    counts,
    cost,
    balance,
    missingCredits,
    problems,
    recorded,
  };
}

/** 409 "You do not have enough credits…" with "You are missing N credits." when the account holds fewer than `cost`. */
async function assertEnoughCredits(executor: Executor, accountId: string, cost: number): Promise<void> {
  const balance = await spendableCredits(executor, accountId, "campaign");
  if (cost > balance) {
    throw new AppError(409, "CAMPAIGN_NOT_ENOUGH_CREDITS", {
      fields: { credits: { code: "CAMPAIGN_MISSING_CREDITS", values: [cost - balance] } },
    });
  }
}

/**
 * Everything a send or a schedule checks, in `tx` with the campaign row locked: a draft still (a second send, a
 * double click or another tab find it sending or scheduled: 409), its content and sender (§5), at least one recipient,
 * enough credits. Answers the number of recipients.
 */
async function checkSendable(tx: Transaction, campaign: CampaignRow): Promise<number> {
  if (campaign.status !== "draft") throw alreadySent();
  await validateForSend(tx, campaign);
  const { recipients } = await countRecipientVerdicts(tx, campaign.id);
  if (recipients === 0) {
    throw new AppError(409, "CAMPAIGN_NO_RECIPIENTS", { fields: { recipients: { code: "CAMPAIGN_NO_RECIPIENTS" } } });
  }
  await assertEnoughCredits(tx, campaign.accountId, recipients);
  return recipients;
}

/**
 * Sends a draft now, or schedules it for `at`. Now: its send records and reserved credits are written in the same
 * transaction as its `sending` status (beginSend), and its batches are queued once that committed. Scheduled: the
 * credits are checked now and reserved when the sweep starts it, at its time.
 */
export async function sendCampaign(
  context: AppContext,
  caller: Caller,
  eventId: string,
  campaignId: string,
  at: string | undefined,
): Promise<SendCampaignAnswer> {
  const sendingAt = at === undefined ? undefined : new Date(at);
  if (sendingAt && sendingAt.getTime() <= Date.now()) throw fieldError("at", "CAMPAIGN_SENDING_DATE_PAST");
  const answer = await context.db.transaction(async (tx) => {
    const campaign = await requireCampaign(tx, caller, eventId, campaignId, "events.update", { lock: true });
    const counted = await checkSendable(tx, campaign);
    const audit = (action: string, after: Record<string, unknown>) =>
      recordAudit(
        tx,
        caller.access.principal,
        { accountId: campaign.accountId, eventId, action, targetType: "campaign", targetId: campaignId, after },
        caller.ip,
      );
    if (sendingAt) {
      await tx
        .update(campaigns)
        .set({ status: "scheduled", sendingAt, updatedAt: sql`now()` })
        .where(eq(campaigns.id, campaignId));
      await audit("campaigns.campaign.scheduled", {
        status: "scheduled",
        sendingAt: sendingAt.toISOString(),
        recipients: counted,
      });
      return { id: campaignId, status: "scheduled" as const, sendingAt: sendingAt.toISOString(), recipients: counted };
    }
    const { recipients } = await beginSend(context, tx, campaign, caller.access.principal);
    const [started] = await tx
      .select({ sendingAt: campaigns.sendingAt })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    await audit("campaigns.campaign.sent", { status: "sending", recipients });
    return {
      id: campaignId,
      status: "sending" as const,
      sendingAt: started?.sendingAt?.toISOString() ?? null,
      recipients,
    };
  });
  if (answer.status === "sending") await enqueueBatches(context, campaignId);
  // A sweep queued for the sending time starts the campaign then, not at the next once-a-minute sweep (which pg-boss's
  // clock may run later still). Should this job be lost (a crash just after the commit), a minute's sweep starts it.
  else await context.jobs.send(campaignSweepJob(context), {}, { startAfter: new Date(answer.sendingAt) });
  return answer;
}

/** Cancels a scheduled campaign (409 "Only a scheduled campaign can be cancelled." otherwise). */
export async function cancelCampaign(
  context: AppContext,
  caller: Caller,
  eventId: string,
  campaignId: string,
): Promise<SendCampaignAnswer> {
  return context.db.transaction(async (tx) => {
    const campaign = await requireCampaign(tx, caller, eventId, campaignId, "events.update", { lock: true });
    if (campaign.status !== "scheduled") throw new AppError(409, "CAMPAIGN_NOT_SCHEDULED");
    await tx
      .update(campaigns)
      .set({ status: "cancelled", cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(campaigns.id, campaignId));
    await recordAudit(
      tx,
      caller.access.principal,
      {
        accountId: campaign.accountId,
        eventId,
        action: "campaigns.campaign.cancelled",
        targetType: "campaign",
        targetId: campaignId,
        before: { status: "scheduled", sendingAt: campaign.sendingAt?.toISOString() ?? null },
        after: { status: "cancelled" },
      },
      caller.ip,
    );
    return {
      id: campaignId,
      status: "cancelled" as const,
      sendingAt: campaign.sendingAt?.toISOString() ?? null,
      recipients: 0,
    };
  });
}

/** The recipients step: a page of the event's guests with their verdicts, the selection and the counts. */
export async function listRecipients(
  context: AppContext,
  caller: Caller,
  eventId: string,
  campaignId: string,
  query: RecipientFilter,
) {
  const campaign = await requireCampaign(context.db, caller, eventId, campaignId, "events.read");
  const [page, counts] = await Promise.all([
    listRecipientVerdicts(context.db, campaignId, query),
    countRecipientVerdicts(context.db, campaignId),
  ]);
  return {
    ...page,
    counts,
    selection: {
      selectAll: campaign.selectAll,
      guestIds: campaign.selectAll ? campaign.unselectedGuestIds : campaign.selectedGuestIds,
    },
    editable: campaign.status === "draft",
  };
}
