import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  type AutoMail,
  type AutoMailKind,
  type AutoMailPreview,
  type AutoMailText,
  type AutoMailUpdateBody,
  autoMailKinds,
  type autoMailTestBody,
} from "../../../../contract/auto-mails.js";
import { type Language, languages } from "../../../../contract/common.js";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { fieldError } from "../../../platform/errors.js";
import { renderMail } from "../../../platform/mail-layout.js";
import { consumeRateLimit } from "../../../platform/rate-limit.js";
import { changedFields, recordAudit } from "../../audit/audit.service.js";
import { memberAreaUrl } from "../../events/event-links.js";
import type { Caller } from "../../events/events.service.js";
import { requireEvent } from "../../events/events.visibility.js";
import { sampleRegistrationLink } from "../../guests/invitation-links.js";
import { assertNotRejected } from "../error-mails/error-mails.service.js";
import { autoMailSends, autoMails } from "./auto-mails.tables.js";
import {
  type AutoMailEvent,
  autoMailContent,
  defaultDays,
  defaultTexts,
  type MergeValues,
} from "./auto-mails.texts.js";

type AutoMailRow = typeof autoMails.$inferSelect;

/** Test sends: a few to check a text, not a way to mail anyone at will. Per organizer. */
export const autoMailTestLimit = { name: "automail-test", max: 20, windowSeconds: 60 * 60 };

/** Without a row: the confirmation on (registrations always mailed one), the reminder and the thank-you off. */
const enabledByDefault = (kind: AutoMailKind) => kind === "confirmation";

/** Every language's text: the organizer's where written, else the default. */
export function textsOf(kind: AutoMailKind, row: Pick<AutoMailRow, "texts"> | undefined) {
  return Object.fromEntries(
    languages.map((language) => [language, row?.texts[language] ?? defaultTexts[kind][language]]),
  ) as Record<Language, AutoMailText>;
}

function toAutoMail(kind: AutoMailKind, row: AutoMailRow | undefined, sent: number): AutoMail {
  return {
    kind,
    enabled: row?.enabled ?? enabledByDefault(kind),
    days: kind === "confirmation" ? null : (row?.days ?? defaultDays),
    texts: textsOf(kind, row),
    customized: languages.filter((language) => row?.texts[language] !== undefined),
    sent,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

async function readAutoMails(executor: Executor, eventId: string): Promise<AutoMail[]> {
  const [rows, sends] = await Promise.all([
    executor.select().from(autoMails).where(eq(autoMails.eventId, eventId)),
    executor
      .select({ kind: autoMailSends.kind, count: count() })
      .from(autoMailSends)
      .where(eq(autoMailSends.eventId, eventId))
      .groupBy(autoMailSends.kind),
  ]);
  return autoMailKinds.map((kind) =>
    toAutoMail(
      kind,
      rows.find((row) => row.kind === kind),
      sends.find((row) => row.kind === kind)?.count ?? 0,
    ),
  );
}

export async function listAutoMails(context: AppContext, { access }: Caller, eventId: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  return { items: await readAutoMails(context.db, eventId) };
}

/** Writes one kind's settings (locked, so two organizers' saves apply one after the other) with its audit row. */
async function writeAutoMail(
  tx: Executor,
  { access, ip }: Caller,
  event: { id: string; accountId: string },
  kind: AutoMailKind,
  body: AutoMailUpdateBody,
) {
  if (kind === "reminder" && body.days !== undefined && body.days < 1) throw fieldError("days", "NUMBER_TOO_SMALL");
  const [current] = await tx
    .select()
    .from(autoMails)
    .where(and(eq(autoMails.eventId, event.id), eq(autoMails.kind, kind)))
    .for("update");
  const texts = { ...current?.texts, ...body.texts };
  for (const language of body.reset) delete texts[language];
  const next = {
    enabled: body.enabled,
    days: kind === "confirmation" ? defaultDays : (body.days ?? current?.days ?? defaultDays),
    texts,
  };
  const userId = access.principal.kind === "user" ? access.principal.userId : null;
  await tx
    .insert(autoMails)
    .values({ eventId: event.id, kind, ...next, updatedBy: userId })
    .onConflictDoUpdate({
      target: [autoMails.eventId, autoMails.kind],
      set: { ...next, updatedBy: userId, updatedAt: new Date() },
    });
  const before = {
    enabled: current?.enabled ?? enabledByDefault(kind),
    days: current?.days ?? defaultDays,
    texts: current?.texts ?? {},
  };
  const { before: changedBefore, after } = changedFields(before, next);
  await recordAudit(
    tx,
    access.principal,
    {
      accountId: access.accountId,
      eventId: event.id,
      action: "campaigns.automail.updated",
      targetType: "automail",
      targetId: kind,
      before: changedBefore,
      after,
    },
    ip,
  );
}

/** `POST /automails/:kind`: switch, days, texts per language. */
export async function updateAutoMail(
  context: AppContext,
  caller: Caller,
  eventId: string,
  kind: AutoMailKind,
  body: AutoMailUpdateBody,
): Promise<AutoMail> {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, caller.access, eventId, "events.update");
    await writeAutoMail(tx, caller, event, kind, body);
    const updated = (await readAutoMails(tx, eventId)).find((item) => item.kind === kind);
    if (!updated) throw new Error(`auto-mail ${kind} not read back`);
    return updated;
  });
}

/** `POST /automails`: several kinds at once, all or none. */
export async function updateAutoMails(
  context: AppContext,
  caller: Caller,
  eventId: string,
  items: (AutoMailUpdateBody & { kind: AutoMailKind })[],
) {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, caller.access, eventId, "events.update");
    // One order for every save, so two concurrent saves of the same kinds never wait on each other in a circle.
    const sorted = [...items].sort((a, b) => autoMailKinds.indexOf(a.kind) - autoMailKinds.indexOf(b.kind));
    for (const [index, { kind, ...body }] of sorted.entries()) {
      if (sorted[index - 1]?.kind === kind) throw fieldError(`items.${index}.kind`, "FIELD_INVALID");
      await writeAutoMail(tx, caller, event, kind, body);
    }
    return { items: await readAutoMails(tx, eventId) };
  });
}

/** The values a preview or a test send fills the merge tags with: a sample guest, the real event and link. */
function sampleValues(context: AppContext, event: AutoMailEvent, language: Language): MergeValues {
  const sample = { en: ["Alex", "Smith"], fr: ["Camille", "Martin"], es: ["Lucía", "García"] }[language];
  return {
    first_name: sample[0] ?? "",
    last_name: sample[1] ?? "",
    registration_link: sampleRegistrationLink(context.config, event, language),
    event_name: event.name,
  };
}

/** A sample companion count and message only make the preview longer: the confirmation shows without them. */
function sampleMail(
  context: AppContext,
  event: AutoMailEvent,
  kind: AutoMailKind,
  language: Language,
  text: AutoMailText,
) {
  return autoMailContent(kind, language, text, {
    event,
    values: sampleValues(context, event, language),
    memberUrl: memberAreaUrl(context.config.publicUrl, language, event.slug),
  });
}

async function savedText(executor: Executor, eventId: string, kind: AutoMailKind, language: Language) {
  const [row] = await executor
    .select({ texts: autoMails.texts })
    .from(autoMails)
    .where(and(eq(autoMails.eventId, eventId), eq(autoMails.kind, kind)));
  return textsOf(kind, row)[language];
}

/** `GET /automails/:kind/preview/:language`: the saved text as a guest would read it, filled with a sample guest. */
export async function previewAutoMail(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  kind: AutoMailKind,
  language: Language,
): Promise<AutoMailPreview> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const mail = sampleMail(context, event, kind, language, await savedText(context.db, eventId, kind, language));
  return { subject: mail.subject, ...renderMail(mail.content, language) };
}

/** `POST /automails/:kind/test`: the saved text (or the one being edited) to any address not rejected by the account. */
export async function sendAutoMailTest(
  context: AppContext,
  caller: Caller,
  eventId: string,
  kind: AutoMailKind,
  body: z.infer<typeof autoMailTestBody>,
): Promise<void> {
  const { access, ip } = caller;
  const event = await requireEvent(context.db, access, eventId, "events.update");
  const who = access.principal.kind === "user" ? access.principal.userId : access.principal.apiKeyId;
  await consumeRateLimit(context.db, [autoMailTestLimit, who]);
  await assertNotRejected(context.db, event.accountId, body.email);
  const text = body.text ?? (await savedText(context.db, eventId, kind, body.language));
  const mail = sampleMail(context, event, kind, body.language, text);
  await context.db.transaction(async (tx) => {
    await context.mailer.enqueue(tx, {
      to: body.email,
      template: `automails.${kind}.test`,
      language: body.language,
      accountId: event.accountId,
      eventId,
      subject: `[Test] ${mail.subject}`,
      content: mail.content,
    });
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "campaigns.automail.test_sent",
        targetType: "automail",
        targetId: kind,
        after: { email: body.email, language: body.language },
      },
      ip,
    );
  });
  await context.mailer.kick();
}
