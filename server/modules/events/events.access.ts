import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { EventAccess } from "../../../contract/events.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, notFound } from "../../platform/errors.js";
import { accountMembers, teamMembers, teams } from "../accounts/accounts.tables.js";
import type { AccountAccess } from "../accounts/permissions.js";
import { type AuditEntry, recordAudit } from "../audit/audit.service.js";
import { users } from "../auth/auth.tables.js";
import { eventAdministrators, eventTeams } from "./events.tables.js";
import { requireEvent } from "./events.visibility.js";

/** Who can reach an event through its access rows: organizers given it one by one, and teams with their members. */
export async function readEventAccess(executor: Executor, accountId: string, eventId: string): Promise<EventAccess> {
  const [linkedTeams, direct] = await Promise.all([
    executor
      .select({ id: teams.id, name: teams.name })
      .from(eventTeams)
      .innerJoin(teams, eq(teams.id, eventTeams.teamId))
      .where(and(eq(eventTeams.eventId, eventId), eq(teams.accountId, accountId)))
      .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id)),
    executor
      .select({ userId: eventAdministrators.userId })
      .from(eventAdministrators)
      .where(eq(eventAdministrators.eventId, eventId)),
  ]);
  const memberships =
    linkedTeams.length === 0
      ? []
      : await executor
          .select({ userId: teamMembers.userId, teamId: teamMembers.teamId })
          .from(teamMembers)
          .where(
            inArray(
              teamMembers.teamId,
              linkedTeams.map((team) => team.id),
            ),
          );
  const directIds = new Set(direct.map((row) => row.userId));
  const userIds = [...new Set([...directIds, ...memberships.map((row) => row.userId)])];
  // Only current members of the account count: a user who left it keeps no way in.
  const people =
    userIds.length === 0
      ? []
      : await executor
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            role: accountMembers.role,
          })
          .from(users)
          .innerJoin(accountMembers, and(eq(accountMembers.userId, users.id), eq(accountMembers.accountId, accountId)))
          .where(inArray(users.id, userIds))
          .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.email));
  return {
    administrators: people.map((person) => {
      const teamIds = new Set(memberships.filter((row) => row.userId === person.id).map((row) => row.teamId));
      return {
        ...person,
        direct: directIds.has(person.id),
        viaTeams: linkedTeams.filter((team) => teamIds.has(team.id)),
      };
    }),
    teams: linkedTeams,
  };
}

export async function getEventAccess(executor: Executor, access: AccountAccess, eventId: string) {
  await requireEvent(executor, access, eventId, "events.read");
  return readEventAccess(executor, access.accountId, eventId);
}

type ShareTarget = { access: AccountAccess; eventId: string; ip: string };

async function requireMember(executor: Executor, accountId: string, userId: string) {
  const [member] = await executor
    .select({ email: users.email })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  if (!member) throw notFound("ORGANIZER_NOT_FOUND");
  return member;
}

async function requireTeam(executor: Executor, accountId: string, teamId: string) {
  const [team] = await executor
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.accountId, accountId)));
  if (!team) throw notFound();
  return team;
}

/** Runs one change of an event's access rows and answers the access as it stands after it. */
async function changeAccess(
  context: AppContext,
  { access, eventId, ip }: ShareTarget,
  change: (executor: Executor) => Promise<Omit<AuditEntry, "accountId" | "eventId">[]>,
): Promise<EventAccess> {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.share");
    // Giving what is already given, or taking what is not, changes nothing and is not logged.
    for (const entry of await change(tx)) {
      await recordAudit(tx, access.principal, { accountId: access.accountId, eventId, ...entry }, ip);
    }
    return readEventAccess(tx, access.accountId, eventId);
  });
}

export function grantAdministrator(context: AppContext, target: ShareTarget, userId: string) {
  return changeAccess(context, target, async (tx) => {
    const member = await requireMember(tx, target.access.accountId, userId);
    const added = await tx
      .insert(eventAdministrators)
      .values({ eventId: target.eventId, userId })
      .onConflictDoNothing()
      .returning();
    return added.map(() => ({
      action: "events.administrator.granted",
      targetType: "user",
      targetId: userId,
      after: { email: member.email },
    }));
  });
}

/** SPEC §6: an event linked to a team the user belongs to cannot be removed from that user. */
export function revokeAdministrator(context: AppContext, target: ShareTarget, userId: string) {
  return changeAccess(context, target, async (tx) => {
    const member = await requireMember(tx, target.access.accountId, userId);
    const [team] = await tx
      .select({ name: teams.name })
      .from(eventTeams)
      .innerJoin(teamMembers, eq(teamMembers.teamId, eventTeams.teamId))
      .innerJoin(teams, eq(teams.id, eventTeams.teamId))
      .where(and(eq(eventTeams.eventId, target.eventId), eq(teamMembers.userId, userId)))
      .orderBy(asc(sql`lower(${teams.name})`))
      .limit(1);
    if (team) throw new AppError(409, "EVENT_ACCESS_FROM_TEAM", { values: [team.name] });
    const removed = await tx
      .delete(eventAdministrators)
      .where(and(eq(eventAdministrators.eventId, target.eventId), eq(eventAdministrators.userId, userId)))
      .returning();
    return removed.map(() => ({
      action: "events.administrator.revoked",
      targetType: "user",
      targetId: userId,
      before: { email: member.email },
    }));
  });
}

export function grantTeam(context: AppContext, target: ShareTarget, teamId: string) {
  return changeAccess(context, target, async (tx) => {
    const team = await requireTeam(tx, target.access.accountId, teamId);
    const added = await tx
      .insert(eventTeams)
      .values({ eventId: target.eventId, teamId })
      .onConflictDoNothing()
      .returning();
    return added.map(() => ({
      action: "events.team.granted",
      targetType: "team",
      targetId: teamId,
      after: { name: team.name },
    }));
  });
}

export function revokeTeam(context: AppContext, target: ShareTarget, teamId: string) {
  return changeAccess(context, target, async (tx) => {
    const team = await requireTeam(tx, target.access.accountId, teamId);
    const removed = await tx
      .delete(eventTeams)
      .where(and(eq(eventTeams.eventId, target.eventId), eq(eventTeams.teamId, teamId)))
      .returning();
    return removed.map(() => ({
      action: "events.team.revoked",
      targetType: "team",
      targetId: teamId,
      before: { name: team.name },
    }));
  });
}
