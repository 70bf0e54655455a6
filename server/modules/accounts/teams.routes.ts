import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountItemParams,
  accountParams,
  teamBody,
  teamList,
  teamMemberParams,
  teamSchema,
} from "../../../contract/accounts.js";
import { okSchema } from "../../../contract/auth.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { requireAccountAccess } from "../../platform/permissions.js";
import { createTeam, deleteTeam, getTeam, listTeams, renameTeam, setTeamMember } from "./teams.service.js";

export function registerTeamsRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["teams"];

  app.get(
    "/accounts/:account/teams",
    { schema: { tags, params: accountParams, response: { 200: teamList } } },
    async (request) => {
      const { accountId } = await requireAccountAccess(
        context.db,
        requirePrincipal(request),
        request.params.account,
        "teams.read",
      );
      return listTeams(context.db, accountId);
    },
  );

  app.post(
    "/accounts/:account/teams",
    { schema: { tags, params: accountParams, body: teamBody, response: { 201: teamSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { accountId } = await requireAccountAccess(context.db, principal, request.params.account, "teams.manage");
      const team = await createTeam(context, { principal, ip: request.ip }, accountId, request.body.name);
      return reply.status(201).send(team);
    },
  );

  app.get(
    "/accounts/:account/teams/:id",
    { schema: { tags, params: accountItemParams, response: { 200: teamSchema } } },
    async (request) => {
      const { account, id } = request.params;
      await requireAccountAccess(context.db, requirePrincipal(request), account, "teams.read");
      return getTeam(context.db, account, id);
    },
  );

  app.post(
    "/accounts/:account/teams/:id",
    { schema: { tags, params: accountItemParams, body: teamBody, response: { 200: teamSchema } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const { account, id } = request.params;
      await requireAccountAccess(context.db, principal, account, "teams.manage");
      return renameTeam(context, { principal, ip: request.ip }, account, id, request.body.name);
    },
  );

  app.delete(
    "/accounts/:account/teams/:id",
    { schema: { tags, params: accountItemParams, response: { 200: okSchema } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const { account, id } = request.params;
      await requireAccountAccess(context.db, principal, account, "teams.manage");
      await deleteTeam(context, { principal, ip: request.ip }, account, id);
      return { ok: true as const };
    },
  );

  for (const [method, add] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/accounts/:account/teams/:id/administrators/:adminId",
      schema: { tags, params: teamMemberParams, response: { 200: teamSchema } },
      handler: async (request) => {
        const principal = requirePrincipal(request);
        const { account, id, adminId } = request.params;
        await requireAccountAccess(context.db, principal, account, "teams.manage");
        return setTeamMember(
          context,
          { principal, ip: request.ip },
          { accountId: account, teamId: id, userId: adminId },
          add,
        );
      },
    });
  }
}
