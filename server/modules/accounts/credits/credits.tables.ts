import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { CreditKind, CreditReason } from "../../../../contract/credits.js";
import { users } from "../../auth/auth.tables.js";
import { accounts } from "../accounts.tables.js";

/**
 * A lot of credits added to an account by a platform administrator (SPEC §3 Credits: number, expiry date, author,
 * pack). Event credits and campaign credits are two ledgers told apart by `kind`. `remaining` is what the lot still
 * holds: spending and debits take from the soonest-expiring unexpired lots first, under row locks, and the check keeps
 * it from ever going below zero. A lot is spendable up to and including its expiry day (UTC).
 */
export const creditLots = pgTable(
  "credit_lots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<CreditKind>().notNull(),
    /** The number of credits the lot was added with. */
    number: integer("number").notNull(),
    remaining: integer("remaining").notNull(),
    /** The last day the lot's credits can be spent; null: they never expire. */
    expiresOn: date("expires_on", { mode: "string" }),
    pack: text("pack").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("credit_lots_remaining", sql`${table.remaining} >= 0 and ${table.remaining} <= ${table.number}`),
    check("credit_lots_kind", sql`${table.kind} in ('event', 'campaign')`),
    index("credit_lots_account_kind").on(table.accountId, table.kind, table.expiresOn),
  ],
);

/**
 * The append-only ledger of every movement of credits, one row per lot touched: added (+), debited by hand (−),
 * reserved by a campaign's send (−), released back when the campaign ended (+). Never updated nor deleted.
 */
export const creditMovements = pgTable(
  "credit_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<CreditKind>().notNull(),
    lotId: uuid("lot_id")
      .notNull()
      .references(() => creditLots.id, { onDelete: "cascade" }),
    /** Credits into the lot (positive) or out of it (negative). */
    delta: integer("delta").notNull(),
    reason: text("reason").$type<CreditReason>().notNull(),
    /** The campaign of a reservation or release (no foreign key: campaigns sit above accounts). */
    campaignId: uuid("campaign_id"),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("credit_movements_account_kind_at").on(table.accountId, table.kind, table.at.desc()),
    index("credit_movements_campaign").on(table.campaignId).where(sql`${table.campaignId} is not null`),
  ],
);
