import type { FastifyInstance, FastifyRequest } from "fastify";
import { teamsEndpoints } from "../../../contract/accounts.endpoints.js";
import type { AccountAction } from "../../../contract/permissions.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { requireAccountAccess } from "./permissions.js";
import { createTeam, deleteTeam, getTeam, listTeams, renameTeam, setTeamMember } from "./teams.service.js";

export function registerTeamsRoutes(app: FastifyInstance, context: AppContext) {
  /** Who calls, once their right over the account's teams is checked. */
  async function teamsCaller(request: FastifyRequest & { params: { account: string } }, action: AccountAction) {
    const principal = requirePrincipal(request);
    const access = await requireAccountAccess(context.db, principal, request.params.account, action);
    return { access, actor: { principal, ip: request.ip } };
  }
  /** Adds or removes one organizer of a team: the same check and answer both ways. */
  const setMember =
    (add: boolean) => async (request: FastifyRequest<{ Params: { account: string; id: string; adminId: string } }>) => {
      const { actor } = await teamsCaller(request, "teams.manage");
      const { account, id, adminId } = request.params;
      return setTeamMember(context, actor, { accountId: account, teamId: id, userId: adminId }, add);
    };

  registerEndpoints(app, teamsEndpoints, {
    list: async (request) => {
      const { access } = await teamsCaller(request, "teams.read");
      return listTeams(context, access.accountId);
    },
    create: async (request) => {
      const { access, actor } = await teamsCaller(request, "teams.manage");
      return createTeam(context, actor, access.accountId, request.body.name);
    },
    get: async (request) => {
      await teamsCaller(request, "teams.read");
      return getTeam(context, request.params.account, request.params.id);
    },
    rename: async (request) => {
      const { actor } = await teamsCaller(request, "teams.manage");
      return renameTeam(context, actor, request.params.account, request.params.id, request.body.name);
    },
    remove: async (request) => {
      const { actor } = await teamsCaller(request, "teams.manage");
      await deleteTeam(context, actor, request.params.account, request.params.id);
      return { ok: true as const };
    },
    addMember: setMember(true),
    removeMember: setMember(false),
  });
}
