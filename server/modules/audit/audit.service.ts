import { and, desc, eq, ilike, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { AccountAction } from "../../../contract/permissions.js";
import type { Database, Executor } from "../../db/connection.js";
import { executeWrite, type PendingWrite, preparedWrite } from "../../db/prepared.js";
import type { Principal } from "../../platform/auth-guard.js";
import { auditLogs } from "./audit.tables.js";

declare module "../../platform/context.js" {
  interface ModuleHooks {
    /**
     * The caller's place in an account, checked for one action (404 outside it, 403 when not allowed): memberships
     * are the accounts module's, which records its changes here and so sits above this one.
     */
    accountAccess: (
      executor: Executor,
      principal: Principal,
      accountId: string,
      action: AccountAction,
    ) => Promise<{ accountId: string }>;
  }
}

export type AuditEntry = {
  accountId: string | null;
  eventId?: string | null;
  /** Dotted name, feature first: `events.event.created`. */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

type AuditColumn =
  | "accountId"
  | "eventId"
  | "actorUserId"
  | "actorApiKeyId"
  | "actorLabel"
  | "action"
  | "targetType"
  | "targetId"
  | "before"
  | "after"
  | "ip";

/**
 * An audit row, built once: every state change writes one. Its JSON columns are given as text (or null), which the
 * statement casts: the column's own encoding would write a JSON null rather than no value.
 */
const auditInsert = preparedWrite<AuditColumn>("audit", (executor, value) =>
  executor.insert(auditLogs).values({
    accountId: value("accountId"),
    eventId: value("eventId"),
    actorUserId: value("actorUserId"),
    actorApiKeyId: value("actorApiKeyId"),
    actorLabel: value("actorLabel"),
    action: value("action"),
    targetType: value("targetType"),
    targetId: value("targetId"),
    before: sql`${value("before")}::jsonb`,
    after: sql`${value("after")}::jsonb`,
    ip: value("ip"),
  }),
);

const jsonOrNull = (value: Record<string, unknown> | null | undefined) =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** An audit row, not written yet: a unit of work sends it with the change it logs. */
export function auditWrite(
  actor: Principal | { kind: "system"; label: string },
  entry: AuditEntry,
  ip?: string,
): PendingWrite {
  return auditInsert.with({
    accountId: entry.accountId,
    eventId: entry.eventId ?? null,
    actorUserId: actor.kind === "user" ? actor.userId : null,
    actorApiKeyId: actor.kind === "apiKey" ? actor.apiKeyId : null,
    actorLabel: actor.label,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: jsonOrNull(entry.before),
    after: jsonOrNull(entry.after),
    ip: ip ?? null,
  });
}

/**
 * Writes one audit row in the caller's transaction, so the log and the change commit or fail together. Sent when
 * called.
 */
export function recordAudit(
  executor: Executor,
  actor: Principal | { kind: "system"; label: string },
  entry: AuditEntry,
  ip?: string,
): Promise<unknown> {
  return executeWrite(executor, auditWrite(actor, entry, ip));
}

/** Keeps only the fields that changed, for a readable before/after summary. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

export async function listAuditLogs(
  db: Database,
  accountId: string,
  filter: { query?: string; exclude: string[]; eventId?: string; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(auditLogs.accountId, accountId)];
  if (filter.eventId) conditions.push(eq(auditLogs.eventId, filter.eventId));
  if (filter.exclude.length > 0) conditions.push(notInArray(auditLogs.action, filter.exclude));
  if (filter.query) {
    const pattern = `%${filter.query.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;
    const match = or(
      ilike(auditLogs.action, pattern),
      ilike(auditLogs.actorLabel, pattern),
      ilike(auditLogs.targetType, pattern),
      ilike(auditLogs.targetId, pattern),
    );
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLogs).where(where),
  ]);
  return { items: rows, total: count?.total ?? 0 };
}
