import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Team } from "../../../contract/accounts.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { recordAudit } from "../audit/audit.service.js";
import { users } from "../auth/auth.tables.js";
import { type Caller, lockAccount } from "./accounts.service.js";
import { teamMembers, teams } from "./accounts.tables.js";
import { findRole } from "./memberships.service.js";

type TeamRow = typeof teams.$inferSelect;

/** Members and event counts of several teams in two queries, whatever their number. */
async function toTeams(context: AppContext, executor: Executor, rows: TeamRow[]): Promise<Team[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [members, counts] = await Promise.all([
    executor
      .select({
        teamId: teamMembers.teamId,
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(inArray(teamMembers.teamId, ids))
      .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.email)),
    context.hooks.accountEvents.countByTeam(executor, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    members: members.filter((member) => member.teamId === row.id).map(({ teamId: _, ...member }) => member),
    eventCount: counts.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function toTeam(context: AppContext, executor: Executor, row: TeamRow): Promise<Team> {
  const [team] = await toTeams(context, executor, [row]);
  if (!team) throw new AppError(404, "NOT_FOUND");
  return team;
}

/** A team of this account; one of another account is as absent as one that never existed. */
async function findTeam(executor: Executor, accountId: string, teamId: string): Promise<TeamRow> {
  const [row] = await executor
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.accountId, accountId)));
  if (!row) throw new AppError(404, "NOT_FOUND");
  return row;
}

/** Names are unique in an account whatever their case; the account lock makes concurrent checks take turns. */
async function assertNameFree(executor: Executor, accountId: string, name: string, exceptTeamId?: string) {
  const [taken] = await executor
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.accountId, accountId),
        eq(sql`lower(${teams.name})`, name.toLowerCase()),
        exceptTeamId ? ne(teams.id, exceptTeamId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError(409, "TEAM_NAME_TAKEN", { fields: { name: { code: "TEAM_NAME_TAKEN" } } });
}

export async function listTeams(context: AppContext, accountId: string): Promise<{ items: Team[]; total: number }> {
  const rows = await context.db
    .select()
    .from(teams)
    .where(eq(teams.accountId, accountId))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
  return { items: await toTeams(context, context.db, rows), total: rows.length };
}

export async function getTeam(context: AppContext, accountId: string, teamId: string): Promise<Team> {
  return toTeam(context, context.db, await findTeam(context.db, accountId, teamId));
}

export async function createTeam(context: AppContext, caller: Caller, accountId: string, name: string): Promise<Team> {
  return context.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    await assertNameFree(tx, accountId, name);
    const [row] = await tx.insert(teams).values({ accountId, name }).returning();
    if (!row) throw new AppError(409, "NOT_SAVED");
    await recordAudit(
      tx,
      caller.principal,
      { accountId, action: "accounts.team.created", targetType: "team", targetId: row.id, after: { name } },
      caller.ip,
    );
    return toTeam(context, tx, row);
  });
}

export async function renameTeam(
  context: AppContext,
  caller: Caller,
  accountId: string,
  teamId: string,
  name: string,
): Promise<Team> {
  return context.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const row = await findTeam(tx, accountId, teamId);
    if (row.name === name) return toTeam(context, tx, row);
    await assertNameFree(tx, accountId, name, teamId);
    const [updated] = await tx.update(teams).set({ name }).where(eq(teams.id, teamId)).returning();
    if (!updated) throw new AppError(404, "NOT_FOUND");
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "accounts.team.updated",
        targetType: "team",
        targetId: teamId,
        before: { name: row.name },
        after: { name },
      },
      caller.ip,
    );
    return toTeam(context, tx, updated);
  });
}

/** Deleting a team takes away the event access it gave; its members keep their own. */
export async function deleteTeam(context: AppContext, caller: Caller, accountId: string, teamId: string) {
  await context.db.transaction(async (tx) => {
    const team = await toTeam(context, tx, await findTeam(tx, accountId, teamId));
    await tx.delete(teams).where(eq(teams.id, teamId));
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "accounts.team.deleted",
        targetType: "team",
        targetId: teamId,
        before: { name: team.name, members: team.members.map((m) => m.email), eventCount: team.eventCount },
      },
      caller.ip,
    );
  });
}

/** Adds (`add`) or removes an organizer of the account; doing what is already done changes nothing. */
export async function setTeamMember(
  context: AppContext,
  caller: Caller,
  target: { accountId: string; teamId: string; userId: string },
  add: boolean,
): Promise<Team> {
  const { accountId, teamId, userId } = target;
  return context.db.transaction(async (tx) => {
    const team = await findTeam(tx, accountId, teamId);
    if ((await findRole(tx, accountId, userId)) === null) throw new AppError(404, "ORGANIZER_NOT_FOUND");
    const changed = add
      ? await tx.insert(teamMembers).values({ teamId, userId }).onConflictDoNothing().returning()
      : await tx
          .delete(teamMembers)
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
          .returning();
    if (changed.length > 0) {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      await recordAudit(
        tx,
        caller.principal,
        {
          accountId,
          action: add ? "accounts.team.member_added" : "accounts.team.member_removed",
          targetType: "team",
          targetId: teamId,
          after: { team: team.name, userId, email: user?.email ?? null },
        },
        caller.ip,
      );
    }
    return toTeam(context, tx, team);
  });
}
