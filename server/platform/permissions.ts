import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/connection.js";
import { type AccountRole, accountMembers, accounts } from "../modules/accounts/accounts.tables.js";
import type { Principal } from "./auth-guard.js";
import { AppError } from "./errors.js";

/**
 * The permission matrix of SPEC §6, in one place. Every route names the action it performs; nothing else decides.
 *
 * - Overseer: everything in the account: events (all of them), organizers, teams and team members, settings, API keys.
 * - Organizer: creates events and edits, archives, deletes and shares the events they can access.
 * - Editor: edits the events they can access; cannot create, delete, archive or share them.
 * - Reader: only views the events they can access; does not take an organizer seat.
 * - Platform Administrator: every action on every account, plus the account limits and the global administrators.
 * - API key: acts for its own account like an overseer, except on API keys and organizers (no key mints keys or seats).
 *
 * Archived events are open only to Overseers and Organizers ("accessible only to organizers"): Editors and Readers
 * lose them until they are unarchived.
 */
export const accountActions = [
  "account.read",
  "account.update",
  "account.limits.update",
  "organizers.read",
  "organizers.manage",
  "teams.read",
  "teams.manage",
  "apiKeys.manage",
  "audit.read",
  "events.create",
  "events.read",
  "events.update",
  "events.delete",
  "events.archive",
  "events.share",
  "events.openArchived",
  "events.seeAll",
] as const;
export type AccountAction = (typeof accountActions)[number];

const everyone: AccountAction[] = ["account.read", "organizers.read", "teams.read", "events.read"];
const eventOwners: AccountAction[] = [
  ...everyone,
  "events.create",
  "events.update",
  "events.delete",
  "events.archive",
  "events.share",
  "events.openArchived",
];

export const roleActions: Record<AccountRole | "apiKey", ReadonlySet<AccountAction>> = {
  overseer: new Set(accountActions.filter((action) => action !== "account.limits.update")),
  organizer: new Set(eventOwners),
  editor: new Set([...everyone, "events.update"]),
  reader: new Set(everyone),
  apiKey: new Set(
    accountActions.filter(
      (action) => !["account.limits.update", "apiKeys.manage", "organizers.manage"].includes(action),
    ),
  ),
};

/** Roles that take a seat in the account's maximum number of organizers. */
export const seatedRoles: readonly AccountRole[] = ["overseer", "organizer", "editor"];

/** What a caller is inside one account, once resolved. */
export type AccountAccess = {
  accountId: string;
  principal: Principal;
  /** `platformAdmin` for the platform Administrator, `apiKey` for a key, else the member's role. */
  role: AccountRole | "platformAdmin" | "apiKey";
};

export function can(access: AccountAccess, action: AccountAction): boolean {
  if (access.role === "platformAdmin") return true;
  return roleActions[access.role].has(action);
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
