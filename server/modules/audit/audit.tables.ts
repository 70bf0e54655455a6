import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** One row per state change: who did what, when, with a before/after summary. Never updated. */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null for platform-level actions (a platform administrator creating a user). */
    accountId: uuid("account_id"),
    eventId: uuid("event_id"),
    actorUserId: uuid("actor_user_id"),
    actorApiKeyId: uuid("actor_api_key_id"),
    /** Who it was, as a person reads it, kept even if the user is later deleted. */
    actorLabel: text("actor_label").notNull(),
    /** Dotted name: `events.event.created`. */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("audit_logs_account_created").on(table.accountId, table.createdAt)],
);
