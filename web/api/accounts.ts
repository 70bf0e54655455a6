import type { z } from "zod";
import type {
  Account,
  AccountUpdateBody,
  Administrator,
  AdministratorCreateBody,
  ApiKey,
  accountList,
  administratorAccountsSchema,
  administratorList,
  administratorUpdateBody,
  apiKeyCreated,
  apiKeyList,
  Team,
  teamList,
} from "../../contract/accounts";
import type { AccountRole } from "../../contract/auth";
import { api } from "./client";

type Ok = { ok: true };
const account = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}`;

/** One function per endpoint of the accounts feature (SPEC §7 accounts and administrators). */
export const accountsApi = {
  list: (query: { query?: string; limit?: number; offset?: number } = {}) =>
    api.get<z.infer<typeof accountList>>("/accounts", query),
  create: (name: string) => api.post<Account>("/accounts", { name }),
  get: (accountId: string) => api.get<Account>(account(accountId)),
  update: (accountId: string, body: AccountUpdateBody) => api.post<Account>(account(accountId), body),

  listAdministrators: (query: { accountId?: string; query?: string; limit?: number; offset?: number }) =>
    api.get<z.infer<typeof administratorList>>("/administrators", query),
  createAdministrator: (body: AdministratorCreateBody) => api.post<Administrator>("/administrators", body),
  updateAdministrator: (id: string, body: z.input<typeof administratorUpdateBody>) =>
    api.post<Administrator>(`/administrators/${id}`, body),
  deleteAdministrator: (id: string) => api.delete<Ok>(`/administrators/${id}`),
  administratorAccounts: (id: string) =>
    api.get<z.infer<typeof administratorAccountsSchema>>(`/administrators/${id}/accounts`),
  reinvite: (id: string, accountId: string) => api.post<Ok>(`/administrators/${id}/invite`, { accountId }),
  setMemberRole: (accountId: string, id: string, role: AccountRole) =>
    api.put<Administrator>(`${account(accountId)}/administrators/${id}`, { role }),
  removeMember: (accountId: string, id: string) => api.delete<Ok>(`${account(accountId)}/administrators/${id}`),

  listTeams: (accountId: string) => api.get<z.infer<typeof teamList>>(`${account(accountId)}/teams`),
  createTeam: (accountId: string, name: string) => api.post<Team>(`${account(accountId)}/teams`, { name }),
  renameTeam: (accountId: string, teamId: string, name: string) =>
    api.post<Team>(`${account(accountId)}/teams/${teamId}`, { name }),
  deleteTeam: (accountId: string, teamId: string) => api.delete<Ok>(`${account(accountId)}/teams/${teamId}`),
  addTeamMember: (accountId: string, teamId: string, adminId: string) =>
    api.put<Team>(`${account(accountId)}/teams/${teamId}/administrators/${adminId}`),
  removeTeamMember: (accountId: string, teamId: string, adminId: string) =>
    api.delete<Team>(`${account(accountId)}/teams/${teamId}/administrators/${adminId}`),

  listApiKeys: (accountId: string) => api.get<z.infer<typeof apiKeyList>>(`${account(accountId)}/apikeys`),
  createApiKey: (accountId: string, name: string) =>
    api.post<z.infer<typeof apiKeyCreated>>(`${account(accountId)}/apikeys`, { name }),
  revokeApiKey: (accountId: string, keyId: string) => api.delete<ApiKey>(`${account(accountId)}/apikeys/${keyId}`),
};
