import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Language } from "../../../contract/common.js";
import type { contactBody, Message, messageList, messageListQuery } from "../../../contract/messages.js";
import type { Executor } from "../../db/connection.js";
import { checkCaptcha, spendCaptcha } from "../../platform/captcha.js";
import type { AppContext } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { consumeRateLimit } from "../../platform/rate-limit.js";
import { recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent, requirePublicEvent } from "../events/events.visibility.js";
import { searchable } from "../guests/guests.list.js";
import { guests } from "../guests/guests.tables.js";
import { messages } from "./messages.tables.js";

/** A person writes a few messages at most; a sender of many waits (counted per client address, on every attempt). */
export const contactRateLimit = { name: "contact", max: 5, windowSeconds: 15 * 60 };

type MessageRow = typeof messages.$inferSelect;

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  eventId: row.eventId,
  name: row.senderName,
  email: row.senderEmail,
  subject: row.subject,
  body: row.body,
  language: row.language,
  guestId: row.guestId,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listMessages(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  query: z.infer<typeof messageListQuery>,
): Promise<z.infer<typeof messageList>> {
  await requireEvent(context.db, access, eventId, "events.read");
  const words = searchable(query.query ?? "")
    .split(/\s+/)
    .filter(Boolean);
  const where = and(
    eq(messages.eventId, eventId),
    query.unread === undefined
      ? undefined
      : query.unread === "true"
        ? isNull(messages.readAt)
        : isNotNull(messages.readAt),
    // Both sides are lower case without accents; strpos needs no escaping of % and _ as a like pattern would.
    ...words.map((word) => sql`strpos(${messages.searchText}, ${word}) > 0`),
  );
  const [rows, [total]] = await Promise.all([
    context.db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.limit)
      .offset(query.offset),
    context.db.select({ count: count() }).from(messages).where(where),
  ]);
  return { items: rows.map(toMessage), total: total?.count ?? 0 };
}

export async function countUnreadMessages(context: AppContext, { access }: Caller, eventId: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  const [row] = await context.db
    .select({ count: count() })
    .from(messages)
    .where(and(eq(messages.eventId, eventId), isNull(messages.readAt)));
  return { count: row?.count ?? 0 };
}

async function requireMessage(executor: Executor, eventId: string, id: string, lock = false): Promise<MessageRow> {
  const query = executor
    .select()
    .from(messages)
    .where(and(eq(messages.eventId, eventId), eq(messages.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

export async function getMessage(context: AppContext, { access }: Caller, eventId: string, id: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  return toMessage(await requireMessage(context.db, eventId, id));
}

/** SPEC §4 "Messages can be marked read": and unread again. Only a change of state is recorded. */
export async function markMessageRead(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  read: boolean,
) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update");
    const before = await requireMessage(tx, eventId, id, true);
    if ((before.readAt !== null) === read) return toMessage(before);
    const [row] = await tx
      .update(messages)
      .set({ readAt: read ? new Date() : null })
      .where(eq(messages.id, id))
      .returning();
    if (!row) throw notFound();
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: read ? "messages.message.read" : "messages.message.unread",
        targetType: "message",
        targetId: id,
      },
      ip,
    );
    return toMessage(row);
  });
}

export async function deleteMessage(context: AppContext, { access, ip }: Caller, eventId: string, id: string) {
  await context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update");
    const [row] = await tx
      .delete(messages)
      .where(and(eq(messages.eventId, eventId), eq(messages.id, id)))
      .returning();
    if (!row) throw notFound();
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "messages.message.deleted",
        targetType: "message",
        targetId: id,
        before: { name: row.senderName, email: row.senderEmail, subject: row.subject },
      },
      ip,
    );
  });
}

/**
 * Public POST contact (SPEC §5: privacy acceptance, checked by the contract, and a captcha). The answer says nothing
 * about the sender being a guest: the link to the guest is for the organizer only.
 */
export async function sendContactMessage(
  context: AppContext,
  { ip, language }: { ip: string; language: Language },
  slug: string,
  body: z.infer<typeof contactBody>,
) {
  await consumeRateLimit(context.db, [contactRateLimit, ip]);
  await checkCaptcha(context, body.captcha);
  await context.db.transaction(async (tx) => {
    const event = await requirePublicEvent(tx, slug);
    await spendCaptcha(tx, body.captcha);
    const [guest] = await tx
      .select({ id: guests.id })
      .from(guests)
      .where(and(eq(guests.eventId, event.id), sql`lower(${guests.email}) = ${body.email}`));
    const subject = body.subject || null;
    const [row] = await tx
      .insert(messages)
      .values({
        eventId: event.id,
        senderName: body.name,
        senderEmail: body.email,
        subject,
        body: body.message,
        language,
        guestId: guest?.id ?? null,
        searchText: searchable([body.name, body.email, subject ?? "", body.message].join(" ")),
      })
      .returning({ id: messages.id });
    if (!row) throw new Error("the message insert returned no row");
    await recordAudit(
      tx,
      { kind: "system", label: `contact form (${body.email})` },
      {
        accountId: event.accountId,
        eventId: event.id,
        action: "messages.message.received",
        targetType: "message",
        targetId: row.id,
      },
      ip,
    );
  });
}
