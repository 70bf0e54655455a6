import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { ErrorMail } from "../../../../contract/error-mails.js";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, notFound } from "../../../platform/errors.js";
import type { Caller } from "../../accounts/accounts.service.js";
import { changedFields, recordAudit } from "../../audit/audit.service.js";
import { events } from "../../events/events.tables.js";
import { guests } from "../../guests/guests.tables.js";
import { type ErrorMailReason, errorMails } from "../campaigns.tables.js";

/** Addresses are compared lower-cased and trimmed: error_mails stores them so. */
export const normalizedEmail = (email: string) => email.trim().toLowerCase();

/**
 * The account's rejected addresses as a subquery (`guests.email_lower NOT IN (...)`-style set-based selection):
 * `sql\`lower(${guests.email}) not in (${rejectedAddressesSql(accountId)})\``.
 */
export const rejectedAddressesSql = (accountId: string) =>
  sql`select ${errorMails.email} from ${errorMails} where ${errorMails.accountId} = ${accountId}`;

/** True when a mail of the account to this address bounced, was blocked, or its owner unsubscribed (SPEC §5). */
export async function isRejected(executor: Executor, accountId: string, email: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: errorMails.id })
    .from(errorMails)
    .where(and(eq(errorMails.accountId, accountId), eq(errorMails.email, normalizedEmail(email))))
    .limit(1);
  return row !== undefined;
}

/** SPEC §5 "A rejected email address cannot be mailed": 409 EMAIL_REJECTED. */
export async function assertNotRejected(executor: Executor, accountId: string, email: string): Promise<void> {
  if (await isRejected(executor, accountId, email)) {
    throw new AppError(409, "EMAIL_REJECTED", { fields: { email: { code: "EMAIL_REJECTED" } } });
  }
}

export type ErrorMailRecord = {
  accountId: string;
  email: string;
  reason: ErrorMailReason;
  /** The SMTP answer or provider event that put the address here. */
  detail?: string | null;
  campaignId?: string | null;
};

/**
 * Puts an address on the account's rejected list, or updates its reason and detail when it is there already (a later
 * bounce replaces an earlier one). Answers the row's id. Safe under concurrent calls (one statement, ON CONFLICT).
 */
export async function recordErrorMail(executor: Executor, record: ErrorMailRecord): Promise<string> {
  const values = {
    accountId: record.accountId,
    email: normalizedEmail(record.email),
    reason: record.reason,
    detail: (record.detail ?? "").slice(0, 2000),
    campaignId: record.campaignId ?? null,
  };
  const [row] = await executor
    .insert(errorMails)
    .values(values)
    .onConflictDoUpdate({
      target: [errorMails.accountId, errorMails.email],
      set: { reason: values.reason, detail: values.detail, campaignId: values.campaignId, createdAt: sql`now()` },
    })
    .returning({ id: errorMails.id });
  if (!row) throw new Error("error mail upsert answered no row");
  return row.id;
}

type ErrorMailRow = typeof errorMails.$inferSelect;

export const toErrorMail = (row: ErrorMailRow): ErrorMail => ({
  id: row.id,
  email: row.email,
  reason: row.reason,
  detail: row.detail,
  campaignId: row.campaignId,
  createdAt: row.createdAt.toISOString(),
});

/** Newest first; `query` is part of the address (no pattern characters: strpos). */
export async function listErrorMails(
  executor: Executor,
  accountId: string,
  query: { limit: number; offset: number; query?: string | undefined; reason?: ErrorMailReason | undefined },
) {
  const search = query.query?.trim().toLowerCase();
  const where = and(
    eq(errorMails.accountId, accountId),
    query.reason ? eq(errorMails.reason, query.reason) : undefined,
    search ? sql`strpos(${errorMails.email}, ${search}) > 0` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(errorMails)
      .where(where)
      .orderBy(desc(errorMails.createdAt), desc(errorMails.id))
      .limit(query.limit)
      .offset(query.offset),
    executor.select({ count: count() }).from(errorMails).where(where),
  ]);
  return { items: rows.map(toErrorMail), total: total?.count ?? 0 };
}

async function requireErrorMail(executor: Executor, accountId: string, id: string, lock = false) {
  const query = executor
    .select()
    .from(errorMails)
    .where(and(eq(errorMails.id, id), eq(errorMails.accountId, accountId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

export async function getErrorMail(executor: Executor, accountId: string, id: string) {
  return toErrorMail(await requireErrorMail(executor, accountId, id));
}

/** An organizer rejects an address by hand; an address already there gets the new reason and note. */
export async function createErrorMail(
  context: AppContext,
  caller: Caller,
  accountId: string,
  body: { email: string; reason: ErrorMailReason; detail: string },
) {
  return context.db.transaction(async (tx) => {
    const id = await recordErrorMail(tx, { accountId, email: body.email, reason: body.reason, detail: body.detail });
    const row = await requireErrorMail(tx, accountId, id);
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "campaigns.error_mail.created",
        targetType: "error_mail",
        targetId: id,
        after: { email: row.email, reason: row.reason },
      },
      caller.ip,
    );
    return toErrorMail(row);
  });
}

export async function updateErrorMail(
  context: AppContext,
  caller: Caller,
  accountId: string,
  id: string,
  body: { reason?: ErrorMailReason | undefined; detail?: string | undefined },
) {
  return context.db.transaction(async (tx) => {
    const before = await requireErrorMail(tx, accountId, id, true);
    const change = {
      ...(body.reason !== undefined && { reason: body.reason }),
      ...(body.detail !== undefined && { detail: body.detail }),
    };
    if (Object.keys(change).length === 0) return toErrorMail(before);
    const [row] = await tx.update(errorMails).set(change).where(eq(errorMails.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "campaigns.error_mail.updated",
        targetType: "error_mail",
        targetId: id,
        ...changedFields({ reason: before.reason, detail: before.detail }, change),
      },
      caller.ip,
    );
    return toErrorMail(row);
  });
}

/** The guest mail statuses an entry of the rejected list stands for: unlocking clears them (SPEC §4). */
const lockedStatuses = ["unsubscribed", "bounce", "blocked"] as const;

/**
 * DELETE: unlocks the address. The account's guests with that address lose the status that kept them out of campaigns
 * (unsubscribed, bounce, blocked), so they become selectable again. Audited.
 */
export async function unlockErrorMail(context: AppContext, caller: Caller, accountId: string, id: string) {
  await context.db.transaction(async (tx) => {
    const row = await requireErrorMail(tx, accountId, id, true);
    await tx.delete(errorMails).where(eq(errorMails.id, id));
    const cleared = await tx
      .update(guests)
      .set({ mailStatus: null })
      .where(
        and(
          inArray(guests.eventId, tx.select({ id: events.id }).from(events).where(eq(events.accountId, accountId))),
          sql`lower(${guests.email}) = ${row.email}`,
          inArray(guests.mailStatus, [...lockedStatuses]),
        ),
      )
      .returning({ id: guests.id });
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "campaigns.error_mail.unlocked",
        targetType: "error_mail",
        targetId: id,
        before: { email: row.email, reason: row.reason },
        after: { guestsUnlocked: cleared.length },
      },
      caller.ip,
    );
  });
  return { ok: true as const };
}
