import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { defaultEventParamsSchema } from "../../../contract/accounts.js";
import type { Language } from "../../../contract/common.js";
import type {
  Event,
  EventCreateBody,
  EventSort,
  EventUpdateBody,
  eventDuplicateBody,
  eventList,
  eventListQuery,
} from "../../../contract/events.js";
import type { Database, Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError, isUniqueViolation, notFound } from "../../platform/errors.js";
import { accounts } from "../accounts/accounts.tables.js";
import { type AccountAccess, assertCan, can } from "../accounts/permissions.js";
import { recordAudit } from "../audit/audit.service.js";
import { readEventAccess } from "./events.access.js";
import { saveEventDomains } from "./events.domains.js";
import { checkEventImages } from "./events.images.js";
import { eventAdministrators, events, eventTeams } from "./events.tables.js";
import {
  canonicalTimezone,
  changedValues,
  checkEventValues,
  columnValues,
  type EventValues,
  toEvent,
  toEventSummary,
} from "./events.values.js";
import {
  type EventRow,
  eventColumnsWithStatus,
  eventFilterCondition,
  eventStatusSql,
  requireEvent,
  visibleEventsCondition,
} from "./events.visibility.js";

/** Who asks, in which account, from where: what every change needs for its permission checks and audit row. */
export type Caller = { access: AccountAccess; ip: string };

const sortOrders: Record<EventSort, SQL[]> = {
  start_date: [desc(events.startsAt)],
  created: [desc(events.createdAt)],
  name: [asc(sql`lower(${events.name})`)],
};

const likePattern = (text: string) =>
  `%${text.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;

export async function listEvents(
  db: Database,
  access: AccountAccess,
  query: z.infer<typeof eventListQuery>,
): Promise<z.infer<typeof eventList>> {
  const conditions = [visibleEventsCondition(access), eventFilterCondition(query.filter)];
  if (query.query) {
    const pattern = likePattern(query.query);
    conditions.push(or(ilike(events.name, pattern), ilike(events.slug, pattern)) ?? sql`true`);
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: events.id,
        accountId: events.accountId,
        name: events.name,
        slug: events.slug,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        allDay: events.allDay,
        timezone: events.timezone,
        venueName: events.venueName,
        archived: events.archived,
        status: eventStatusSql,
        createdAt: events.createdAt,
      })
      .from(events)
      .where(where)
      .orderBy(...sortOrders[query.sort], asc(events.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(events).where(where),
  ]);
  return { items: rows.map(toEventSummary), total: count?.total ?? 0 };
}

export async function getEvent(
  db: Database,
  access: AccountAccess,
  id: string,
  language: Language,
  expand: Set<string>,
): Promise<Event> {
  const row = await requireEvent(db, access, id, "events.read");
  const eventAccess = expand.has("access") ? await readEventAccess(db, access.accountId, id) : undefined;
  return toEvent(row, language, eventAccess);
}

/** Locks the account row so two creations cannot both take the last event the account is allowed. */
async function lockAccount(executor: Executor, accountId: string) {
  const [account] = await executor.select().from(accounts).where(eq(accounts.id, accountId)).for("no key update");
  if (!account) throw notFound();
  return account;
}
type AccountRow = Awaited<ReturnType<typeof lockAccount>>;

/** What a new event of the account starts with when its creator leaves a field unset. */
function accountDefaults(account: AccountRow) {
  const parsed = defaultEventParamsSchema.safeParse(account.defaultEventParams);
  const params = parsed.success ? parsed.data : defaultEventParamsSchema.parse({});
  return {
    timezone: params.timezone,
    languages: params.languages,
    preferredLanguage: params.preferredLanguage,
    maxCompanions: params.maxCompanions,
    ratingMax: params.ratingMax,
    retentionDays: account.retentionDays,
    maxOfflineCheckins: account.offlineCheckinLimit,
    modules: account.modules,
    // The account's white label (an administrator's setting) starts each new event free of the platform's name on
    // its page, mails and campaigns; an event may still turn each off.
    whiteLabel: { event: account.whiteLabel, mails: account.whiteLabel, campaigns: account.whiteLabel },
  } satisfies EventValues;
}

const urlTaken = () => new AppError(409, "EVENT_URL_TAKEN", { fields: { slug: { code: "EVENT_URL_TAKEN" } } });

/** The creation steps shared by create and duplicate: the account's event limit, a free URL, the creator's access. */
async function insertEvent(
  executor: Executor,
  access: AccountAccess,
  account: AccountRow,
  values: typeof events.$inferInsert,
): Promise<EventRow> {
  if (account.maxEvents !== null) {
    const [row] = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(events)
      .where(eq(events.accountId, account.id));
    if ((row?.count ?? 0) >= account.maxEvents) throw new AppError(409, "EVENT_LIMIT");
  }
  const [taken] = await executor.select({ id: events.id }).from(events).where(eq(events.slug, values.slug));
  if (taken) throw urlTaken();
  const { principal } = access;
  const creatorId = principal.kind === "user" ? principal.userId : null;
  let inserted: EventRow | undefined;
  try {
    [inserted] = await executor
      .insert(events)
      .values({ ...values, accountId: account.id, createdBy: creatorId })
      .returning(eventColumnsWithStatus);
  } catch (error) {
    // Two creations racing for one URL: the loser gets the same answer as if it had checked second.
    if (isUniqueViolation(error, "events_slug_unique")) throw urlTaken();
    throw error;
  }
  if (!inserted) throw new Error("the event insert returned no row");
  // Without the right to see every event, the creator would lose the event the moment it exists.
  if (creatorId && !can(access, "events.seeAll")) {
    await executor
      .insert(eventAdministrators)
      .values({ eventId: inserted.id, userId: creatorId })
      .onConflictDoNothing();
  }
  return inserted;
}

export async function createEvent(
  context: AppContext,
  { access, ip }: Caller,
  body: EventCreateBody,
  language: Language,
): Promise<Event> {
  return context.db.transaction(async (tx) => {
    const account = await lockAccount(tx, access.accountId);
    const defaults = accountDefaults(account);
    const values: EventValues = { ...defaults, ...columnValues(body) };
    if (body.timezone === undefined) values.timezone = canonicalTimezone(defaults.timezone);
    Object.assign(values, checkEventValues(values, body.preferredLanguage !== undefined));
    const row = await insertEvent(tx, access, account, {
      ...values,
      accountId: account.id,
      name: body.name,
      slug: body.slug,
      startsAt: new Date(body.startsAt),
    });
    if (values.customDomains?.length) {
      await saveEventDomains(tx, row.id, values.customDomains, context.config.publicUrl);
    }
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId: row.id,
        action: "events.event.created",
        targetType: "event",
        targetId: row.id,
        after: { name: row.name, slug: row.slug },
      },
      ip,
    );
    return toEvent(row, language);
  });
}

export async function updateEvent(
  context: AppContext,
  { access, ip }: Caller,
  id: string,
  body: EventUpdateBody,
  language: Language,
): Promise<Event> {
  const { slug, archived, unchangedSince, ...fields } = body;
  return context.db.transaction(async (tx) => {
    const current = await requireEvent(tx, access, id, "events.update", { lock: true });
    // Saved over a version the editor never saw, another organizer's changes would be lost without a word.
    if (unchangedSince !== undefined && current.updatedAt.getTime() !== Date.parse(unchangedSince)) {
      throw new AppError(409, "EVENT_NOT_UPDATED");
    }
    // The URL is printed on invitations and badges: sending it back unchanged is fine, changing it is not.
    if (slug !== undefined && slug !== current.slug) throw fieldError("slug", "EVENT_URL_LOCKED");
    const archiving = archived !== undefined && archived !== current.archived;
    if (archiving) assertCan(access, "events.archive");
    const next = columnValues(fields);
    Object.assign(next, checkEventValues({ ...current, ...next }, fields.preferredLanguage !== undefined));
    const changes = changedValues(current, next);
    if (current.archived && archived !== false && changes.keys.length > 0) {
      throw new AppError(409, "EVENT_ARCHIVED_READ_ONLY");
    }
    if (!archiving && changes.keys.length === 0) return toEvent(current, language);
    if (changes.keys.includes("customDomains")) {
      await saveEventDomains(tx, id, next.customDomains ?? [], context.config.publicUrl);
    }
    await checkEventImages(context, tx, id, next, changes.keys);

    const [row] = await tx
      .update(events)
      .set({ ...next, ...(archiving && { archived }), updatedAt: sql`now()` })
      .where(eq(events.id, id))
      .returning(eventColumnsWithStatus);
    if (!row) throw notFound();
    const audit = { accountId: access.accountId, eventId: id, targetType: "event", targetId: id };
    if (changes.keys.length > 0) {
      await recordAudit(
        tx,
        access.principal,
        { ...audit, action: "events.event.updated", before: changes.before, after: changes.after },
        ip,
      );
    }
    if (archiving) {
      const action = archived ? "events.event.archived" : "events.event.unarchived";
      await recordAudit(tx, access.principal, { ...audit, action, after: { name: row.name, slug: row.slug } }, ip);
    }
    return toEvent(row, language);
  });
}

/**
 * What would stop an event's deletion, asked of the modules whose records an event may hold (sales are ticketing's):
 * the reason in the caller's language, or null. Asked in the deleting transaction, under the event's row lock.
 */
export type EventDeletionCheck = (executor: Executor, eventId: string, language: Language) => Promise<string | null>;

declare module "../../platform/context.js" {
  interface ModuleHooks {
    eventDeletionChecks: EventDeletionCheck[];
  }
}

/**
 * Deletes an event with its guests, forms and settings. One that has sold (orders, payments, invoices) is refused with
 * what it holds: those are financial records, so such an event is archived instead. Counted under the event's row
 * lock, which a new order's foreign key check waits for, so no order arrives between the count and the deletion.
 */
export async function deleteEvent(
  context: AppContext,
  { access, ip }: Caller,
  id: string,
  language: Language,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, id, "events.delete", { lock: true });
    for (const check of context.hooks.eventDeletionChecks) {
      const reason = await check(tx, id, language);
      if (reason) throw new AppError(409, "EVENT_NOT_DELETED", { values: [reason] });
    }
    await tx.delete(events).where(eq(events.id, id));
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId: id,
        action: "events.event.deleted",
        targetType: "event",
        targetId: id,
        before: { name: event.name, slug: event.slug },
      },
      ip,
    );
  });
}

export async function duplicateEvent(
  context: AppContext,
  { access, ip }: Caller,
  sourceId: string,
  body: z.infer<typeof eventDuplicateBody>,
  language: Language,
): Promise<Event> {
  return context.db.transaction(async (tx) => {
    const source = await requireEvent(tx, access, sourceId, "events.read");
    assertCan(access, "events.create");
    const account = await lockAccount(tx, access.accountId);
    // Every setting is copied, columns added later included; only what identifies the event and its history is new.
    const { id, name, slug, archived, status, createdBy, createdAt, updatedAt, ...settings } = source;
    // A domain names one event: the new edition gets its own, if any, once created.
    const row = await insertEvent(tx, access, account, {
      ...settings,
      customDomains: [],
      // The source's images stay with it (they go when it is deleted): the new edition uploads its own.
      bannerImageId: null,
      faviconImageId: null,
      logoImageId: null,
      partnersImageId: null,
      name: body.name,
      slug: body.slug,
    });

    // The copy is reachable by the same organizers and teams as its source. Guests are not copied: a duplicate is a
    // new edition of the event, to be filled with its own guest list (keep it so when guests arrive).
    const administrators = await tx
      .select({ userId: eventAdministrators.userId })
      .from(eventAdministrators)
      .where(eq(eventAdministrators.eventId, sourceId));
    if (administrators.length > 0) {
      await tx
        .insert(eventAdministrators)
        .values(administrators.map(({ userId }) => ({ eventId: row.id, userId })))
        .onConflictDoNothing();
    }
    const teams = await tx
      .select({ teamId: eventTeams.teamId })
      .from(eventTeams)
      .where(eq(eventTeams.eventId, sourceId));
    if (teams.length > 0) {
      await tx.insert(eventTeams).values(teams.map(({ teamId }) => ({ eventId: row.id, teamId })));
    }

    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId: row.id,
        action: "events.event.duplicated",
        targetType: "event",
        targetId: row.id,
        after: { name: row.name, slug: row.slug, sourceId },
      },
      ip,
    );
    return toEvent(row, language);
  });
}
