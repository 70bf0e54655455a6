import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type CreditBalance,
  type CreditKind,
  type CreditLot,
  type CreditMovement,
  type CreditReason,
  type creditAddBody,
  type creditDebitBody,
  creditExpiringSoonDays,
  type creditLedgerQuery,
  type creditMovementList,
  parseCreditExpiry,
} from "../../../../contract/credits.js";
import type { Executor, Transaction } from "../../../db/connection.js";
import type { Principal } from "../../../platform/auth-guard.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, fieldError } from "../../../platform/errors.js";
import { recordAudit } from "../../audit/audit.service.js";
import { users } from "../../auth/auth.tables.js";
import type { Caller } from "../accounts.service.js";
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

// ---- The account's credits screens and the platform administrator's add and debit (SPEC §7 eventcredits, ...) ----

const authorColumns = {
  authorId: users.id,
  authorEmail: users.email,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

type AuthorColumns = {
  authorId: string | null;
  authorEmail: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
};

const authorOfRow = (row: AuthorColumns) =>
  row.authorId
    ? {
        id: row.authorId,
        name: `${row.authorFirstName ?? ""} ${row.authorLastName ?? ""}`.trim() || (row.authorEmail ?? ""),
        email: row.authorEmail ?? "",
      }
    : null;

/** Today as YYYY-MM-DD in UTC, the day the database's `creditToday` also reads. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

const lotColumns = {
  id: creditLots.id,
  kind: creditLots.kind,
  number: creditLots.number,
  remaining: creditLots.remaining,
  expiresOn: creditLots.expiresOn,
  expired: sql<boolean>`coalesce(${creditLots.expiresOn} < ${creditToday}, false)`,
  pack: creditLots.pack,
  createdAt: creditLots.createdAt,
  ...authorColumns,
};

type LotRow = {
  id: string;
  kind: CreditKind;
  number: number;
  remaining: number;
  expiresOn: string | null;
  expired: boolean;
  pack: string;
  createdAt: Date;
} & AuthorColumns;

const toLot = (row: LotRow): CreditLot => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  remaining: row.remaining,
  expiresOn: row.expiresOn,
  expired: Boolean(row.expired),
  pack: row.pack,
  author: authorOfRow(row),
  createdAt: row.createdAt.toISOString(),
});

/** The spendable balance of `kind`, with what of it expires within `creditExpiringSoonDays` days. */
export async function creditBalance(executor: Executor, accountId: string, kind: CreditKind): Promise<CreditBalance> {
  const [row] = await executor
    .select({
      remaining: sql<number>`coalesce(sum(${creditLots.remaining}), 0)::int`,
      expiringSoon: sql<number>`coalesce(sum(${creditLots.remaining}) filter (where ${creditLots.expiresOn} < ${creditToday} + ${creditExpiringSoonDays}::int), 0)::int`,
      nextExpiry: sql<string | null>`min(${creditLots.expiresOn})::text`,
    })
    .from(creditLots)
    .where(and(eq(creditLots.accountId, accountId), eq(creditLots.kind, kind), gt(creditLots.remaining, 0), unexpired));
  return {
    kind,
    remaining: Number(row?.remaining ?? 0),
    expiringSoon: Number(row?.expiringSoon ?? 0),
    nextExpiry: row?.nextExpiry ?? null,
  };
}

/**
 * SPEC §7 eventcredits/nonspentorexpired: the lots that still hold credits (remaining > 0, spendable or not) or whose
 * expiry day has passed (whatever they hold), soonest-expiring first; `expired` tells the two apart. Fully spent lots
 * that have not expired are left out: nothing is left to spend nor to lose in them.
 */
export async function nonSpentOrExpiredLots(
  executor: Executor,
  accountId: string,
  kind: CreditKind,
): Promise<{ items: CreditLot[] }> {
  const rows = await executor
    .select(lotColumns)
    .from(creditLots)
    .leftJoin(users, eq(users.id, creditLots.createdBy))
    .where(
      and(
        eq(creditLots.accountId, accountId),
        eq(creditLots.kind, kind),
        or(gt(creditLots.remaining, 0), sql`${creditLots.expiresOn} < ${creditToday}`),
      ),
    )
    .orderBy(sql`${creditLots.expiresOn} asc nulls last`, asc(creditLots.createdAt), asc(creditLots.id));
  return { items: rows.map(toLot) };
}

/** The ledger of `kind`, newest first, each movement with its lot's pack and expiry and its author. */
export async function listCreditMovements(
  executor: Executor,
  accountId: string,
  kind: CreditKind,
  query: z.output<typeof creditLedgerQuery>,
): Promise<z.infer<typeof creditMovementList>> {
  const where = and(eq(creditMovements.accountId, accountId), eq(creditMovements.kind, kind));
  const [rows, [total]] = await Promise.all([
    executor
      .select({
        id: creditMovements.id,
        kind: creditMovements.kind,
        reason: creditMovements.reason,
        delta: creditMovements.delta,
        lotId: creditMovements.lotId,
        pack: creditLots.pack,
        expiresOn: creditLots.expiresOn,
        campaignId: creditMovements.campaignId,
        note: creditMovements.note,
        at: creditMovements.at,
        ...authorColumns,
      })
      .from(creditMovements)
      .innerJoin(creditLots, eq(creditLots.id, creditMovements.lotId))
      .leftJoin(users, eq(users.id, creditMovements.authorId))
      .where(where)
      .orderBy(desc(creditMovements.at), desc(creditMovements.id))
      .limit(query.limit)
      .offset(query.offset),
    executor.select({ total: count() }).from(creditMovements).where(where),
  ]);
  return {
    items: rows.map(
      (row): CreditMovement => ({
        id: Number(row.id),
        kind: row.kind,
        reason: row.reason,
        delta: row.delta,
        lotId: row.lotId,
        pack: row.pack,
        expiresOn: row.expiresOn,
        campaignId: row.campaignId,
        author: authorOfRow(row),
        note: row.note,
        at: row.at.toISOString(),
      }),
    ),
    total: Number(total?.total ?? 0),
  };
}

/**
 * Adds a lot of `body.number` credits (SPEC §5: a positive whole number; expiry DD/MM/YYYY not in the past), with its
 * ledger row and audit entry.
 */
export async function addCredits(
  context: AppContext,
  caller: Caller,
  accountId: string,
  kind: CreditKind,
  body: z.output<typeof creditAddBody>,
): Promise<CreditLot> {
  const expiry = body.expiryDate ? parseCreditExpiry(body.expiryDate) : undefined;
  if (body.expiryDate && !expiry) throw fieldError("expiryDate", "DATE_INVALID");
  if (expiry && expiry < todayUtc()) throw fieldError("expiryDate", "CREDIT_EXPIRY_PAST");
  const authorId = authorOf(caller.principal);
  const pack = body.pack ?? "";
  const lotId = await context.db.transaction(async (tx) => {
    const [lot] = await tx
      .insert(creditLots)
      .values({
        accountId,
        kind,
        number: body.number,
        remaining: body.number,
        expiresOn: expiry ?? null,
        pack,
        createdBy: authorId,
      })
      .returning({ id: creditLots.id });
    if (!lot) throw new AppError(409, "NOT_SAVED");
    await tx.insert(creditMovements).values({
      accountId,
      kind,
      lotId: lot.id,
      delta: body.number,
      reason: "add",
      authorId,
      note: body.note ?? "",
    });
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "accounts.credits.added",
        targetType: "credit_lot",
        targetId: lot.id,
        after: { kind, number: body.number, expiresOn: expiry ?? null, pack },
      },
      caller.ip,
    );
    return lot.id;
  });
  const [row] = await context.db
    .select(lotColumns)
    .from(creditLots)
    .leftJoin(users, eq(users.id, creditLots.createdBy))
    .where(eq(creditLots.id, lotId));
  if (!row) throw new AppError(404, "NOT_FOUND");
  return toLot(row);
}

/**
 * Takes `body.number` credits out of the account by hand, soonest-expiring unexpired lots first. More than the
 * spendable balance is refused (409 CREDIT_DEBIT_TOO_LARGE with the balance) and nothing is taken.
 */
export async function debitCredits(
  context: AppContext,
  caller: Caller,
  accountId: string,
  kind: CreditKind,
  body: z.output<typeof creditDebitBody>,
): Promise<CreditBalance> {
  await context.db.transaction(async (tx) => {
    const { shortfall, available } = await takeCredits(tx, {
      accountId,
      kind,
      count: body.number,
      reason: "debit",
      authorId: authorOf(caller.principal),
      note: body.note ?? "",
    });
    if (shortfall > 0) {
      throw new AppError(409, "CREDIT_DEBIT_TOO_LARGE", {
        values: [available],
        fields: { number: { code: "CREDIT_DEBIT_TOO_LARGE", values: [available] } },
      });
    }
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "accounts.credits.debited",
        targetType: "account",
        targetId: accountId,
        after: { kind, number: body.number },
      },
      caller.ip,
    );
  });
  return creditBalance(context.db, accountId, kind);
}
