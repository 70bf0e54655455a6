import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  Administrator,
  AdministratorCreateBody,
  administratorAccountsSchema,
  administratorUpdateBody,
} from "../../../contract/accounts.js";
import type { AccountRole } from "../../../contract/auth.js";
import { roleCan } from "../../../contract/permissions.js";
import type { Executor } from "../../db/connection.js";
import type { Principal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError } from "../../platform/errors.js";
import { changedFields, recordAudit } from "../audit/audit.service.js";
import { users } from "../auth/auth.tables.js";
import { type Caller, containsPattern, lockAccount } from "./accounts.service.js";
import { accountMembers, accounts } from "./accounts.tables.js";
import {
  addMembership,
  applyRole,
  findRole,
  findUser,
  linkUser,
  mailInvitation,
  memberAsAdministrator,
  teamsByUser,
  toAdministrator,
  type UserRow,
} from "./memberships.service.js";
import { requireAccountAccess } from "./permissions.js";

type AdministratorUpdate = z.infer<typeof administratorUpdateBody>;

/**
 * One account's members with their role and teams there; or, for a platform admin who names no account, every user
 * of the platform without a role.
 */
export async function listAdministrators(
  executor: Executor,
  filter: { accountId?: string; query?: string; limit: number; offset: number },
): Promise<{ items: Administrator[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.query) {
    const pattern = containsPattern(filter.query);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    );
  }
  const order = [asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.email)];
  const { accountId, limit, offset } = filter;
  let rows: { user: UserRow; role: AccountRole | null }[];
  let count: { total: number } | undefined;
  if (accountId) {
    const member = and(eq(accountMembers.userId, users.id), eq(accountMembers.accountId, accountId));
    const where = and(...conditions);
    [rows, [count]] = await Promise.all([
      executor
        .select({ user: users, role: accountMembers.role })
        .from(users)
        .innerJoin(accountMembers, member)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      executor.select({ total: sql<number>`count(*)::int` }).from(users).innerJoin(accountMembers, member).where(where),
    ]);
  } else {
    // The platform-wide list has no account to read a role from.
    const where = and(...conditions);
    const [userRows, [userCount]] = await Promise.all([
      executor
        .select()
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      executor.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
    ]);
    rows = userRows.map((user) => ({ user, role: null }));
    count = userCount;
  }
  const byUser = accountId
    ? await teamsByUser(
        executor,
        accountId,
        rows.map((row) => row.user.id),
      )
    : new Map();
  return {
    items: rows.map((row) => toAdministrator(row.user, row.role, byUser.get(row.user.id) ?? [])),
    total: count?.total ?? 0,
  };
}

/**
 * Invites an organizer into an account. An address already on the platform links that user (one person, one user,
 * whatever the number of accounts); a new address creates a user without password and mails the invitation.
 */
export async function createAdministrator(
  context: AppContext,
  caller: Caller,
  body: AdministratorCreateBody,
): Promise<Administrator> {
  const administrator = await context.db.transaction(async (tx) => {
    const account = await lockAccount(tx, body.accountId);
    // `on conflict do nothing` rather than a prior lookup: two invitations of one address cannot make two users.
    const [created] = await tx
      .insert(users)
      .values({ email: body.email, firstName: body.firstName, lastName: body.lastName, language: body.language })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [existing] = await tx.select().from(users).where(eq(users.email, body.email));
      if (!existing) throw new AppError(409, "NOT_SAVED");
      await linkUser(context, tx, caller, account, existing, body.role);
      return memberAsAdministrator(tx, account.id, existing.id);
    }
    await addMembership(tx, account, created.id, body.role);
    await mailInvitation(context, tx, caller, account, created);
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId: account.id,
        action: "accounts.organizer.invited",
        targetType: "user",
        targetId: created.id,
        after: { email: created.email, firstName: created.firstName, lastName: created.lastName, role: body.role },
      },
      caller.ip,
    );
    return toAdministrator(created, body.role, []);
  });
  await context.mailer.kick();
  return administrator;
}

/**
 * Checks the caller may edit this person's names and answers the account the change is audited in. Oneself and a
 * platform admin always may; anyone else needs organizers.manage in the account named, else in any account both
 * share. Someone the caller shares no account with is not found.
 */
async function accountToEditIn(
  executor: Executor,
  principal: Principal,
  target: UserRow,
  accountId: string | undefined,
): Promise<string | null> {
  if (principal.kind === "user" && (principal.userId === target.id || principal.isPlatformAdmin)) {
    // The audit row goes to the account named only if the person sits there: no writing into a stranger's log.
    return accountId && (await findRole(executor, accountId, target.id)) !== null ? accountId : null;
  }
  if (accountId) {
    await requireAccountAccess(executor, principal, accountId, "organizers.manage");
    if ((await findRole(executor, accountId, target.id)) === null) throw new AppError(404, "ORGANIZER_NOT_FOUND");
    return accountId;
  }
  const shared = await executor
    .select({ accountId: accountMembers.accountId })
    .from(accountMembers)
    .where(eq(accountMembers.userId, target.id));
  let sharedAny = false;
  for (const row of shared) {
    const role =
      principal.kind === "apiKey"
        ? principal.accountId === row.accountId
          ? "apiKey"
          : null
        : await findRole(executor, row.accountId, principal.userId);
    if (role === null) continue;
    sharedAny = true;
    if (roleCan(role, "organizers.manage")) return row.accountId;
  }
  throw sharedAny ? new AppError(403, "FORBIDDEN") : new AppError(404, "ORGANIZER_NOT_FOUND");
}

/**
 * Edits a person (their own names and language, or someone's they manage) and, with accountId, their role there.
 */
export async function updateAdministrator(
  context: AppContext,
  caller: Caller,
  userId: string,
  body: AdministratorUpdate,
): Promise<Administrator> {
  const { accountId, role, ...person } = body;
  if (role && !accountId) throw fieldError("accountId", "FIELD_REQUIRED");
  return context.db.transaction(async (tx) => {
    // The account is checked before the person, so an outsider learns nothing about who exists.
    if (role && accountId) await requireAccountAccess(tx, caller.principal, accountId, "organizers.manage");
    const target = await findUser(tx, userId);
    let auditAccountId: string | null = accountId ?? null;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};

    if (role && accountId) {
      const account = await lockAccount(tx, accountId);
      const current = await findRole(tx, accountId, userId);
      if (current === null) throw new AppError(404, "ORGANIZER_NOT_FOUND");
      if (await applyRole(tx, account, userId, current, role)) {
        before.role = current;
        after.role = role;
      }
    }
    if (Object.keys(person).length > 0) {
      auditAccountId = await accountToEditIn(tx, caller.principal, target, accountId);
      const diff = changedFields(
        { firstName: target.firstName, lastName: target.lastName, language: target.language },
        person,
      );
      if (Object.keys(diff.after).length > 0) {
        await tx.update(users).set(diff.after).where(eq(users.id, userId));
        Object.assign(before, diff.before);
        Object.assign(after, diff.after);
      }
    }
    if (Object.keys(after).length > 0) {
      await recordAudit(
        tx,
        caller.principal,
        {
          accountId: auditAccountId,
          action: "accounts.organizer.updated",
          targetType: "user",
          targetId: userId,
          before,
          after,
        },
        caller.ip,
      );
    }
    if (accountId && (await findRole(tx, accountId, userId)) !== null) {
      return memberAsAdministrator(tx, accountId, userId);
    }
    return toAdministrator(await findUser(tx, userId), null, []);
  });
}

/** A platform admin deletes a user of the platform, with every membership; never themselves. */
export async function deleteAdministrator(context: AppContext, caller: Caller, userId: string): Promise<void> {
  if (caller.principal.kind === "user" && caller.principal.userId === userId) {
    throw new AppError(409, "ORGANIZER_SELF_DELETE");
  }
  await context.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning();
    if (!deleted) throw new AppError(404, "ORGANIZER_NOT_FOUND");
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId: null,
        action: "accounts.administrator.deleted",
        targetType: "user",
        targetId: userId,
        before: { email: deleted.email, firstName: deleted.firstName, lastName: deleted.lastName },
      },
      caller.ip,
    );
  });
}

/** The accounts a user sits in; only they and platform admins may see it. */
export async function administratorAccounts(
  executor: Executor,
  principal: Principal,
  userId: string,
): Promise<z.infer<typeof administratorAccountsSchema>> {
  const allowed = principal.kind === "user" && (principal.userId === userId || principal.isPlatformAdmin);
  if (!allowed) throw new AppError(404, "ORGANIZER_NOT_FOUND");
  await findUser(executor, userId);
  const items = await executor
    .select({ id: accounts.id, name: accounts.name, role: accountMembers.role })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(eq(accountMembers.userId, userId))
    .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id));
  return { items };
}

/** Mails the invitation again; the earlier link stops working. */
export async function reinviteAdministrator(
  context: AppContext,
  caller: Caller,
  userId: string,
  accountId: string,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ user: users, accountName: accounts.name })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
    if (!row) throw new AppError(404, "ORGANIZER_NOT_FOUND");
    if (row.user.passwordHash !== null) throw new AppError(409, "ORGANIZER_ALREADY_REGISTERED");
    await mailInvitation(context, tx, caller, { id: accountId, name: row.accountName }, row.user);
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId,
        action: "accounts.organizer.reinvited",
        targetType: "user",
        targetId: userId,
        after: { email: row.user.email },
      },
      caller.ip,
    );
  });
  await context.mailer.kick();
}
