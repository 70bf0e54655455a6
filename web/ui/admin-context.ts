import { createContext, useContext } from "react";
import type { AccountRole, Me } from "../../contract/auth";
import { type AccountAction, roleCan } from "../../contract/permissions";

/** What every back-office page knows: who is signed in, which account is in use, and what they may do there. */
export type AdminContextValue = {
  me: Me;
  accountId: string;
  role: AccountRole | "platformAdmin";
  can(action: AccountAction): boolean;
};

export const AdminContext = createContext<AdminContextValue | null>(null);

export function useAdminContext(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error("useAdminContext outside AdminLayout");
  return value;
}

export function buildAdminContext(me: Me, accountId: string): AdminContextValue {
  const membership = me.memberships.find((m) => m.accountId === accountId);
  const role = me.user.isPlatformAdmin ? "platformAdmin" : (membership?.role ?? "reader");
  return { me, accountId, role, can: (action) => roleCan(role, action) };
}
