import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accountRoles } from "../../../contract/auth.js";
import { users } from "../auth/auth.tables.js";

export type AccountModules = { multilang: boolean; ebadge: boolean; misc: boolean; singleImagePartners: boolean };

export const accounts = pgTable("accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** Free organizer-facing parameters (contact, language, timezone, ...). Shape lives in contract/accounts.ts. */
  params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
  /** Values copied into every new event of the account. */
  defaultEventParams: jsonb("default_event_params").$type<Record<string, unknown>>().notNull().default({}),
  defaultDomain: text("default_domain"),
  retentionDays: integer("retention_days").notNull().default(365),
  multilang: boolean("multilang").notNull().default(true),
  twoFactor: boolean("two_factor").notNull().default(false),
  whiteLabel: boolean("white_label").notNull().default(false),
  modules: jsonb("modules")
    .$type<AccountModules>()
    .notNull()
    .default({ multilang: true, ebadge: true, misc: true, singleImagePartners: false }),
  offlineCheckinLimit: integer("offline_checkin_limit").notNull().default(3),
  /** Organizer seats: every member but Readers counts. */
  maxOrganizers: integer("max_organizers").notNull().default(10),
  /** Null means no limit on the number of events. */
  maxEvents: integer("max_events"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An organizer user's seat in an account. One user may sit in several accounts. */
export const accountMembers = pgTable(
  "account_members",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: accountRoles }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.userId] }), index("account_members_user").on(table.userId)],
);

export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("teams_account").on(table.accountId)],
);

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] }), index("team_members_user").on(table.userId)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The first characters of the key, shown in lists so an organizer can tell keys apart. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("api_keys_account").on(table.accountId)],
);
