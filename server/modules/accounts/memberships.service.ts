import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Administrator } from "../../../contract/accounts.js";
import type { AccountRole } from "../../../contract/auth.js";
import { seatedRoles } from "../../../contract/permissions.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { isLanguage } from "../../platform/language.js";
import { recordAudit } from "../audit/audit.service.js";
import { inviteOrganizer } from "../auth/auth.service.js";
import { users } from "../auth/auth.tables.js";
import { type Caller, countSeats, lockAccount } from "./accounts.service.js";
import { accountMembers, type accounts, teamMembers, teams } from "./accounts.tables.js";

export type UserRow = typeof users.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;
type TeamRef = Administrator["teams"][number];

const isSeated = (role: AccountRole | null) => role !== null && seatedRoles.includes(role);

export function toAdministrator(user: UserRow, role: AccountRole | null, teamRefs: TeamRef[]): Administrator {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    language: isLanguage(user.language) ? user.language : "en",
    role,
    registered: user.passwordHash !== null,
    isPlatformAdmin: user.isPlatformAdmin,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    teams: teamRefs,
  };
}

/** The teams of one account each user belongs to. */
export async function teamsByUser(
  executor: Executor,
  accountId: string,
  userIds: string[],
): Promise<Map<string, TeamRef[]>> {
  const byUser = new Map<string, TeamRef[]>();
  if (userIds.length === 0) return byUser;
  const rows = await executor
    .select({ userId: teamMembers.userId, id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.accountId, accountId), inArray(teamMembers.userId, userIds)))
    .orderBy(asc(sql`lower(${teams.name})`));
  for (const { userId, ...team } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), team]);
  return byUser;
}

export async function findUser(executor: Executor, userId: string): Promise<UserRow> {
  const [user] = await executor.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, "ORGANIZER_NOT_FOUND");
  return user;
}

export async function findRole(executor: Executor, accountId: string, userId: string): Promise<AccountRole | null> {
  const [member] = await executor
    .select({ role: accountMembers.role })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  return member?.role ?? null;
}

/** A member of the account, with their role and teams there; anyone else is "Organizer not found". */
export async function memberAsAdministrator(executor: Executor, accountId: string, userId: string) {
  const [row] = await executor
    .select({ user: users, role: accountMembers.role })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  if (!row) throw new AppError(404, "ORGANIZER_NOT_FOUND");
  const byUser = await teamsByUser(executor, accountId, [userId]);
  return toAdministrator(row.user, row.role, byUser.get(userId) ?? []);
}

async function assertSeatAvailable(executor: Executor, account: AccountRow) {
  if ((await countSeats(executor, account.id)) >= account.maxOrganizers) throw new AppError(409, "MAX_ORGANIZERS");
}

async function assertAnotherOverseer(executor: Executor, accountId: string, userId: string) {
  const [other] = await executor
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.role, "overseer"),
        ne(accountMembers.userId, userId),
      ),
    )
    .limit(1);
  if (!other) throw new AppError(409, "LAST_OVERSEER");
}

/**
 * Gives a member a new role under the account's rules: the last overseer stays one, and a move from Reader (or from
 * outside) to a seated role needs a free seat. The account must be locked by the caller. Answers whether it changed.
 */
export async function applyRole(
  executor: Executor,
  account: AccountRow,
  userId: string,
  current: AccountRole,
  role: AccountRole,
): Promise<boolean> {
  if (current === role) return false;
  if (current === "overseer") await assertAnotherOverseer(executor, account.id, userId);
  if (isSeated(role) && !isSeated(current)) await assertSeatAvailable(executor, account);
  await executor
    .update(accountMembers)
    .set({ role })
    .where(and(eq(accountMembers.accountId, account.id), eq(accountMembers.userId, userId)));
  return true;
}

/** Seats a user in a locked account; the seat limit applies to every role but Reader. */
export async function addMembership(executor: Executor, account: AccountRow, userId: string, role: AccountRole) {
  if (isSeated(role)) await assertSeatAvailable(executor, account);
  const added = await executor
    .insert(accountMembers)
    .values({ accountId: account.id, userId, role })
    .onConflictDoNothing()
    .returning();
  if (added.length === 0) throw new AppError(409, "ORGANIZER_ALREADY_MEMBER");
}

/** Queues the invitation mail of an account (the caller kicks the mailer after the commit). */
export async function mailInvitation(
  context: AppContext,
  executor: Executor,
  caller: Caller,
  account: { id: string; name: string },
  user: UserRow,
) {
  await inviteOrganizer(context, executor, {
    userId: user.id,
    email: user.email,
    language: isLanguage(user.language) ? user.language : "en",
    accountId: account.id,
    accountName: account.name,
    inviterName: caller.principal.label,
  });
}

/**
 * Makes an existing user a member of a locked account. A user who never chose a password gets a fresh invitation
 * link, without which they could not sign in. Answers whether a mail was queued.
 */
export async function linkUser(
  context: AppContext,
  executor: Executor,
  caller: Caller,
  account: AccountRow,
  user: UserRow,
  role: AccountRole,
): Promise<boolean> {
  await addMembership(executor, account, user.id, role);
  const mailed = user.passwordHash === null;
  if (mailed) await mailInvitation(context, executor, caller, account, user);
  await recordAudit(
    executor,
    caller.principal,
    {
      accountId: account.id,
      action: "accounts.organizer.linked",
      targetType: "user",
      targetId: user.id,
      after: { email: user.email, role },
    },
    caller.ip,
  );
  return mailed;
}

/** PUT accounts/{account}/administrators/{id}: links any user of the platform, or changes a member's role. */
export async function putMember(
  context: AppContext,
  caller: Caller,
  accountId: string,
  userId: string,
  role: AccountRole,
): Promise<Administrator> {
  let mailed = false;
  const administrator = await context.db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    const user = await findUser(tx, userId);
    const current = await findRole(tx, accountId, userId);
    if (current === null) {
      mailed = await linkUser(context, tx, caller, account, user, role);
    } else if (await applyRole(tx, account, userId, current, role)) {
      await recordAudit(
        tx,
        caller.principal,
        {
          accountId,
          action: "accounts.organizer.updated",
          targetType: "user",
          targetId: userId,
          before: { role: current },
          after: { role },
        },
        caller.ip,
      );
    }
    return memberAsAdministrator(tx, accountId, userId);
  });
  if (mailed) await context.mailer.kick();
  return administrator;
}

/**
 * Takes a member out of the account with everything the membership gave them there: their teams of this account
 * and their direct access to its events. Their user stays: they may sit in other accounts.
 */
export async function removeMember(context: AppContext, caller: Caller, accountId: string, userId: string) {
  await context.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const role = await findRole(tx, accountId, userId);
    if (role === null) throw new AppError(404, "ORGANIZER_NOT_FOUND");
    if (role === "overseer") await assertAnotherOverseer(tx, accountId, userId);
    await tx
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.userId, userId),
          inArray(teamMembers.teamId, tx.select({ id: teams.id }).from(teams).where(eq(teams.accountId, accountId))),
        ),
      );
    await context.hooks.accountEvents.removeMember(tx, accountId, userId);
    await tx
      .delete(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "accounts.organizer.removed",
        targetType: "user",
        targetId: userId,
        before: { email: user?.email ?? null, role },
      },
      caller.ip,
    );
  });
}
