import { and, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "../../../db/connection.js";
import { AppError } from "../../../platform/errors.js";
import { senders } from "../campaigns.tables.js";

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
