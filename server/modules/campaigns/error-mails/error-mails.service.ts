import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/connection.js";
import { AppError } from "../../../platform/errors.js";
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
