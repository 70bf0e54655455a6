import { and, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { AutoMailKind } from "../../../../contract/auto-mails.js";
import { type Executor, rowsOf } from "../../../db/connection.js";
import type { PendingWrite } from "../../../db/prepared.js";
import type { AppContext } from "../../../platform/context.js";
import type { JobDefinition } from "../../../platform/jobs.js";
import { isLanguage, type Language } from "../../../platform/language.js";
import { mailWrite } from "../../../platform/mailer.js";
import { recordAudit } from "../../audit/audit.service.js";
import { attachesBadgeSql, confirmationBadge } from "../../ebadges/ebadge-documents.js";
import { memberAreaUrl } from "../../events/event-links.js";
import { events } from "../../events/events.tables.js";
import { formSubmissions, forms } from "../../forms/forms.tables.js";
import { type RegistrationConfirmation, registrationMail } from "../../forms/submissions/submissions.mails.js";
import { guests } from "../../guests/guests.tables.js";
import { invitationSecret, personalRegistrationLink } from "../../guests/invitation-links.js";
import { errorMails } from "../campaigns.tables.js";
import { attendeeSql } from "../recipients/recipients.service.js";
import { textsOf } from "./auto-mails.service.js";
import { autoMailSends, autoMails } from "./auto-mails.tables.js";
import { autoMailContent, thankYouWindowDays } from "./auto-mails.texts.js";

/**
 * The registration's confirmation (ModuleHooks.registrationConfirmation), read in the registration's transaction: one
 * statement reads the event's settings, whether it attaches badges and whether the address is rejected; the mail's
 * write is answered, not sent. A guest awaiting the organizer's approval is not confirmed yet: the confirmation
 * switched on, they get the platform's "request received" mail instead.
 */
export async function registrationConfirmationWrite(
  context: AppContext,
  tx: Executor,
  registration: RegistrationConfirmation,
): Promise<PendingWrite | undefined> {
  const { event, guest, language } = registration;
  const [settings] = await rowsOf<{
    enabled: boolean | null;
    texts: unknown;
    rejected: boolean;
    attaches_badge: boolean;
  }>(
    tx,
    sql`select a.enabled, a.texts, ${attachesBadgeSql(event.id)} as attaches_badge,
        exists(select 1 from ${errorMails} em
          where em.account_id = ${event.accountId} and em.email = lower(btrim(${guest.email}))) as rejected
      from (select 1) as one
        left join ${autoMails} a on a.event_id = ${event.id} and a.kind = 'confirmation'`,
  );
  if (!settings || settings.enabled === false || settings.rejected) return undefined;
  const memberUrl = memberAreaUrl(context.config.publicUrl, language, event.slug);
  const registrationLink = personalRegistrationLink(
    context.config,
    await invitationSecret(context),
    event,
    guest.id,
    language,
  );
  const mail =
    guest.status === "pending_approval"
      ? registrationMail(language, {
          event,
          pending: true,
          companions: registration.companions,
          message: registration.message,
          memberUrl,
        })
      : autoMailContent(
          "confirmation",
          language,
          textsOf("confirmation", settings.texts ? { texts: settings.texts as never } : undefined)[language],
          {
            event,
            values: {
              first_name: guest.firstName,
              last_name: guest.lastName,
              registration_link: registrationLink,
              event_name: event.name,
            },
            memberUrl,
            companions: registration.companions,
            message: registration.message,
          },
        );
  // A confirmed guest's badge goes with it when the event attaches badges (SPEC §2 e-badges).
  const attachments =
    guest.status === "pending_approval"
      ? []
      : await confirmationBadge(tx, event, settings.attaches_badge, guest.id, language);
  return mailWrite({
    to: guest.email,
    template: "forms.registration_confirmation",
    language,
    accountId: event.accountId,
    eventId: event.id,
    guestId: guest.id,
    ...mail,
    attachments,
  }).write;
}

/** Send records taken per transaction: a large event's reminders go out in a few commits, not one huge one. */
export const autoMailChunk = 500;

type DueRow = {
  id: string;
  event_id: string;
  kind: AutoMailKind;
  guest_id: string;
  email: string;
  language: string;
  first_name: string;
  last_name: string;
};

/**
 * Who is due an auto-mail now, in one statement over every event: a reminder to the confirmed guests of an event
 * starting within its N days, a thank-you to the attendees of an event that ended N days ago (within a week of that
 * day), each guest with an address that is neither empty nor rejected by the account, and no send record yet. The
 * language: the one the guest registered in, else the event's preferred one.
 */
function dueSql() {
  const end = sql`coalesce(e.ends_at, e.starts_at)`;
  const days = sql`a.days * interval '1 day'`;
  return sql`
    select a.event_id, a.kind, g.id as guest_id, btrim(g.email) as email,
      coalesce(
        (select fs.language from ${forms} f
          join ${formSubmissions} fs on fs.form_id = f.id and fs.guest_id = g.id
          where f.event_id = e.id and f.type = 'registration' and fs.language in ('fr', 'en', 'es')
          order by fs.updated_at desc limit 1),
        case when e.preferred_language in ('fr', 'en', 'es') then e.preferred_language else 'en' end
      ) as language
    from ${autoMails} a
      join ${events} e on e.id = a.event_id and not e.archived
      join ${guests} g on g.event_id = a.event_id
    where a.enabled and a.kind in ('reminder', 'thank_you')
      and case a.kind
        when 'reminder' then now() >= e.starts_at - ${days} and now() < e.starts_at and g.status = 'confirmed'
        when 'thank_you' then now() >= ${end} + ${days}
          and now() < ${end} + ${days} + ${thankYouWindowDays}::int * interval '1 day'
          and ${attendeeSql("g", "e")}
        else false end
      and g.email is not null and btrim(g.email) <> ''
      and not exists (select 1 from ${errorMails} em
        where em.account_id = e.account_id and em.email = lower(btrim(g.email)))
      and not exists (select 1 from ${autoMailSends} s
        where s.event_id = a.event_id and s.kind = a.kind and s.guest_id = g.id)
    limit ${autoMailChunk}`;
}

/**
 * One chunk, in one transaction: the send records of up to `autoMailChunk` due guests (INSERT … SELECT, ON CONFLICT
 * DO NOTHING: a guest recorded by another instance meanwhile is skipped, so nobody is mailed twice), then one mail per
 * record inserted, queued in the same transaction, and an audit row per event and kind. Answers the records taken.
 */
async function sendDueChunk(context: AppContext): Promise<number> {
  // Before the transaction: reading the secret may take a query that it would block (the embedded database).
  const invitations = await invitationSecret(context);
  return context.db.transaction(async (tx) => {
    const due = await rowsOf<DueRow>(
      tx,
      sql`with due as (${dueSql()}),
        recorded as (
          insert into ${autoMailSends} (event_id, kind, guest_id, email, language)
          select event_id, kind, guest_id, email, language from due
          on conflict do nothing
          returning id, event_id, kind, guest_id, email, language
        )
        select r.*, g.first_name, g.last_name from recorded r join ${guests} g on g.id = r.guest_id`,
    );
    if (due.length === 0) return 0;
    const eventIds = [...new Set(due.map((row) => row.event_id))];
    const [eventRows, settingRows] = await Promise.all([
      tx.select().from(events).where(inArray(events.id, eventIds)),
      tx
        .select()
        .from(autoMails)
        .where(and(inArray(autoMails.eventId, eventIds), inArray(autoMails.kind, ["reminder", "thank_you"]))),
    ]);
    // Every mail and audit row sent at once, one behind the other (the connection pipelines them), then awaited.
    const queued: Promise<{ id: string; mailId: string }>[] = [];
    const audited: Promise<unknown>[] = [];
    for (const row of due) {
      const event = eventRows.find((candidate) => candidate.id === row.event_id);
      if (!event) continue;
      const language: Language = isLanguage(row.language) ? row.language : "en";
      const settings = settingRows.find((setting) => setting.eventId === row.event_id && setting.kind === row.kind);
      const mail = autoMailContent(row.kind, language, textsOf(row.kind, settings)[language], {
        event,
        values: {
          first_name: row.first_name,
          last_name: row.last_name,
          registration_link: personalRegistrationLink(context.config, invitations, event, row.guest_id, language),
          event_name: event.name,
        },
        memberUrl: memberAreaUrl(context.config.publicUrl, language, event.slug),
      });
      const mailed = context.mailer.enqueue(tx, {
        to: row.email,
        template: `automails.${row.kind}`,
        language,
        accountId: event.accountId,
        eventId: event.id,
        guestId: row.guest_id,
        ...mail,
      });
      queued.push(mailed.then((mailId) => ({ id: row.id, mailId })));
    }
    const groups = new Map<string, DueRow[]>();
    for (const row of due) {
      const key = `${row.event_id} ${row.kind}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const rows of groups.values()) {
      const first = rows[0];
      const event = eventRows.find((candidate) => candidate.id === first?.event_id);
      if (!first || !event) continue;
      audited.push(
        recordAudit(
          tx,
          { kind: "system", label: "auto-mails" },
          {
            accountId: event.accountId,
            eventId: event.id,
            action: "campaigns.automail.sent",
            targetType: "automail",
            targetId: first.kind,
            after: { guests: rows.length },
          },
        ),
      );
    }
    const [mailIds] = await Promise.all([Promise.all(queued), Promise.all(audited)]);
    await tx.execute(sql`
      update ${autoMailSends} set mail_id = given.mail_id
      from unnest(${sql.param(mailIds.map((row) => row.id))}::uuid[], ${sql.param(mailIds.map((row) => row.mailId))}::uuid[])
        as given(id, mail_id)
      where ${autoMailSends.id} = given.id`);
    return due.length;
  });
}

/** Every due reminder and thank-you, chunk after chunk; the mails leave as each chunk commits. */
export async function sendDueAutoMails(context: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await sendDueChunk(context);
    total += taken;
    if (taken > 0) await context.mailer.kick();
    if (taken < autoMailChunk) return total;
  }
}

/** Hourly: a reminder "N days before" leaves within the hour its day begins. pg-boss runs each slot once. */
export function autoMailsJob(context: AppContext): JobDefinition<z.ZodObject> {
  return {
    name: "campaigns.auto-mails",
    payload: z.object({}),
    cron: "0 * * * *",
    handle: async () => {
      await sendDueAutoMails(context);
    },
  };
}
