import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { registerAccount } from "../../testing/fixtures.js";
import { madeBeforeAll, type RequestOptions, type TestApp } from "../../testing/test-app.js";
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

/** Calls of the accounts API by path under /api/v1, each naming its caller's token (none: signed out). */
export function accountsApi(t: TestApp) {
  return (
    method: RequestOptions["method"],
    url: string,
    token: string | undefined,
    body?: unknown,
    language?: string,
  ) => t.request({ method, url: `/api/v1${url}`, token, body, language });
}

/** The Overseers of two accounts, made before the file's tests: Acme Events, and Globex Shows who must not see it. */
export function twoAccountsForFile(t: TestApp) {
  return {
    owner: madeBeforeAll(() => registerAccount(t, { accountName: "Acme Events" })),
    other: madeBeforeAll(() => registerAccount(t, { accountName: "Globex Shows" })),
  };
}
