import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Account, AccountUpdateBody, AdministratorCreateBody } from "../../../contract/accounts";
import type { AccountRole } from "../../../contract/auth";
import { clientOf } from "../../api/client";
import { meQueryKey } from "../auth/auth.queries";

const accountsApi = clientOf(routeTable.accountsEndpoints);
const organizersApi = clientOf(routeTable.organizersEndpoints);
const teamsApi = clientOf(routeTable.teamsEndpoints);
const apiKeysApi = clientOf(routeTable.apiKeysEndpoints);

export const accountKeys = {
  all: ["accounts"] as const,
  list: (query: object) => ["accounts", "list", query] as const,
  one: (accountId: string) => ["accounts", "one", accountId] as const,
  administrators: ["administrators"] as const,
  administratorList: (query: object) => ["administrators", "list", query] as const,
  administratorAccounts: (id: string) => ["administrators", "accounts", id] as const,
  teams: (accountId: string) => ["accounts", "teams", accountId] as const,
  apiKeys: (accountId: string) => ["accounts", "apiKeys", accountId] as const,
};

/** Invalidates the given caches once a mutation succeeds. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return (...keys: QueryKey[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/* Accounts */

export function useAccount(accountId: string) {
  return useQuery({
    queryKey: accountKeys.one(accountId),
    queryFn: () => accountsApi.get({ params: { id: accountId } }),
  });
}

export function useUpdateAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountUpdateBody) => accountsApi.update({ params: { id: accountId }, body }),
    onSuccess: (account: Account) => {
      queryClient.setQueryData(accountKeys.one(accountId), account);
      // The account's name shows in the account switcher, which reads the memberships.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useAccounts(query: { query?: string; limit: number; offset: number }) {
  return useQuery({
    queryKey: accountKeys.list(query),
    queryFn: () => accountsApi.list({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => accountsApi.create({ body: { name } }),
    onSuccess: () => invalidate(accountKeys.all, meQueryKey),
  });
}

/* Organizers */

export type AdministratorQuery = { accountId?: string; query?: string; limit: number; offset: number };

export function useAdministrators(query: AdministratorQuery) {
  return useQuery({
    queryKey: accountKeys.administratorList(query),
    queryFn: () => organizersApi.list({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useAdministratorAccounts(id: string, enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.administratorAccounts(id),
    queryFn: () => organizersApi.accounts({ params: { id } }),
    enabled,
  });
}

/** Seats, teams and memberships all follow a change of the account's organizers. */
function useInvalidateOrganizers(accountId: string) {
  const invalidate = useInvalidate();
  return () =>
    invalidate(accountKeys.administrators, accountKeys.one(accountId), accountKeys.teams(accountId), meQueryKey);
}

export function useInviteOrganizer(accountId: string) {
  const invalidate = useInvalidateOrganizers(accountId);
  return useMutation({
    mutationFn: (body: AdministratorCreateBody) => organizersApi.create({ body }),
    onSuccess: invalidate,
  });
}

export function useSetMemberRole(accountId: string) {
  const invalidate = useInvalidateOrganizers(accountId);
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: AccountRole }) =>
      organizersApi.setRole({ params: { account: accountId, id }, body: { role } }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember(accountId: string) {
  const invalidate = useInvalidateOrganizers(accountId);
  return useMutation({
    mutationFn: (id: string) => organizersApi.removeMember({ params: { account: accountId, id } }),
    onSuccess: invalidate,
  });
}

export function useReinvite(accountId: string) {
  return useMutation({ mutationFn: (id: string) => organizersApi.reinvite({ params: { id }, body: { accountId } }) });
}

export function useDeleteAdministrator() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => organizersApi.remove({ params: { id } }),
    onSuccess: () => invalidate(accountKeys.administrators, accountKeys.all),
  });
}

/* Teams */

export function useTeams(accountId: string) {
  return useQuery({
    queryKey: accountKeys.teams(accountId),
    queryFn: () => teamsApi.list({ params: { account: accountId } }),
  });
}

/** Every team change lands in the team list and in the organizers' "teams" column. */
function useTeamMutation<Input>(accountId: string, call: (input: Input) => Promise<unknown>) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidate(accountKeys.teams(accountId), accountKeys.administrators),
  });
}

export const useCreateTeam = (accountId: string) =>
  useTeamMutation(accountId, (name: string) => teamsApi.create({ params: { account: accountId }, body: { name } }));
export const useRenameTeam = (accountId: string) =>
  useTeamMutation(accountId, ({ teamId, name }: { teamId: string; name: string }) =>
    teamsApi.rename({ params: { account: accountId, id: teamId }, body: { name } }),
  );
export const useDeleteTeam = (accountId: string) =>
  useTeamMutation(accountId, (teamId: string) => teamsApi.remove({ params: { account: accountId, id: teamId } }));
export const useAddTeamMember = (accountId: string) =>
  useTeamMutation(accountId, ({ teamId, adminId }: { teamId: string; adminId: string }) =>
    teamsApi.addMember({ params: { account: accountId, id: teamId, adminId } }),
  );
export const useRemoveTeamMember = (accountId: string) =>
  useTeamMutation(accountId, ({ teamId, adminId }: { teamId: string; adminId: string }) =>
    teamsApi.removeMember({ params: { account: accountId, id: teamId, adminId } }),
  );

/* API keys */

export function useApiKeys(accountId: string) {
  return useQuery({
    queryKey: accountKeys.apiKeys(accountId),
    queryFn: () => apiKeysApi.list({ params: { account: accountId } }),
  });
}

export function useCreateApiKey(accountId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => apiKeysApi.create({ params: { account: accountId }, body: { name } }),
    onSuccess: () => invalidate(accountKeys.apiKeys(accountId)),
  });
}

export function useRevokeApiKey(accountId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (keyId: string) => apiKeysApi.revoke({ params: { account: accountId, id: keyId } }),
    onSuccess: () => invalidate(accountKeys.apiKeys(accountId)),
  });
}
