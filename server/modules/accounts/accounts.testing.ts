import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { TestApp } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { events } from "../events/events.tables.js";

/** The audit rows of one account, newest first, read straight from the table. */
export async function auditRows(t: TestApp, accountId: string, action?: string) {
  return t.context.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.accountId, accountId), action ? eq(auditLogs.action, action) : undefined))
    .orderBy(desc(auditLogs.createdAt));
}

/** An event row of the account, written directly: these tests need events to exist, not the events API. */
export async function insertEvent(t: TestApp, accountId: string) {
  const [event] = await t.context.db
    .insert(events)
    .values({ accountId, name: "Launch party", slug: `launch-${randomBytes(4).toString("hex")}`, startsAt: new Date() })
    .returning();
  if (!event) throw new Error("event insert failed");
  return event;
}
