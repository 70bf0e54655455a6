import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection.js";
import { anonymizedName } from "../guests/retention/retention.service.js";
import { messages } from "./messages.tables.js";

/** Retention: the messages an anonymized guest sent keep their date and event, not who wrote them nor what. */
export async function anonymizeGuestMessages(executor: Executor, guestIds: SQL): Promise<string[]> {
  await executor
    .update(messages)
    .set({ senderName: anonymizedName, senderEmail: "", subject: null, body: "", searchText: "" })
    .where(sql`${messages.guestId} in ${guestIds}`);
  return [];
}
