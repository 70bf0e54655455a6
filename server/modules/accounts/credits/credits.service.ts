import { and, asc, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { CreditKind, CreditReason } from "../../../../contract/credits.js";
import type { Executor, Transaction } from "../../../db/connection.js";
import type { Principal } from "../../../platform/auth-guard.js";
import { AppError } from "../../../platform/errors.js";
import { recordAudit } from "../../audit/audit.service.js";
import { creditLots, creditMovements } from "./credits.tables.js";

/** Today in UTC: a lot is spendable up to and including its expiry day. */
export const creditToday = sql`(now() at time zone 'utc')::date`;

/** A lot whose credits can still be spent: not past its expiry day. */
export const unexpired: SQL = or(isNull(creditLots.expiresOn), sql`${creditLots.expiresOn} >= ${creditToday}`) as SQL;

/** Who moved credits: a person or key (routes), or the system on a campaign's behalf (the send). */
export type CreditActor = Principal | { kind: "system"; label: string };

const systemActor: CreditActor = { kind: "system", label: "campaign send" };
const authorOf = (actor: CreditActor) => (actor.kind === "user" ? actor.userId : null);

/** The credits of `kind` the account can spend now: what its unexpired lots still hold. */
export async function spendableCredits(executor: Executor, accountId: string, kind: CreditKind): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`coalesce(sum(${creditLots.remaining}), 0)::int` })
    .from(creditLots)
    .where(and(eq(creditLots.accountId, accountId), eq(creditLots.kind, kind), gt(creditLots.remaining, 0), unexpired));
  return Number(row?.total ?? 0);
}

/**
 * The account's unexpired lots of `kind` still holding credits, soonest-expiring first (never-expiring last), locked
 * until the transaction ends. Every taker locks them in this one order, so concurrent takers queue instead of
 * deadlocking, and each sees what the one before it left (PostgreSQL re-reads a locked row that changed).
 */
async function lockSpendableLots(tx: Transaction, accountId: string, kind: CreditKind) {
  return tx
    .select({ id: creditLots.id, remaining: creditLots.remaining })
    .from(creditLots)
    .where(and(eq(creditLots.accountId, accountId), eq(creditLots.kind, kind), gt(creditLots.remaining, 0), unexpired))
    .orderBy(sql`${creditLots.expiresOn} asc nulls last`, asc(creditLots.createdAt), asc(creditLots.id))
    .for("update");
}

type Taking = {
  accountId: string;
  kind: CreditKind;
  count: number;
  reason: Extract<CreditReason, "debit" | "reserve">;
  campaignId?: string | null;
  authorId?: string | null;
  note?: string;
};

/**
 * Takes `count` credits out of the soonest-expiring unexpired lots, one ledger row per lot touched. Answers the
 * shortfall (0 when taken): nothing is taken when the lots hold too few.
 */
export async function takeCredits(tx: Transaction, taking: Taking): Promise<{ shortfall: number; available: number }> {
  const lots = await lockSpendableLots(tx, taking.accountId, taking.kind);
  const available = lots.reduce((total, lot) => total + lot.remaining, 0);
  if (available < taking.count) return { shortfall: taking.count - available, available };
  let left = taking.count;
  const moves: { lotId: string; take: number }[] = [];
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    moves.push({ lotId: lot.id, take });
    left -= take;
  }
  for (const move of moves) {
    await tx
      .update(creditLots)
      .set({ remaining: sql`${creditLots.remaining} - ${move.take}` })
      .where(eq(creditLots.id, move.lotId));
  }
  if (moves.length > 0) {
    await tx.insert(creditMovements).values(
      moves.map((move) => ({
        accountId: taking.accountId,
        kind: taking.kind,
        lotId: move.lotId,
        delta: -move.take,
        reason: taking.reason,
        campaignId: taking.campaignId ?? null,
        authorId: taking.authorId ?? null,
        note: taking.note ?? "",
      })),
    );
  }
  return { shortfall: 0, available };
}

export type CreditReservation = {
  accountId: string;
  kind: CreditKind;
  count: number;
  campaignId: string;
  /** Who started the send (audited); the system by default. */
  actor?: CreditActor;
};

/**
 * Reserves `count` credits for a campaign's send, out of the soonest-expiring unexpired lots under row locks, with
 * its ledger rows ("reserve"). When the lots hold too few, nothing is taken and it throws 409
 * CAMPAIGN_NOT_ENOUGH_CREDITS with `credits: "You are missing N credits."`: the balance never goes below zero.
 */
export async function reserveCredits(tx: Transaction, reservation: CreditReservation): Promise<void> {
  const { accountId, kind, count, campaignId } = reservation;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`reserveCredits: count ${count}`);
  if (count === 0) return;
  const actor = reservation.actor ?? systemActor;
  const { shortfall } = await takeCredits(tx, {
    accountId,
    kind,
    count,
    reason: "reserve",
    campaignId,
    authorId: authorOf(actor),
  });
  if (shortfall > 0) {
    throw new AppError(409, "CAMPAIGN_NOT_ENOUGH_CREDITS", {
      fields: { credits: { code: "CAMPAIGN_MISSING_CREDITS", values: [shortfall] } },
    });
  }
  await recordAudit(tx, actor, {
    accountId,
    action: "accounts.credits.reserved",
    targetType: "campaign",
    targetId: campaignId,
    after: { kind, count },
  });
}

/**
 * Gives back up to `count` of the credits a campaign reserved and did not spend (reserved − sent, when it ends), with
 * ledger rows ("release"). They go back to the lots the campaign took them from, the latest-expiring first (what was
 * spent counts as taken from the soonest-expiring ones); a lot that expired meanwhile keeps them unspendable.
 * Never gives back more than the campaign still holds; answers how many went back.
 */
export async function releaseCredits(tx: Transaction, reservation: CreditReservation): Promise<number> {
  const { accountId, kind, count, campaignId } = reservation;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`releaseCredits: count ${count}`);
  if (count === 0) return 0;
  const held = await tx
    .select({ lotId: creditMovements.lotId, held: sql<number>`(-sum(${creditMovements.delta}))::int` })
    .from(creditMovements)
    .where(
      and(
        eq(creditMovements.accountId, accountId),
        eq(creditMovements.kind, kind),
        eq(creditMovements.campaignId, campaignId),
        inArray(creditMovements.reason, ["reserve", "release"]),
      ),
    )
    .groupBy(creditMovements.lotId)
    .having(sql`sum(${creditMovements.delta}) < 0`);
  if (held.length === 0) return 0;
  const heldByLot = new Map(held.map((row) => [row.lotId, Number(row.held)]));
  // Locked in the takers' order (soonest-expiring first), then filled back latest-expiring first.
  const lots = await tx
    .select({ id: creditLots.id })
    .from(creditLots)
    .where(
      inArray(
        creditLots.id,
        held.map((row) => row.lotId),
      ),
    )
    .orderBy(sql`${creditLots.expiresOn} asc nulls last`, asc(creditLots.createdAt), asc(creditLots.id))
    .for("update");
  let left = count;
  const moves: { lotId: string; give: number }[] = [];
  for (const lot of [...lots].reverse()) {
    if (left === 0) break;
    const give = Math.min(left, heldByLot.get(lot.id) ?? 0);
    if (give > 0) moves.push({ lotId: lot.id, give });
    left -= give;
  }
  const actor = reservation.actor ?? systemActor;
  for (const move of moves) {
    await tx
      .update(creditLots)
      .set({ remaining: sql`${creditLots.remaining} + ${move.give}` })
      .where(eq(creditLots.id, move.lotId));
  }
  const released = count - left;
  if (moves.length > 0) {
    await tx.insert(creditMovements).values(
      moves.map((move) => ({
        accountId,
        kind,
        lotId: move.lotId,
        delta: move.give,
        reason: "release" as const,
        campaignId,
        authorId: authorOf(actor),
      })),
    );
    await recordAudit(tx, actor, {
      accountId,
      action: "accounts.credits.released",
      targetType: "campaign",
      targetId: campaignId,
      after: { kind, count: released },
    });
  }
  return released;
}

/** The credits a campaign holds now: reserved minus released (what its send has spent or may still spend). */
export async function campaignHeldCredits(executor: Executor, campaignId: string): Promise<number> {
  const [row] = await executor
    .select({ held: sql<number>`coalesce(-sum(${creditMovements.delta}), 0)::int` })
    .from(creditMovements)
    .where(and(eq(creditMovements.campaignId, campaignId), inArray(creditMovements.reason, ["reserve", "release"])));
  return Number(row?.held ?? 0);
}
