import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CampaignContent, CampaignStatus, CampaignType, RecipientStatus } from "../../../contract/campaigns.js";
import type { Language } from "../../../contract/common.js";
import { accounts } from "../accounts/accounts.tables.js";
import { users } from "../auth/auth.tables.js";
import { events } from "../events/events.tables.js";
import { guests } from "../guests/guests.tables.js";

/** An account's from-address (SPEC §2 "senders"): usable in a campaign once the link mailed to it was followed. */
export const senders = pgTable(
  "senders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /** Hash of the verification link's secret; null once verified. */
    verificationHash: text("verification_hash"),
    verificationSentAt: timestamp("verification_sent_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // SPEC §5: "Sender email must be unique" (per account): "This sender email already exists."
  (table) => [uniqueIndex("senders_account_email").on(table.accountId, sql`lower(${table.email})`)],
);

export const errorMailReasons = ["bounce", "blocked", "unsubscribed", "complaint"] as const;
export type ErrorMailReason = (typeof errorMailReasons)[number];

/**
 * SPEC §7 errormails: an account's addresses that bounced, were blocked or unsubscribed. No mail of the account goes
 * to them ("An email sent to this address has been rejected.") until an organizer unlocks the address (deletes the row).
 */
export const errorMails = pgTable(
  "error_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    reason: text("reason").$type<ErrorMailReason>().notNull(),
    /** The SMTP answer or provider event that put the address here. */
    detail: text("detail").notNull().default(""),
    campaignId: uuid("campaign_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("error_mails_account_email").on(table.accountId, table.email)],
);

export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").$type<CampaignType>().notNull(),
    status: text("status").$type<CampaignStatus>().notNull().default("draft"),
    /** The gallery template the content started from. */
    template: text("template").notNull().default("classic"),
    fromName: text("from_name").notNull().default(""),
    senderId: uuid("sender_id").references(() => senders.id, { onDelete: "set null" }),
    replyEmail: text("reply_email"),
    /** Subject, preview text and blocks per event language. */
    content: jsonb("content").$type<CampaignContent>().notNull().default({}),
    /** Stored files (stored_files, purpose `campaign.attachment`) sent with every mail. */
    attachmentIds: jsonb("attachment_ids").$type<string[]>().notNull().default([]),
    /** The guests the organizer picked in the recipients step; the send keeps those still selectable then. */
    selectedGuestIds: jsonb("selected_guest_ids").$type<string[]>().notNull().default([]),
    /**
     * "Select all selectable": every guest selectable when the send starts, but those in unselectedGuestIds (ticked
     * off by hand), so 100,000 guests are not written out as ids. selectedGuestIds is ignored then.
     */
    selectAll: boolean("select_all").notNull().default(false),
    unselectedGuestIds: jsonb("unselected_guest_ids").$type<string[]>().notNull().default([]),
    /** When a scheduled campaign starts; set when the send starts for one sent now. */
    sendingAt: timestamp("sending_at", { withTimezone: true }),
    /** Credits taken from the account when the send started; the unused rest goes back when it ends. */
    reservedCredits: integer("reserved_credits").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("campaigns_event_created").on(table.eventId, table.createdAt.desc()),
    index("campaigns_scheduled").on(table.sendingAt).where(sql`${table.status} = 'scheduled'`),
  ],
);

/**
 * One row per mail of a campaign: its send record. The unique (campaign, guest) key means a guest is recorded once,
 * and a sender takes a row (queued → pending, with a lease) before its SMTP transaction: a restart or a second
 * instance takes only rows that are queued or whose lease ran out, so no mail leaves twice.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id").references(() => guests.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    language: text("language").$type<Language>().notNull(),
    /** The send job that owns the row: one pg-boss job per batch. */
    batch: integer("batch").notNull(),
    status: text("status").$type<RecipientStatus>().notNull().default("queued"),
    /** Until when a pending row belongs to the sender that took it; after that another sender may take it. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    messageId: text("message_id"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    openCount: integer("open_count").notNull().default(0),
    clickCount: integer("click_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("campaign_recipients_campaign_guest").on(table.campaignId, table.guestId),
    index("campaign_recipients_batch").on(table.campaignId, table.batch, table.status),
    index("campaign_recipients_guest").on(table.guestId),
  ],
);

export const campaignEventKinds = [
  "sent",
  "delivered",
  "open",
  "click",
  "bounce",
  "blocked",
  "error",
  "unsubscribe",
] as const;
export type CampaignEventKind = (typeof campaignEventKinds)[number];

/** What happened to a campaign's mails over time (statistics "over time"): appended, never updated. */
export const campaignEvents = pgTable(
  "campaign_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => campaignRecipients.id, { onDelete: "cascade" }),
    kind: text("kind").$type<CampaignEventKind>().notNull(),
    /** The link of a click, the SMTP answer or provider detail of a bounce. */
    detail: text("detail"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("campaign_events_campaign_kind_at").on(table.campaignId, table.kind, table.at)],
);
