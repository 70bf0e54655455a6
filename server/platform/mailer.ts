import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { z } from "zod";
import type { Database, Executor } from "../db/connection.js";
import { executeWrite, type PendingWrite, preparedWrite } from "../db/prepared.js";
import type { JobDefinition, JobRunner } from "./jobs.js";
import type { Language } from "./language.js";
import { type AttachmentRef, mails } from "./mail.tables.js";
import { type MailContent, renderMail } from "./mail-layout.js";

const maxAttempts = 5;
const batchSize = 50;

export type OutgoingMail = {
  to: string;
  template: string;
  language: Language;
  accountId?: string | null;
  /** The event and guest the mail is about, for the mail history (SPEC §2); null when it is about none. */
  eventId?: string | null;
  guestId?: string | null;
  subject: string;
  /** Files made at delivery by the renderer registered for each reference's kind. */
  attachments?: AttachmentRef[];
  /** The display name of the From header; the address stays the platform's. */
  fromName?: string;
} & (
  | { content: MailContent; rendered?: undefined }
  /** A body rendered elsewhere (a campaign's test mail), sent as it is instead of in the platform's layout. */
  | { rendered: { html: string; text: string }; content?: undefined }
);

export type RenderedAttachment = { filename: string; contentType: string; content: Buffer };
/** Answers undefined for a file its module would rather leave out than hold the mail back for (it said why). */
export type AttachmentRenderer = (ref: AttachmentRef) => Promise<RenderedAttachment | undefined>;

export type Mailer = {
  /**
   * Writes the mail in the caller's transaction: it leaves only if the change that caused it commits. Answers the
   * mail's id. Sent when called (a unit of work may send it ahead of its next statement).
   */
  enqueue(executor: Executor, mail: OutgoingMail): Promise<string>;
  /** Asks a worker to deliver what is queued now rather than at the next sweep. Call it after the commit. */
  kick(): Promise<void>;
  /**
   * kick() for what a rush sends (registrations, checkouts): the kicks of the next 200 ms make one, so hundreds of
   * mails a second ask the worker a few times, not once each. Call it after the commit.
   */
  kickSoon(): void;
  /** True when mails stay in the database outbox (no SMTP_URL): /dev/mailbox is then the inbox. */
  usesOutbox: boolean;
  /**
   * How the files of a kind of reference are made. Modules register their renderers here (the platform knows none of
   * them); a reference without one fails its mail's delivery, retried like any other failure.
   */
  registerAttachmentRenderer(kind: string, render: AttachmentRenderer): void;
  /** The file a reference stands for: the delivery attaches it, /dev/mailbox serves it. */
  renderAttachment(ref: AttachmentRef): Promise<RenderedAttachment | undefined>;
  deliveryJob: JobDefinition<z.ZodObject>;
};

/** A queued mail, built once: a sale day queues one per order. */
const mailInsert = preparedWrite<
  | "id"
  | "toAddress"
  | "subject"
  | "html"
  | "text"
  | "template"
  | "language"
  | "accountId"
  | "eventId"
  | "guestId"
  | "attachments"
  | "fromName"
>("mail", (executor, value) =>
  executor.insert(mails).values({
    id: value("id"),
    toAddress: value("toAddress"),
    subject: value("subject"),
    html: value("html"),
    text: value("text"),
    template: value("template"),
    language: value("language"),
    accountId: value("accountId"),
    eventId: value("eventId"),
    guestId: value("guestId"),
    attachments: value("attachments"),
    fromName: value("fromName"),
  }),
);

/**
 * A mail of the outbox, not written yet (a unit of work sends it with the change that caused it; `enqueue` writes it
 * at once), and its id.
 */
export function mailWrite(mail: OutgoingMail): { id: string; write: PendingWrite } {
  const { html, text } = mail.rendered ? mail.rendered : renderMail(mail.content, mail.language);
  const id = randomUUID();
  const write = mailInsert.with({
    id,
    toAddress: mail.to,
    subject: mail.subject,
    html,
    text,
    template: mail.template,
    language: mail.language,
    accountId: mail.accountId ?? null,
    eventId: mail.eventId ?? null,
    guestId: mail.guestId ?? null,
    attachments: mail.attachments ?? [],
    fromName: mail.fromName ?? null,
  });
  return { id, write };
}

/** The address of a From value, `Name <address>` or a bare address. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export function createMailer(options: {
  db: Database;
  jobs: () => JobRunner;
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const renderers = new Map<string, AttachmentRenderer>();

  async function renderAttachment(ref: AttachmentRef) {
    const render = renderers.get(ref.kind);
    if (!render) throw new Error(`no renderer for the attachments of kind ${ref.kind}`);
    return render(ref);
  }

  /**
   * Claims a batch (a claim older than 5 minutes belongs to a crashed worker), delivers it, records the outcome.
   * Kept in the outbox, a batch is stored by its claim: there is nothing to send, and the mails' files are made when
   * /dev/mailbox opens them, not at each order.
   */
  async function deliverQueued() {
    for (;;) {
      const claim = options.db
        .update(mails)
        .set({
          status: transport ? "sending" : "stored",
          claimedAt: sql`now()`,
          attempts: sql`${mails.attempts} + 1`,
          ...(!transport && { sentAt: sql`now()` }),
        })
        .where(
          inArray(
            mails.id,
            options.db
              .select({ id: mails.id })
              .from(mails)
              .where(
                or(
                  eq(mails.status, "queued"),
                  and(eq(mails.status, "sending"), lt(mails.claimedAt, sql`now() - interval '5 minutes'`)),
                ),
              )
              .orderBy(mails.createdAt)
              .limit(batchSize)
              .for("update", { skipLocked: true }),
          ),
        );
      if (!transport) {
        // Stored, nothing of them is read back: their bodies are a sale day's largest rows.
        const stored = await claim.returning({ id: mails.id });
        if (stored.length < batchSize) return;
        continue;
      }
      const claimed = await claim.returning();
      if (claimed.length === 0) return;
      let failures = 0;
      for (const mail of claimed) {
        try {
          const attachments = [];
          for (const ref of mail.attachments) {
            const file = await renderAttachment(ref);
            if (file) attachments.push(file);
          }
          await transport.sendMail({
            from: mail.fromName ? { name: mail.fromName, address: addressOf(options.from) } : options.from,
            to: mail.toAddress,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            attachments,
          });
          await options.db
            .update(mails)
            .set({ status: "sent", sentAt: sql`now()`, lastError: null })
            .where(eq(mails.id, mail.id));
        } catch (error) {
          failures++;
          options.logger.warn({ err: error, mailId: mail.id }, "mail delivery failed");
          await options.db
            .update(mails)
            .set({ status: mail.attempts >= maxAttempts ? "failed" : "queued", lastError: String(error) })
            .where(eq(mails.id, mail.id));
        }
      }
      // After a failure, wait for the next minute's sweep rather than hammering a provider that is down.
      if (claimed.length < batchSize || failures > 0) return;
    }
  }

  async function kick() {
    try {
      await options.jobs().send(deliveryJob, {});
    } catch (error) {
      // The minute sweep delivers it anyway; a failed kick only delays the mail.
      options.logger.warn({ err: error }, "could not kick mail delivery");
    }
  }
  let pendingKick: NodeJS.Timeout | undefined;

  const deliveryJob: JobDefinition<z.ZodObject> = {
    name: "mail.deliver-queued",
    payload: z.object({}),
    cron: "* * * * *",
    handle: deliverQueued,
  };

  return {
    usesOutbox: !transport,
    deliveryJob,
    registerAttachmentRenderer(kind, render) {
      renderers.set(kind, render);
    },
    renderAttachment,
    async enqueue(executor, mail) {
      const { id, write } = mailWrite(mail);
      await executeWrite(executor, write);
      return id;
    },
    kick,
    kickSoon() {
      // A mail committed before the timer fires is in the batch it delivers; one committed after sets a new timer.
      if (pendingKick) return;
      pendingKick = setTimeout(() => {
        pendingKick = undefined;
        void kick();
      }, 200);
      pendingKick.unref();
    },
  };
}
