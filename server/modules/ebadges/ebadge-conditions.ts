import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { EbadgeConditions, ebadgeConditionsBody } from "../../../contract/ebadges.js";
import type { GuestConditions } from "../../../contract/guest-conditions.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError } from "../../platform/errors.js";
import { recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import { guests } from "../guests/guests.tables.js";
import { guestConditionsSql } from "../ticketing/guest-conditions.js";
import { type EbadgeRow, eventEbadges } from "./ebadges.service.js";
import { ebadgeSettings, ebadges } from "./ebadges.tables.js";

/*
 * SPEC §5 e-badge rules: who gets which badge. With no conditions anywhere, the first badge (by position) is every
 * guest's; once one badge has conditions, a badge without any is for nobody, and a guest gets the first badge whose
 * conditions match.
 */

/** Whether a badge's conditions hold for the `guests` row of the statement. */
function matches(conditions: GuestConditions | null): SQL {
  if (!conditions) return sql`false`;
  return guestConditionsSql(conditions) ?? sql`true`;
}

/** The id of the guest's badge, or null, as an SQL value over the `guests` row of the statement. */
export function guestEbadgeSql(badges: Pick<EbadgeRow, "id" | "conditions">[]): SQL {
  const [first] = badges;
  if (!first) return sql`null::uuid`;
  if (badges.every((badge) => !badge.conditions)) return sql`${first.id}::uuid`;
  const cases = badges.map((badge) => sql`when ${matches(badge.conditions)} then ${badge.id}::uuid`);
  return sql`(case ${sql.join(cases, sql` `)} end)`;
}

/** The badge each of these guests of the event gets (those getting none are left out). */
export async function ebadgesOfGuests(
  executor: Executor,
  eventId: string,
  guestIds: string[],
): Promise<Map<string, EbadgeRow>> {
  const badges = await eventEbadges(executor, eventId);
  if (badges.length === 0 || guestIds.length === 0) return new Map();
  const rows = await executor
    .select({ guestId: guests.id, ebadgeId: sql<string | null>`${guestEbadgeSql(badges)}` })
    .from(guests)
    .where(and(eq(guests.eventId, eventId), inArray(guests.id, guestIds)));
  const byId = new Map(badges.map((badge) => [badge.id, badge]));
  return new Map(
    rows.flatMap(({ guestId, ebadgeId }) => {
      const badge = ebadgeId ? byId.get(ebadgeId) : undefined;
      return badge ? [[guestId, badge] as const] : [];
    }),
  );
}

/** The rules as the organizer sees them, with the guests matched by two badges or more and those matched by none. */
async function conditionsView(executor: Executor, eventId: string): Promise<EbadgeConditions> {
  const badges = await eventEbadges(executor, eventId);
  const rules = badges.map((badge) => ({ ebadgeId: badge.id, name: badge.name, conditions: badge.conditions }));
  if (badges.length === 0) return { rules, overlapping: 0, without: 0 };
  const anyConditions = badges.some((badge) => badge.conditions);
  const matched = anyConditions
    ? sql.join(
        badges.map((badge) => sql`(case when ${matches(badge.conditions)} then 1 else 0 end)`),
        sql` + `,
      )
    : sql`1`;
  const answer = await executor.execute(
    sql`select count(*) filter (where matched > 1)::int as overlapping, count(*) filter (where matched = 0)::int as without
      from (select ${matched} as matched from ${guests} where ${guests.eventId} = ${eventId}) as guest_matches`,
  );
  // Both drivers answer raw SQL with `{ rows }`.
  const [counts] = (answer as unknown as { rows: { overlapping: number; without: number }[] }).rows;
  return { rules, overlapping: counts?.overlapping ?? 0, without: counts?.without ?? 0 };
}

export async function getEbadgeConditions(context: AppContext, { access }: Caller, eventId: string) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return conditionsView(context.db, event.id);
}

/**
 * POST ebadges/conditions: each rule sets its badge's conditions, and the rules' order is the order they are tried
 * in; badges left out keep their place after them, without conditions.
 */
export async function setEbadgeConditions(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  body: z.output<typeof ebadgeConditionsBody>,
): Promise<EbadgeConditions> {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update", { lock: true });
    const badges = await eventEbadges(tx, event.id);
    if (badges.length === 0) throw new AppError(409, "EBADGE_REQUIRED_FOR_CONDITIONS");
    const known = new Set(badges.map((badge) => badge.id));
    const seen = new Set<string>();
    body.rules.forEach((rule, index) => {
      if (!known.has(rule.ebadgeId) || seen.has(rule.ebadgeId))
        throw fieldError(`rules.${index}.ebadgeId`, "FIELD_INVALID");
      seen.add(rule.ebadgeId);
    });
    const ordered = [
      ...body.rules,
      ...badges.filter((badge) => !seen.has(badge.id)).map((badge) => ({ ebadgeId: badge.id, conditions: null })),
    ];
    for (const [position, rule] of ordered.entries()) {
      await tx.update(ebadges).set({ conditions: rule.conditions, position }).where(eq(ebadges.id, rule.ebadgeId));
    }
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId: event.id,
        action: "ebadges.conditions.updated",
        targetType: "event",
        targetId: event.id,
        before: { rules: badges.map((badge) => ({ ebadgeId: badge.id, conditions: badge.conditions })) },
        after: { rules: ordered },
      },
      ip,
    );
    return conditionsView(tx, event.id);
  });
}

export async function readEbadgeSettings(executor: Executor, eventId: string) {
  const [row] = await executor.select().from(ebadgeSettings).where(eq(ebadgeSettings.eventId, eventId));
  return { attachToConfirmation: row?.attachToConfirmation ?? false };
}

export async function getEbadgeSettings(context: AppContext, { access }: Caller, eventId: string) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return readEbadgeSettings(context.db, event.id);
}

export async function setEbadgeSettings(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  body: { attachToConfirmation: boolean },
) {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    const before = await readEbadgeSettings(tx, event.id);
    await tx
      .insert(ebadgeSettings)
      .values({ eventId: event.id, attachToConfirmation: body.attachToConfirmation })
      .onConflictDoUpdate({ target: ebadgeSettings.eventId, set: { attachToConfirmation: body.attachToConfirmation } });
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId: event.id,
        action: "ebadges.settings.updated",
        targetType: "event",
        targetId: event.id,
        before,
        after: body,
      },
      ip,
    );
    return { attachToConfirmation: body.attachToConfirmation };
  });
}
