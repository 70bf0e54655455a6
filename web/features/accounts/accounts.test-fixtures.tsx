import type { ReactNode } from "react";
import type { Account, Administrator, ApiKey } from "../../../contract/accounts";
import type { AccountRole, Me } from "../../../contract/auth";
import { AdminContext, buildAdminContext } from "../../ui/admin-context";

export const accountId = "11111111-1111-4111-8111-111111111111";

export function me(role: AccountRole | "platformAdmin"): Me {
  return {
    user: {
      id: "00000000-0000-4000-8000-000000000001",
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      language: "en",
      isPlatformAdmin: role === "platformAdmin",
      lastLoginAt: null,
    },
    memberships: role === "platformAdmin" ? [] : [{ accountId, accountName: "Acme", role }],
  };
}

/** What AdminLayout gives back-office pages: the signed-in user working in `accountId` with this role. */
export function As({ accountRole, children }: { accountRole: AccountRole | "platformAdmin"; children: ReactNode }) {
  return (
    <AdminContext.Provider value={buildAdminContext(me(accountRole), accountId)}>{children}</AdminContext.Provider>
  );
}

export function account(overrides: Partial<Account> = {}): Account {
  return {
    id: accountId,
    name: "Acme Events",
    params: { contactEmail: "", phone: "", website: "", language: "en", timezone: "Europe/Paris" },
    defaultEventParams: {
      timezone: "Europe/Paris",
      languages: ["fr", "en"],
      preferredLanguage: "en",
      maxCompanions: 0,
      ratingMax: 5,
    },
    settings: { defaultDomain: null, retentionDays: 365, multilang: true, twoFactor: false },
    limits: {
      whiteLabel: false,
      modules: { multilang: true, ebadge: true, misc: true, singleImagePartners: false },
      offlineCheckinLimit: 3,
      maxOrganizers: 10,
      maxEvents: null,
    },
    usage: { organizers: 4, events: 1 },
    createdAt: "2026-01-01T10:00:00.000Z",
    ...overrides,
  };
}

export function organizer(overrides: Partial<Administrator> = {}): Administrator {
  return {
    id: "22222222-2222-4222-8222-222222222222",
    email: "paul@example.com",
    firstName: "Paul",
    lastName: "Durand",
    language: "fr",
    role: "organizer",
    registered: true,
    isPlatformAdmin: false,
    lastLoginAt: "2026-03-01T09:30:00.000Z",
    teams: [],
    ...overrides,
  };
}

export function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: "33333333-3333-4333-8333-333333333333",
    name: "CRM sync",
    prefix: "ak_LY0doif",
    createdAt: "2026-02-01T10:00:00.000Z",
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

export const listed = <T,>(items: T[]) => ({ status: 200, body: { items, total: items.length } });

// jsdom has no scrollIntoView, which Mantine's Combobox calls on the selected option.
Element.prototype.scrollIntoView ??= () => {};
