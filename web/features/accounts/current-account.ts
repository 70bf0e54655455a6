import { useCallback, useSyncExternalStore } from "react";
import type { Membership } from "../../../contract/auth";

const storageKey = "ep.account";
const listeners = new Set<() => void>();

/** The account in use: the page attribute set by the server for an account's own domain wins (SPEC §2). */
function readChosenAccount(): string | null {
  return document.documentElement.dataset.accountId || localStorage.getItem(storageKey);
}

export function chooseAccount(accountId: string) {
  localStorage.setItem(storageKey, accountId);
  for (const listener of listeners) listener();
}

/**
 * Resolves the current account among the user's memberships, falling back to the first one. A platform
 * Administrator may be working in any account, member or not.
 */
export function useCurrentAccountId(memberships: Membership[] | undefined, anyAccount = false): string | undefined {
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  const chosen = useSyncExternalStore(subscribe, readChosenAccount);
  if (!memberships || memberships.length === 0 || (anyAccount && chosen)) return chosen ?? undefined;
  return memberships.find((m) => m.accountId === chosen)?.accountId ?? memberships[0]?.accountId;
}
