import { and, eq } from "drizzle-orm";
import type { ModuleHooks } from "../../platform/context.js";
import { accountMembers, accounts } from "./accounts.tables.js";

/** What signing up and signing in (the auth module, below this one) ask of the accounts a user sits in. */
export const userAccounts: ModuleHooks["userAccounts"] = {
  async open(tx, userId, name) {
    const [account] = await tx.insert(accounts).values({ name }).returning();
    if (account) await tx.insert(accountMembers).values({ accountId: account.id, userId, role: "overseer" });
    return account;
  },
  memberships: (executor, userId) =>
    executor
      .select({ accountId: accounts.id, accountName: accounts.name, role: accountMembers.role })
      .from(accountMembers)
      .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
      .where(eq(accountMembers.userId, userId))
      .orderBy(accounts.name),
  async asksTwoFactor(executor, userId) {
    const [twoFactor] = await executor
      .select({ accountId: accounts.id })
      .from(accountMembers)
      .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
      .where(and(eq(accountMembers.userId, userId), eq(accounts.twoFactor, true)))
      .limit(1);
    return twoFactor !== undefined;
  },
  async name(executor, accountId) {
    const [account] = await executor.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
    return account?.name ?? null;
  },
};
