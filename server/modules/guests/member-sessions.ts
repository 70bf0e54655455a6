import { and, eq, gt, isNull, not, sql } from "drizzle-orm";
import type { Database } from "../../db/connection.js";
import { memberSessionPrefix } from "../../platform/auth-guard.js";
import { AppError } from "../../platform/errors.js";
import { hashSecret } from "../../platform/tokens.js";
import { events } from "../events/events.tables.js";
import { type EventRow, eventColumnsWithStatus } from "../events/events.visibility.js";
import { guests } from "./guests.tables.js";
import { type MemberTokenPurpose, memberTokens } from "./member-sessions.tables.js";

// Who a signed-in guest is, below the member area that opens the sessions (public/), as the public forms and the
// recommendations ask it too.

/** A signed-in guest: one session, one guest, one event. */
export type Member = { sessionId: string; guest: typeof guests.$inferSelect; event: EventRow };

/** The member token of this secret, still good for this purpose. */
export const usableMemberToken = (purpose: MemberTokenPurpose, secret: string) =>
  and(
    eq(memberTokens.tokenHash, hashSecret(secret)),
    eq(memberTokens.purpose, purpose),
    isNull(memberTokens.usedAt),
    gt(memberTokens.expiresAt, sql`now()`),
  );

/**
 * The guest behind a member session, on the event the path names. Anything else (no token, an organizer's token, a
 * session of another event, an expired or closed one) is refused alike.
 */
export async function requireMember(db: Database, slug: string, authorization: string | undefined): Promise<Member> {
  const secret = authorization?.match(/^bearer\s+(\S+)$/i)?.[1];
  if (!secret?.startsWith(memberSessionPrefix)) throw new AppError(401, "MEMBER_SESSION_INVALID");
  const [row] = await db
    .select({ sessionId: memberTokens.id, guest: guests, event: eventColumnsWithStatus })
    .from(memberTokens)
    .innerJoin(guests, eq(guests.id, memberTokens.guestId))
    .innerJoin(events, eq(events.id, memberTokens.eventId))
    .where(and(usableMemberToken("session", secret), eq(events.slug, slug), not(events.archived)));
  if (!row) throw new AppError(401, "MEMBER_SESSION_INVALID");
  return row;
}
