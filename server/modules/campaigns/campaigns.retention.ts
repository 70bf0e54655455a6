import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection.js";
import { autoMailSends } from "./auto-mails/auto-mails.tables.js";
import { campaignRecipients } from "./campaigns.tables.js";

/**
 * Retention: the send records of anonymized guests forget the address; their statuses, opens and clicks stay, so
 * deliverability and reactivity statistics are unchanged.
 */
export async function anonymizeRecipientAddresses(executor: Executor, guestIds: SQL): Promise<string[]> {
  await executor.update(campaignRecipients).set({ email: "" }).where(sql`${campaignRecipients.guestId} in ${guestIds}`);
  await executor.update(autoMailSends).set({ email: "" }).where(sql`${autoMailSends.guestId} in ${guestIds}`);
  return [];
}
