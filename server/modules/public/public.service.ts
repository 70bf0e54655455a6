import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { choiceFieldTypes } from "../../../contract/guests.js";
import type {
  AttendeeList,
  attendeesQuery,
  MemberAnswer,
  MemberLinkBody,
  MemberRegistration,
  PublicEvent,
} from "../../../contract/public.js";
import type { Database, Executor } from "../../db/connection.js";
import { memberSessionPrefix } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, notFound } from "../../platform/errors.js";
import { isLanguage, type Language } from "../../platform/language.js";
import { consumeRateLimit } from "../../platform/rate-limit.js";
import { hashSecret, newSecret } from "../../platform/tokens.js";
import { listPublicFonts } from "../accounts/fonts/fonts.service.js";
import { recordAudit } from "../audit/audit.service.js";
import { localizedText } from "../events/events.values.js";
import { requirePublicEvent } from "../events/events.visibility.js";
import { customFields, guests } from "../guests/guests.tables.js";
import { type Member, usableMemberToken } from "../guests/member-sessions.js";
import { type MemberTokenPurpose, memberTokens } from "../guests/member-sessions.tables.js";
import { eventPageImages } from "./public.images.js";
import { memberLinkMail } from "./public.mails.js";
import { publicModules } from "./public.modules.js";

const linkMinutes = 30;
const lifetimes: Record<MemberTokenPurpose, number> = {
  link: linkMinutes * 60_000,
  session: 7 * 24 * 3_600_000,
};

/** Public POSTs: per IP against scripted abuse, per address against mail bombing (shared by every instance). */
const limits = {
  linkPerIp: { name: "member-link-ip", max: 20, windowSeconds: 15 * 60 },
  linkPerEmail: { name: "member-link-email", max: 5, windowSeconds: 60 * 60 },
  sessionPerIp: { name: "member-session-ip", max: 30, windowSeconds: 15 * 60 },
  /** What a signed-in guest posts (unregister, sign out): one budget per IP for both. */
  memberPostPerIp: { name: "member-post-ip", max: 30, windowSeconds: 15 * 60 },
};

type GuestRow = typeof guests.$inferSelect;

/** What anyone may read of an event: no guest data, ever. */
export async function getPublicEvent(context: AppContext, slug: string, language: Language): Promise<PublicEvent> {
  const event = await requirePublicEvent(context.db, slug);
  const preferredLanguage = isLanguage(event.preferredLanguage) ? event.preferredLanguage : "en";
  const { multilang } = event.modules;
  const [modules, fonts, images] = await Promise.all([
    publicModules(context.db, event),
    listPublicFonts(context, event.accountId),
    eventPageImages(context.db, context.config, event),
  ]);
  return {
    slug: event.slug,
    name: event.name,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt?.toISOString() ?? null,
    allDay: event.allDay,
    timezone: event.timezone,
    venueName: event.venueName,
    address: event.address,
    country: event.country,
    latitude: event.latitude,
    longitude: event.longitude,
    description: localizedText(event.description, multilang ? language : preferredLanguage, preferredLanguage),
    languages: multilang ? event.languages.filter(isLanguage) : [preferredLanguage],
    preferredLanguage,
    socialUrls: Object.fromEntries(
      Object.entries(event.socialUrls).filter(([, url]) => typeof url === "string" && url),
    ),
    maxCompanions: event.maxCompanions,
    modules,
    whiteLabel: event.whiteLabel.event,
    multilang,
    fonts,
    images,
  };
}

async function issueMemberToken(executor: Executor, guest: GuestRow, purpose: MemberTokenPurpose) {
  const secret = newSecret(purpose === "session" ? memberSessionPrefix : "");
  await executor.insert(memberTokens).values({
    eventId: guest.eventId,
    guestId: guest.id,
    purpose,
    tokenHash: hashSecret(secret),
    expiresAt: new Date(Date.now() + lifetimes[purpose]),
  });
  return secret;
}

/**
 * Mails a sign-in link when a guest of the event has this address, and does nothing otherwise: the caller answers
 * the same either way, so the form never tells who is invited. Any earlier link of the guest stops working.
 */
export async function requestMemberLink(
  context: AppContext,
  slug: string,
  body: MemberLinkBody,
  requestLanguage: Language,
  ip: string,
): Promise<void> {
  await consumeRateLimit(context.db, [limits.linkPerIp, ip], [limits.linkPerEmail, body.email]);
  const event = await requirePublicEvent(context.db, slug);
  const [guest] = await context.db
    .select()
    .from(guests)
    .where(and(eq(guests.eventId, event.id), sql`lower(${guests.email}) = ${body.email}`));
  if (!guest?.email) return;
  const language = body.language ?? requestLanguage;
  const email = guest.email;
  await context.db.transaction(async (tx) => {
    await tx
      .update(memberTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(memberTokens.guestId, guest.id), eq(memberTokens.purpose, "link"), isNull(memberTokens.usedAt)));
    const token = await issueMemberToken(tx, guest, "link");
    const url = `${context.config.publicUrl}/${language}/${event.slug}/member?token=${encodeURIComponent(token)}`;
    const mail = memberLinkMail(language, { url, event, minutes: linkMinutes });
    await context.mailer.enqueue(tx, {
      to: email,
      template: "public.member_link",
      language,
      accountId: event.accountId,
      eventId: event.id,
      guestId: guest.id,
      ...mail,
    });
  });
  await context.mailer.kick();
}

/** Uses up a link of this event (a link of another event is just invalid here) and opens a member session. */
export async function openMemberSession(context: AppContext, slug: string, secret: string, ip: string) {
  await consumeRateLimit(context.db, [limits.sessionPerIp, ip]);
  const event = await requirePublicEvent(context.db, slug);
  return context.db.transaction(async (tx) => {
    const [link] = await tx
      .update(memberTokens)
      .set({ usedAt: sql`now()` })
      .where(and(usableMemberToken("link", secret), eq(memberTokens.eventId, event.id)))
      .returning();
    const [guest] = link ? await tx.select().from(guests).where(eq(guests.id, link.guestId)) : [];
    if (!guest) throw new AppError(400, "LINK_INVALID");
    return { sessionToken: await issueMemberToken(tx, guest, "session") };
  });
}

export async function closeMemberSession(db: Database, member: Member, ip: string): Promise<void> {
  await consumeRateLimit(db, [limits.memberPostPerIp, ip]);
  await db.update(memberTokens).set({ usedAt: sql`now()` }).where(eq(memberTokens.id, member.sessionId));
}

/** Custom field answers as a guest reads them: with the field's name, choices by their labels, files left out. */
async function readAnswers(executor: Executor, guest: GuestRow): Promise<MemberAnswer[]> {
  const fields = await executor
    .select()
    .from(customFields)
    .where(eq(customFields.eventId, guest.eventId))
    .orderBy(asc(customFields.position), asc(customFields.name));
  const answers: MemberAnswer[] = [];
  for (const field of fields) {
    const value = guest.customFields[field.id];
    if (value === null || value === undefined || value === "" || field.type === "file") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const label = (id: string) => field.choices.find((choice) => choice.id === id)?.label ?? id;
    const shown = !choiceFieldTypes.includes(field.type)
      ? value
      : Array.isArray(value)
        ? value.map(label)
        : label(String(value));
    answers.push({ fieldId: field.id, name: field.name, type: field.type, value: shown });
  }
  return answers;
}

async function readRegistration(executor: Executor, guest: GuestRow): Promise<MemberRegistration> {
  const companions = await executor
    .select({ firstName: guests.firstName, lastName: guests.lastName })
    .from(guests)
    .where(eq(guests.hostId, guest.id))
    .orderBy(asc(guests.lastName), asc(guests.firstName), asc(guests.id));
  return {
    firstName: guest.firstName,
    lastName: guest.lastName,
    email: guest.email ?? "",
    status: guest.status,
    registered: guest.registered,
    registeredAt: guest.registeredAt?.toISOString() ?? null,
    companionsExpected: guest.companionsExpected,
    namelessCompanions: guest.namelessCompanions,
    companions,
    answers: await readAnswers(executor, guest),
  };
}

export const getMemberRegistration = (db: Database, member: Member) => readRegistration(db, member.guest);

/** SPEC §4: the guest "has cancelled". Once is enough: cancelling again is a conflict, not a silent success. */
export async function unregisterMember(context: AppContext, member: Member, ip: string): Promise<MemberRegistration> {
  await consumeRateLimit(context.db, [limits.memberPostPerIp, ip]);
  return context.db.transaction(async (tx) => {
    const [current] = await tx.select().from(guests).where(eq(guests.id, member.guest.id)).for("update");
    if (!current) throw notFound();
    if (current.status === "cancelled") throw new AppError(409, "REGISTRATION_ALREADY_CANCELLED");
    const [updated] = await tx
      .update(guests)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(eq(guests.id, current.id))
      .returning();
    if (!updated) throw notFound();
    // Named companions come with their host: they do not come without them either.
    const companions = await tx
      .update(guests)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(and(eq(guests.hostId, current.id), ne(guests.status, "cancelled")))
      .returning({ id: guests.id });
    const label = [current.firstName, current.lastName].join(" ").trim() || (current.email ?? "guest");
    await recordAudit(
      tx,
      { kind: "system", label },
      {
        accountId: member.event.accountId,
        eventId: member.event.id,
        action: "public.guest.unregistered",
        targetType: "guest",
        targetId: current.id,
        before: { status: current.status },
        after: { status: updated.status, companionsCancelled: companions.length },
      },
      ip,
    );
    return readRegistration(tx, updated);
  });
}

/** Who else comes: confirmed guests' names and companies, when the organizer publishes the list to signed-in guests. */
export async function listAttendees(
  db: Database,
  member: Member,
  query: z.infer<typeof attendeesQuery>,
): Promise<AttendeeList> {
  if (!member.event.attendeesListPublic) throw notFound();
  const where = and(eq(guests.eventId, member.event.id), eq(guests.status, "confirmed"));
  const [items, [count]] = await Promise.all([
    db
      .select({ firstName: guests.firstName, lastName: guests.lastName, company: guests.company })
      .from(guests)
      .where(where)
      .orderBy(asc(sql`lower(${guests.lastName})`), asc(sql`lower(${guests.firstName})`), asc(guests.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(guests).where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}
