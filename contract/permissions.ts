import type { AccountRole } from "./auth.js";

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
  /** Add or debit an account's event and campaign credits: what the customer paid for, platform administrators only. */
  "account.credits.manage",
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
  overseer: new Set(
    accountActions.filter((action) => action !== "account.limits.update" && action !== "account.credits.manage"),
  ),
  organizer: new Set(eventOwners),
  editor: new Set([...everyone, "events.update"]),
  reader: new Set(everyone),
  apiKey: new Set(
    accountActions.filter(
      (action) =>
        !["account.limits.update", "account.credits.manage", "apiKeys.manage", "organizers.manage"].includes(action),
    ),
  ),
};

/** Roles that take a seat in the account's maximum number of organizers. */
export const seatedRoles: readonly AccountRole[] = ["overseer", "organizer", "editor"];

/** The platform Administrator may do everything; everyone else what their role lists. */
export function roleCan(role: AccountRole | "apiKey" | "platformAdmin", action: AccountAction): boolean {
  return role === "platformAdmin" || roleActions[role].has(action);
}
