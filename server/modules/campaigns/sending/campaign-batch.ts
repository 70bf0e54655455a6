import { buffer } from "node:stream/consumers";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { MergeTag, RecipientStatus } from "../../../../contract/campaigns.js";
import { rowsOf } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { dkimOptionsFor, domainOfAddress } from "../../../platform/dkim.js";
import { storedFiles } from "../../../platform/files.tables.js";
import type { JobDefinition } from "../../../platform/jobs.js";
import type { Language } from "../../../platform/language.js";
import { mails } from "../../../platform/mail.tables.js";
import { eventOrigin, eventPageUrl, type SiteOfEvent } from "../../events/event-links.js";
import { eventDomains, events } from "../../events/events.tables.js";
import { guests } from "../../guests/guests.tables.js";
import { invitationSecret, personalRegistrationLink } from "../../guests/invitation-links.js";
import { type CampaignRow, personalizer, type RenderedCampaign, renderCampaign } from "../campaign-render.js";
import { campaignEvents, campaignRecipients, campaigns, senders } from "../campaigns.tables.js";
import { recordErrorMail } from "../error-mails/error-mails.service.js";
import { trackedHtml, trackingSecret, trackingUrls } from "../tracking/tracking-links.js";
import { finishCampaign, type SendBatchPayload, type sendBatchPayload, sendBatchQueue } from "./campaign-send.js";
import {
  type CampaignMail,
  type CampaignTransport,
  type SendOutcome,
  smtpCampaignTransport,
} from "./campaign-transport.js";

/**
 * A batch job: takes its send records in one statement (queued → pending, with a lease; a record whose lease ran out
 * belongs to a sender that died and is taken again), renders the campaign once per language, personalizes and tracks
 * each mail, hands it to SMTP, and records each answer right after it comes, a few dozen answers per statement
 * (status, sent_at, message id, a campaign_events row and the guest's mail status, in one statement): a sent record
 * is a spent credit. The last batch to end ends the campaign (finishCampaign).
 *
 * What can still go wrong, and its bound: a crash between SMTP's 250 and the commit of the statement recording it
 * (`flushDelayMs`, or the time of one statement) leaves records pending that were in fact sent; once their lease runs
 * out they are sent again. So a crash can double at most the mails answered in that window: on PostgreSQL about one
 * per SMTP connection, on the busier embedded database a few dozen at most (`flushEvery`). Nothing is ever lost: a
 * record leaves pending only by an answer written down.
 */

const flushEvery = 100;
const flushDelayMs = 5;

/** The batch job's definition, with its handler, registered once per process in app.ts. */
export function sendBatchJob(context: AppContext): JobDefinition<typeof sendBatchPayload> {
  return { ...sendBatchQueue, fetchSize: 4, handle: (payload) => sendBatch(context, payload) };
}

const transports = new WeakMap<AppContext, CampaignTransport>();

/** The process's campaign transport; undefined without SMTP_URL (mails go to the outbox). */
function transportOf(context: AppContext): CampaignTransport | undefined {
  if (!context.config.smtpUrl) return undefined;
  let transport = transports.get(context);
  if (!transport) {
    transport = smtpCampaignTransport(context.config);
    transports.set(context, transport);
  }
  return transport;
}

/** Closes the pooled SMTP connections (closeContext). */
export function closeCampaignTransport(context: AppContext) {
  transports.get(context)?.close();
  transports.delete(context);
}

type Claimed = {
  id: string;
  guest_id: string | null;
  email: string;
  language: Language;
  attempts: number;
  first_name: string;
  last_name: string;
};

/** Rendered mails of the last campaigns sent, by campaign, version and language: a campaign renders once a process. */
const renders = new Map<string, Promise<RenderedCampaign>>();
function renderedOnce(context: AppContext, campaign: CampaignRow, language: Language) {
  const key = `${campaign.id}:${campaign.updatedAt.getTime()}:${language}`;
  let rendered = renders.get(key);
  if (!rendered) {
    rendered = renderCampaign(context, campaign, language);
    rendered.catch(() => renders.delete(key));
    renders.set(key, rendered);
    if (renders.size > 32) renders.delete(renders.keys().next().value as string);
  }
  return rendered;
}

/** Takes the batch's records that nobody holds: one statement, whatever the batch's size. */
async function claim(context: AppContext, { campaignId, batch }: SendBatchPayload): Promise<Claimed[]> {
  const lease = context.config.campaigns.leaseSeconds;
  return rowsOf<Claimed>(
    context.db,
    sql`with claimed as (
        update ${campaignRecipients} r
        set status = 'pending', lease_until = now() + make_interval(secs => ${lease}), attempts = r.attempts + 1
        where r.id in (
          select id from ${campaignRecipients}
          where campaign_id = ${campaignId} and batch = ${batch}
            and ((status = 'queued' and (lease_until is null or lease_until <= now()))
              or (status = 'pending' and lease_until < now()))
          for update skip locked)
        returning r.id, r.guest_id, r.email, r.language, r.attempts
      ),
      marked as (
        update ${guests} g set mail_status = 'pending' from claimed where g.id = claimed.guest_id returning 1
      )
      select claimed.*, coalesce(g.first_name, '') as first_name, coalesce(g.last_name, '') as last_name
      from claimed left join ${guests} g on g.id = claimed.guest_id`,
  );
}

type Answer = { id: string; status: RecipientStatus; messageId: string | null; detail: string | null };

/**
 * Writes SMTP's answers as they come, one statement at a time: an answer waits at most `flushDelayMs`, or until the
 * statement before it is done, then everything that came meanwhile goes in the next one (at most `flushEvery`). So a
 * fast database writes answers nearly one by one, and a busy one (the embedded PGlite shares the sending thread)
 * writes fewer, larger statements instead of falling behind.
 */
function answerRecorder(context: AppContext, record: (group: Answer[]) => Promise<void>) {
  const waiting: Answer[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let failure: unknown;
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (writing) return writing;
    if (waiting.length === 0) return Promise.resolve();
    const group = waiting.splice(0, flushEvery);
    writing = record(group)
      .catch((error) => {
        failure ??= error;
        context.logger.error({ err: error }, "could not record campaign mail answers");
      })
      .finally(() => {
        writing = undefined;
        if (waiting.length > 0) void flush();
      });
    return writing;
  };
  return {
    add(answer: Answer) {
      waiting.push(answer);
      if (waiting.length >= flushEvery) void flush();
      else timer ??= setTimeout(flush, flushDelayMs);
    },
    async done() {
      while (writing || waiting.length > 0) await flush();
      if (failure) throw failure;
    },
  };
}

/** One statement for a group of answers: the records, their events, their guests' mail status. */
async function recordAnswers(context: AppContext, group: Answer[]) {
  const retryAfter = 60;
  const input = sql.join(
    group.map(
      (answer) => sql`(${answer.id}::uuid, ${answer.status}::text, ${answer.messageId}::text, ${answer.detail}::text)`,
    ),
    sql`, `,
  );
  await context.db.execute(
    sql`with input(id, status, message_id, detail) as (values ${input}),
      updated as (
        update ${campaignRecipients} r
        set status = i.status,
          sent_at = case when i.status = 'sent' then now() else r.sent_at end,
          message_id = coalesce(i.message_id, r.message_id),
          last_error = i.detail,
          lease_until = case when i.status = 'queued'
            then now() + make_interval(secs => ${retryAfter} * r.attempts) end
        from input i
        where r.id = i.id and r.status = 'pending'
        returning r.id, r.campaign_id, r.guest_id, r.status, r.last_error
      ),
      logged as (
        insert into ${campaignEvents} (campaign_id, recipient_id, kind, detail)
        select campaign_id, id, status, last_error from updated where status <> 'queued'
        returning 1
      ),
      marked as (
        update ${guests} g set mail_status = updated.status from updated where g.id = updated.guest_id returning 1
      )
      select count(*)::int as count from updated`,
  );
}

type Mailing = {
  campaign: CampaignRow;
  event: SiteOfEvent;
  from: { name: string; address: string };
};

async function mailingOf(context: AppContext, campaignId: string): Promise<Mailing | undefined> {
  const [row] = await context.db
    .select({
      campaign: campaigns,
      eventSlug: events.slug,
      // A campaign under white label (SPEC §3 Event "white label … campaigns") names the event's own domain, not the
      // platform's, in every link it carries: tracking, unsubscribe, the event's page.
      ownDomain: sql<string | null>`case when (${events.whiteLabel} ->> 'campaigns')::boolean
        then (select min(${eventDomains.domain}) from ${eventDomains} where ${eventDomains.eventId} = ${events.id}) end`,
      senderEmail: senders.email,
      senderName: senders.name,
    })
    .from(campaigns)
    .innerJoin(events, eq(events.id, campaigns.eventId))
    .leftJoin(senders, eq(senders.id, campaigns.senderId))
    .where(eq(campaigns.id, campaignId));
  if (!row) return undefined;
  const fallback = /<([^<>]+)>/.exec(context.config.mailFrom)?.[1] ?? context.config.mailFrom;
  return {
    campaign: row.campaign,
    event: { slug: row.eventSlug, ownDomain: row.ownDomain },
    from: {
      name: row.campaign.fromName || row.senderName || "",
      address: row.senderEmail ?? fallback,
    },
  };
}

/** The campaign's attached files (SPEC §2: 8 MB at most together), read once per batch. */
async function attachmentsOf(context: AppContext, campaign: CampaignRow) {
  if (campaign.attachmentIds.length === 0) return [];
  const files = await context.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.eventId, campaign.eventId), inArray(storedFiles.id, campaign.attachmentIds)));
  return Promise.all(
    files.map(async (file) => ({
      filename: file.name,
      contentType: file.contentType,
      content: await buffer(context.files.read(file.storageKey)),
    })),
  );
}

/** A few at a time: the SMTP pool's connections, and as many waiting behind them so none idles. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(runners);
}

export async function sendBatch(context: AppContext, payload: SendBatchPayload): Promise<void> {
  const mailing = await mailingOf(context, payload.campaignId);
  if (mailing?.campaign.status !== "sending") return;
  const claimed = await claim(context, payload);
  if (claimed.length > 0) await sendClaimed(context, mailing, claimed);
  await finishCampaign(context, payload.campaignId);
}

async function sendClaimed(context: AppContext, mailing: Mailing, claimed: Claimed[]) {
  const { campaign } = mailing;
  const { config } = context;
  const secret = await trackingSecret(context);
  const invitations = await invitationSecret(context);
  const transport = transportOf(context);
  const maxAttempts = config.campaigns.maxAttempts;
  const messageDomain = domainOfAddress(mailing.from.address) ?? new URL(config.publicUrl).hostname;
  const dkim = dkimOptionsFor(config, mailing.from.address);
  const attachments = transport ? await attachmentsOf(context, campaign) : [];

  // Still ours while we work: the lease of the records not answered yet is renewed before it runs out.
  const unanswered = new Set(claimed.map((row) => row.id));
  const renewal = setInterval(
    () => {
      if (unanswered.size === 0) return;
      void context.db
        .update(campaignRecipients)
        .set({ leaseUntil: sql`now() + make_interval(secs => ${config.campaigns.leaseSeconds})` })
        .where(
          sql`${campaignRecipients.id} = any(${[...unanswered]}::uuid[]) and ${campaignRecipients.status} = 'pending'`,
        )
        .catch((error) => context.logger.warn({ err: error }, "could not renew a campaign batch's lease"));
    },
    (config.campaigns.leaseSeconds * 1000) / 3,
  );
  renewal.unref();

  const refused: { email: string; reason: "bounce" | "blocked"; detail: string }[] = [];
  const outbox: (typeof mails.$inferInsert)[] = [];
  const recorder = answerRecorder(context, async (group) => {
    if (outbox.length > 0) await context.db.insert(mails).values(outbox.splice(0));
    await recordAnswers(context, group);
    for (const answer of group) unanswered.delete(answer.id);
  });

  try {
    const personalizers = new Map<Language, (values: Record<MergeTag, string>) => RenderedCampaign>();
    for (const language of new Set(claimed.map((row) => row.language))) {
      try {
        personalizers.set(language, personalizer(await renderedOnce(context, campaign, language)));
      } catch (error) {
        context.logger.error({ err: error, campaignId: campaign.id }, "campaign could not be rendered");
      }
    }
    const answer = (row: Claimed, outcome: SendOutcome) => {
      if (outcome.kind === "sent") {
        recorder.add({ id: row.id, status: "sent", messageId: outcome.messageId, detail: null });
        return;
      }
      if (outcome.kind === "retry") {
        const status = row.attempts >= maxAttempts ? "error" : "queued";
        recorder.add({ id: row.id, status, messageId: null, detail: outcome.detail });
        return;
      }
      refused.push({ email: row.email, reason: outcome.kind, detail: outcome.detail });
      recorder.add({ id: row.id, status: outcome.kind, messageId: null, detail: outcome.detail });
    };

    await eachLimited(claimed, transport ? config.campaigns.smtpConnections * 2 : 1, async (row) => {
      const personalize = personalizers.get(row.language);
      if (!personalize) {
        recorder.add({ id: row.id, status: "error", messageId: null, detail: "Impossible to render email." });
        return;
      }
      const urls = trackingUrls(eventOrigin(config.publicUrl, mailing.event), secret, row.id);
      const personal = personalize({
        first_name: row.first_name,
        last_name: row.last_name,
        registration_link: row.guest_id
          ? personalRegistrationLink(config, invitations, mailing.event, row.guest_id, row.language)
          : eventPageUrl(config.publicUrl, mailing.event, row.language),
        unsubscribe_link: urls.unsubscribe,
      });
      const mail: CampaignMail = {
        from: mailing.from,
        replyTo: campaign.replyEmail ?? undefined,
        to: row.email,
        subject: personal.subject,
        html: trackedHtml(personal.html, urls),
        text: personal.text,
        // The same for every attempt of a record: a receiver that got it twice can tell.
        messageId: `<${row.id}@${messageDomain}>`,
        headers: {
          "List-Unsubscribe": `<${urls.unsubscribe}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
        dkim,
        attachments,
      };
      if (!transport) {
        outbox.push({
          accountId: campaign.accountId,
          toAddress: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          template: "campaign",
          language: row.language,
          status: "stored",
          sentAt: new Date(),
        });
        answer(row, { kind: "sent", messageId: mail.messageId });
        return;
      }
      answer(row, await transport.send(mail));
    });
    await recorder.done();
  } finally {
    clearInterval(renewal);
  }

  for (const address of refused) {
    await recordErrorMail(context.db, {
      accountId: campaign.accountId,
      email: address.email,
      reason: address.reason,
      detail: address.detail,
      campaignId: campaign.id,
    });
  }
}
