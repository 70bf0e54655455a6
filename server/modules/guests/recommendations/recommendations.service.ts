import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  addRecommendationsBody,
  Recommendation,
  recommendationInput,
  recommendationList,
  recommendationListQuery,
} from "../../../../contract/guest-recommendations.js";
import type { Database, Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, notFound } from "../../../platform/errors.js";
import { consumeRateLimit } from "../../../platform/rate-limit.js";
import { recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { searchTextOf } from "../guests.list.js";
import { guests } from "../guests.tables.js";
import { requireMember } from "../member-sessions.js";
import { recommendations } from "./recommendations.tables.js";

/** A few sends per visitor and quarter of an hour is plenty for a person. */
export const recommendationRateLimit = { name: "recommendations", max: 10, windowSeconds: 15 * 60 };

const recommenderName = sql<string>`btrim(${guests.firstName} || ' ' || ${guests.lastName})`;
const columns = {
  id: recommendations.id,
  recommenderId: recommendations.recommenderId,
  recommenderName,
  firstName: recommendations.firstName,
  lastName: recommendations.lastName,
  email: recommendations.email,
  company: recommendations.company,
  message: recommendations.message,
  status: recommendations.status,
  guestId: recommendations.guestId,
  decidedAt: recommendations.decidedAt,
  createdAt: recommendations.createdAt,
};

type Row = { decidedAt: Date | null; createdAt: Date } & Omit<Recommendation, "decidedAt" | "createdAt">;
const toRecommendation = (row: Row): Recommendation => ({
  ...row,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

async function listWhere(executor: Executor, where: SQL | undefined, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    executor
      .select(columns)
      .from(recommendations)
      .innerJoin(guests, eq(guests.id, recommendations.recommenderId))
      .where(where)
      .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
      .limit(limit)
      .offset(offset),
    executor.select({ total: count() }).from(recommendations).where(where),
  ]);
  return { items: rows.map(toRecommendation), total: total?.total ?? 0 };
}

/**
 * The signed-in member (a member session of the event the path names, `requireMember`) when they are guest
 * `guestId`: a guest's recommendations are theirs alone. No session is 401; another guest's id is 404, as if it did
 * not exist, so the routes never tell whether an id is a guest.
 */
async function requireRecommender(db: Database, slug: string, authorization: string | undefined, guestId: string) {
  const member = await requireMember(db, slug, authorization);
  if (member.guest.id !== guestId) throw notFound();
  return { eventId: member.event.id, accountId: member.event.accountId };
}

/** Public POST recommendations/addRecommendationsJson, by the signed-in member for themselves. */
export async function addRecommendations(
  context: AppContext,
  { ip, authorization }: { ip: string; authorization: string | undefined },
  slug: string,
  body: z.infer<typeof addRecommendationsBody>,
) {
  // Counted before any lookup, so guessing session tokens or guest ids costs as much as sending.
  await consumeRateLimit(context.db, [recommendationRateLimit, ip]);
  const { eventId, accountId } = await requireRecommender(context.db, slug, authorization, body.guestId);
  return context.db.transaction(async (tx) => {
    await recordRecommendations(tx, { eventId, accountId, recommenderId: body.guestId }, body.recommendations, ip);
    return listWhere(tx, eq(recommendations.recommenderId, body.guestId), 200, 0);
  });
}

/**
 * Writes what a guest recommends, with one audit row each, in the caller's transaction (the public recommendations
 * route, and a form's recommendations block sent with the guest's submission).
 */
export async function recordRecommendations(
  tx: Executor,
  scope: { eventId: string; accountId: string; recommenderId: string },
  people: z.input<typeof recommendationInput>[],
  ip: string,
) {
  if (people.length === 0) return;
  const { eventId, accountId, recommenderId } = scope;
  const rows = await tx
    .insert(recommendations)
    .values(people.map((input) => ({ ...input, eventId, recommenderId })))
    .returning({ id: recommendations.id, email: recommendations.email });
  for (const row of rows) {
    await recordAudit(
      tx,
      { kind: "system", label: `guest ${recommenderId}` },
      {
        accountId,
        eventId,
        action: "guests.recommendation.created",
        targetType: "recommendation",
        targetId: row.id,
        after: { recommenderId, email: row.email },
      },
      ip,
    );
  }
}

/** Public GET recommendations/getRecommendationsJson/{id}: what guest {id}, signed in as a member, recommended. */
export async function guestRecommendations(
  context: AppContext,
  authorization: string | undefined,
  slug: string,
  guestId: string,
) {
  await requireRecommender(context.db, slug, authorization, guestId);
  return listWhere(context.db, eq(recommendations.recommenderId, guestId), 200, 0);
}

/** Admin GET recommendations/getAllRecommendationsJson. */
export function listRecommendations(
  context: AppContext,
  eventId: string,
  query: z.infer<typeof recommendationListQuery>,
): Promise<z.infer<typeof recommendationList>> {
  const where = and(
    eq(recommendations.eventId, eventId),
    query.status ? eq(recommendations.status, query.status) : undefined,
  );
  return listWhere(context.db, where, query.limit, query.offset);
}

/**
 * Accepts or refuses a pending recommendation (409 once decided). Accepting adds the person as a guest sponsored by
 * the recommender, unless the email is already in the list: then the recommendation points to that guest.
 */
export async function decideRecommendation(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  decision: "accepted" | "refused",
): Promise<Recommendation> {
  return context.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ recommendation: recommendations, recommenderName })
      .from(recommendations)
      .innerJoin(guests, eq(guests.id, recommendations.recommenderId))
      .where(and(eq(recommendations.eventId, eventId), eq(recommendations.id, id)))
      .for("update", { of: recommendations });
    if (!found) throw notFound();
    const { recommendation } = found;
    if (recommendation.status !== "pending") throw new AppError(409, "RECOMMENDATION_ALREADY_DECIDED");
    const audit = { accountId: access.accountId, eventId };
    let guestId: string | null = null;
    if (decision === "accepted") {
      const [existing] = await tx
        .select({ id: guests.id })
        .from(guests)
        .where(and(eq(guests.eventId, eventId), sql`lower(${guests.email}) = lower(${recommendation.email})`));
      guestId = existing?.id ?? null;
      if (!guestId) {
        const person = {
          firstName: recommendation.firstName,
          lastName: recommendation.lastName,
          email: recommendation.email.toLowerCase(),
          company: recommendation.company,
        };
        const [created] = await tx
          .insert(guests)
          .values({
            ...person,
            eventId,
            prescriber: found.recommenderName,
            godfatherId: recommendation.recommenderId,
            searchText: searchTextOf(person),
            createdSource: "recommendation",
          })
          .returning({ id: guests.id });
        if (!created) throw new Error("the guest insert returned no row");
        guestId = created.id;
        await recordAudit(
          tx,
          access.principal,
          { ...audit, action: "guests.guest.created", targetType: "guest", targetId: guestId, after: person },
          ip,
        );
      }
    }
    await tx
      .update(recommendations)
      .set({
        status: decision,
        guestId,
        decidedBy: access.principal.kind === "user" ? access.principal.userId : null,
        decidedAt: new Date(),
      })
      .where(eq(recommendations.id, id));
    await recordAudit(
      tx,
      access.principal,
      {
        ...audit,
        action: `guests.recommendation.${decision}`,
        targetType: "recommendation",
        targetId: id,
        before: { status: "pending" },
        after: { status: decision, guestId },
      },
      ip,
    );
    const [row] = await tx
      .select(columns)
      .from(recommendations)
      .innerJoin(guests, eq(guests.id, recommendations.recommenderId))
      .where(eq(recommendations.id, id));
    if (!row) throw notFound();
    return toRecommendation(row);
  });
}
