import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { hashSecret } from "../../platform/tokens.js";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased: one address, one user, whatever the case typed. */
    email: text("email").notNull(),
    /** Null until an invited organizer completes registration. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    language: text("language").notNull().default("en"),
    /** Platform Administrator (SPEC §6): sees and manages every account. */
    isPlatformAdmin: boolean("is_platform_admin").notNull().default(false),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_email_unique").on(table.email)],
);

export const tokenPurposes = ["session", "password_reset", "invitation", "login_link", "login_challenge"] as const;
export type TokenPurpose = (typeof tokenPurposes)[number];

/** Every secret handed to a user (session, reset link, invitation, login link) is stored only as its SHA-256. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: tokenPurposes }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Invitation tokens remember which account invited the user. */
    accountId: uuid("account_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("user_tokens_hash_unique").on(table.tokenHash),
    index("user_tokens_user_purpose").on(table.userId, table.purpose),
    index("user_tokens_expires").on(table.expiresAt).where(sql`used_at is null`),
  ],
);

/** The token a secret stands for, if it has this purpose and is neither used up nor expired. */
export const liveToken = (secret: string, purpose: TokenPurpose) =>
  and(
    eq(userTokens.tokenHash, hashSecret(secret)),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, sql`now()`),
  );
