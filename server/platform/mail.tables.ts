import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const mailStatuses = ["queued", "sending", "sent", "stored", "failed"] as const;

/**
 * A file a mail carries, by reference: `kind` names the renderer a module registered with the mailer
 * (`registerAttachmentRenderer`), the other fields say what to render. The file is made at delivery, never stored.
 */
export type AttachmentRef = { kind: string } & Record<string, string>;

/**
 * Every transactional mail, written in the same transaction as the change that caused it, then delivered by a job.
 * Without SMTP the row is the delivery: status `stored`, readable at /dev/mailbox.
 */
export const mails = pgTable(
  "mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id"),
    /** The event and guest the mail is about, when its sender knew them: the mail history of a guest reads them. */
    eventId: uuid("event_id"),
    guestId: uuid("guest_id"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Template name, for mail history and tests: `auth.password_reset`. */
    template: text("template").notNull(),
    language: text("language").notNull(),
    status: text("status", { enum: mailStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** When a worker took the mail; a claim older than a few minutes is a crashed worker's and is taken again. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    lastError: text("last_error"),
    attachments: jsonb("attachments").$type<AttachmentRef[]>().notNull().default([]),
    /** The display name of the From header (a campaign's from name); the platform's own address stays the address. */
    fromName: text("from_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("mails_status_created").on(table.status, table.createdAt),
    index("mails_to").on(table.toAddress),
    index("mails_account_created").on(table.accountId, table.createdAt),
    index("mails_guest").on(table.guestId),
  ],
);
