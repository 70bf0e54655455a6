import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { type Sender, senderVerificationHours } from "../../../../contract/senders.js";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, isUniqueViolation, notFound } from "../../../platform/errors.js";
import { isLanguage, type Language } from "../../../platform/language.js";
import { hashSecret, newSecret } from "../../../platform/tokens.js";
import type { Caller } from "../../accounts/accounts.service.js";
import { accounts } from "../../accounts/accounts.tables.js";
import { recordAudit } from "../../audit/audit.service.js";
import { senders } from "../campaigns.tables.js";
import { senderVerificationMail } from "./senders.mails.js";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SenderRow = typeof senders.$inferSelect;
export type VerifiedSender = SenderRow & { verifiedAt: Date };

/**
 * The account's sender a campaign may send from: 409 SENDER_NOT_VERIFIED (on the field `senderId`) when it is
 * missing, another account's, or not verified yet.
 */
export async function findVerifiedSender(
  executor: Executor,
  accountId: string,
  senderId: string | null | undefined,
): Promise<VerifiedSender> {
  const [row] =
    senderId && uuidPattern.test(senderId)
      ? await executor
          .select()
          .from(senders)
          .where(and(eq(senders.id, senderId), eq(senders.accountId, accountId), isNotNull(senders.verifiedAt)))
          .limit(1)
      : [];
  if (!row?.verifiedAt) {
    throw new AppError(409, "SENDER_NOT_VERIFIED", { fields: { senderId: { code: "SENDER_NOT_VERIFIED" } } });
  }
  return row as VerifiedSender;
}

export function toSender(row: SenderRow): Sender {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verificationSentAt: row.verificationSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSenders(executor: Executor, accountId: string) {
  const rows = await executor
    .select()
    .from(senders)
    .where(eq(senders.accountId, accountId))
    .orderBy(desc(senders.createdAt), desc(senders.id));
  return { items: rows.map(toSender), total: rows.length };
}

/** The link the verification mail carries: the web page that shows the address and confirms it. */
const verificationUrl = (context: AppContext, language: Language, token: string) =>
  `${context.config.publicUrl}/${language}/admin/verify-sender?token=${encodeURIComponent(token)}`;

/** Writes a new secret on the sender and queues the mail carrying it, in the caller's transaction. */
async function mailVerification(context: AppContext, tx: Executor, row: SenderRow): Promise<SenderRow> {
  const token = newSecret("sv_");
  const [account] = await tx
    .select({ name: accounts.name, params: accounts.params })
    .from(accounts)
    .where(eq(accounts.id, row.accountId));
  const language = isLanguage(account?.params.language) ? account.params.language : "en";
  const [updated] = await tx
    .update(senders)
    .set({ verificationHash: hashSecret(token), verificationSentAt: sql`now()` })
    .where(eq(senders.id, row.id))
    .returning();
  if (!updated) throw notFound();
  const mail = senderVerificationMail(language, {
    url: verificationUrl(context, language, token),
    accountName: account?.name ?? "",
    email: row.email,
  });
  await context.mailer.enqueue(tx, {
    to: row.email,
    template: "campaigns.sender_verification",
    language,
    accountId: row.accountId,
    ...mail,
  });
  return updated;
}

/** SPEC §5 "Sender email must be unique" (case-insensitive, per account): 409 SENDER_EXISTS. */
export async function createSender(
  context: AppContext,
  caller: Caller,
  accountId: string,
  body: { email: string; name: string },
): Promise<Sender> {
  const email = body.email.trim().toLowerCase();
  try {
    const created = await context.db.transaction(async (tx) => {
      const [row] = await tx.insert(senders).values({ accountId, email, name: body.name }).returning();
      if (!row) throw new AppError(409, "NOT_SAVED");
      const mailed = await mailVerification(context, tx, row);
      await recordAudit(
        tx,
        caller.principal,
        {
          accountId,
          action: "campaigns.sender.created",
          targetType: "sender",
          targetId: row.id,
          after: { email, name: body.name },
        },
        caller.ip,
      );
      return mailed;
    });
    await context.mailer.kick();
    return toSender(created);
  } catch (error) {
    if (isUniqueViolation(error, "senders_account_email")) {
      throw new AppError(409, "SENDER_EXISTS", { fields: { email: { code: "SENDER_EXISTS" } } });
    }
    throw error;
  }
}

async function requireSender(executor: Executor, accountId: string, id: string, lock = false): Promise<SenderRow> {
  const query = executor
    .select()
    .from(senders)
    .where(and(eq(senders.id, id), eq(senders.accountId, accountId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

/** A new link for a sender not verified yet (the old one stops working); a verified sender is answered as it is. */
export async function resendVerification(
  context: AppContext,
  caller: Caller,
  accountId: string,
  id: string,
): Promise<Sender> {
  const result = await context.db.transaction(async (tx) => {
    const row = await requireSender(tx, accountId, id, true);
    if (row.verifiedAt) return { row, mailed: false };
    const mailed = await mailVerification(context, tx, row);
    await recordAudit(
      tx,
      caller.principal,
      { accountId, action: "campaigns.sender.verification_sent", targetType: "sender", targetId: id },
      caller.ip,
    );
    return { row: mailed, mailed: true };
  });
  if (result.mailed) await context.mailer.kick();
  return toSender(result.row);
}

export async function deleteSender(context: AppContext, caller: Caller, accountId: string, id: string) {
  await context.db.transaction(async (tx) => {
    const row = await requireSender(tx, accountId, id, true);
    await tx.delete(senders).where(eq(senders.id, id));
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "campaigns.sender.deleted",
        targetType: "sender",
        targetId: id,
        before: { email: row.email, name: row.name, verified: row.verifiedAt !== null },
      },
      caller.ip,
    );
  });
  return { ok: true as const };
}

/** The unverified sender a live link names (sent less than `senderVerificationHours` ago), else 400 LINK_INVALID. */
async function senderOfToken(executor: Executor, token: string, lock = false) {
  const query = executor
    .select({ sender: senders, accountName: accounts.name })
    .from(senders)
    .innerJoin(accounts, eq(accounts.id, senders.accountId))
    .where(
      and(
        eq(senders.verificationHash, hashSecret(token)),
        isNull(senders.verifiedAt),
        sql`${senders.verificationSentAt} > now() - make_interval(hours => ${senderVerificationHours})`,
      ),
    );
  const [row] = lock ? await query.for("update", { of: senders }) : await query;
  if (!row) throw new AppError(400, "LINK_INVALID");
  return row;
}

/** GET of the public link: what the page shows before its button confirms (reading does not use the link up). */
export async function readVerification(executor: Executor, token: string) {
  const { sender, accountName } = await senderOfToken(executor, token);
  return { email: sender.email, accountName };
}

/** POST of the public link: verifies the sender; the link works once. */
export async function verifySender(context: AppContext, token: string, ip: string) {
  return context.db.transaction(async (tx) => {
    const { sender, accountName } = await senderOfToken(tx, token, true);
    await tx.update(senders).set({ verifiedAt: sql`now()`, verificationHash: null }).where(eq(senders.id, sender.id));
    await recordAudit(
      tx,
      { kind: "system", label: `Sender ${sender.email}` },
      {
        accountId: sender.accountId,
        action: "campaigns.sender.verified",
        targetType: "sender",
        targetId: sender.id,
        after: { verified: true },
      },
      ip,
    );
    return { email: sender.email, accountName };
  });
}
