import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AccountRole } from "../../../contract/auth.js";
import { type AccountAction, roleCan } from "../../../contract/permissions.js";
import type { Executor } from "../../db/connection.js";
import { type Principal, requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { accountMembers, accounts } from "./accounts.tables.js";

/** What a caller is inside one account, once resolved. */
export type AccountAccess = {
  accountId: string;
  principal: Principal;
  /** `platformAdmin` for the platform Administrator, `apiKey` for a key, else the member's role. */
  role: AccountRole | "platformAdmin" | "apiKey";
};

export function can(access: AccountAccess, action: AccountAction): boolean {
  return roleCan(access.role, action);
}

export function assertCan(access: AccountAccess, action: AccountAction): void {
  if (!can(access, action)) throw new AppError(403, "FORBIDDEN");
}

/**
 * Resolves the caller's place in an account and checks one action. Someone outside the account gets 404, exactly
 * as if the account did not exist: another tenant's data is never revealed, not even its existence.
 */
export async function requireAccountAccess(
  db: Executor,
  principal: Principal,
  accountId: string,
  action: AccountAction,
): Promise<AccountAccess> {
  const access = await resolveAccountAccess(db, principal, accountId);
  if (!access) throw new AppError(404, "NOT_FOUND");
  assertCan(access, action);
  return access;
}

async function resolveAccountAccess(
  db: Executor,
  principal: Principal,
  accountId: string,
): Promise<AccountAccess | null> {
  if (principal.kind === "apiKey") {
    return principal.accountId === accountId ? { accountId, principal, role: "apiKey" } : null;
  }
  if (principal.isPlatformAdmin) {
    const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
    return account ? { accountId, principal, role: "platformAdmin" } : null;
  }
  const [member] = await db
    .select({ role: accountMembers.role })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, principal.userId)));
  return member ? { accountId, principal, role: member.role } : null;
}

/**
 * The caller of an account route (`/accounts/:account/...`): signed in, allowed `action` in that account (404 for
 * another account), with what an audit row needs.
 */
export async function accountCaller(
  context: AppContext,
  request: FastifyRequest & { params: { account: string } },
  action: AccountAction,
) {
  const principal = requirePrincipal(request);
  const { accountId } = await requireAccountAccess(context.db, principal, request.params.account, action);
  return { accountId, caller: { principal, ip: request.ip } };
}
